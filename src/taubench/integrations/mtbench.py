"""``python -m taubench mtbench <run dir>`` exports a stored run in the MT Bench format;
``python -m taubench mtbench run --input request.json`` runs an MT Benchmark request."""

import sys
from typing import Optional, Sequence

from taubench.integrations import mtbench_request as request
from taubench.reporting import mtbench_export as export


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["run"]:  # a run folder named run is ./run
        return request.main(argv[1:])
    return export.main(argv)


if __name__ == "__main__":
    sys.exit(main())
