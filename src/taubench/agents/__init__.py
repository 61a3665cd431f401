"""Agent strategies, by the name used in config (``agent=<name>``). A strategy that talks to
a model says so with ``uses_model = True`` and receives its client as ``client``."""

from taubench.agents.act import ActAgent
from taubench.agents.few_shot import FewShotAgent
from taubench.agents.oracle import OracleAgent
from taubench.agents.react import ReActAgent
from taubench.agents.tool_calling import ToolCallingAgent

AGENTS = {"oracle": OracleAgent, "tool_calling": ToolCallingAgent, "few_shot": FewShotAgent, "act": ActAgent, "react": ReActAgent}
