"""taubench: τ-bench and τ²-bench, reproduced faithfully and driven by config."""

import os

# litellm downloads its price table at import unless told to use its bundled copy; offline
# that costs seconds of retries, so the bundled table is the default everywhere.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

__version__ = "0.1.0"
