"""Agent strategies, by the name used in config (``agent=<name>``). A strategy that talks to
a model says so with ``uses_model = True`` and receives its client as ``client``."""

from taubench.agents.oracle import OracleAgent
from taubench.agents.tool_calling import ToolCallingAgent

AGENTS = {"oracle": OracleAgent, "tool_calling": ToolCallingAgent}
