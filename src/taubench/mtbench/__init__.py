"""MT Bench: runs exported in its format (``export``), and MT Benchmark's requests run
(``request``); ``python -m taubench.mtbench`` does either (``__main__``)."""
