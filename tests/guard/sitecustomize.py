"""Loaded by every Python subprocess the tests start: installs the network guard."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import network_guard  # noqa: E402

network_guard.install()
