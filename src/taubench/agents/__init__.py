"""Agent strategies, by the name used in config (``agent=<name>``)."""

from taubench.agents.oracle import OracleAgent

AGENTS = {"oracle": OracleAgent}
