"""Agent strategies, by the name used in config (``agent=<name>``): ours, then those installed
packages advertise (entry point group ``taubench.agents``). A strategy that talks to a model
says so with ``uses_model = True`` and receives its client as ``client``."""

from taubench.agents.a2a import A2AAgent
from taubench.agents.act import ActAgent
from taubench.agents.dialogflow_cx import DialogflowCXAgent
from taubench.agents.few_shot import FewShotAgent
from taubench.agents.oracle import OracleAgent
from taubench.agents.react import ReActAgent
from taubench.agents.tool_calling import ToolCallingAgent
from taubench.core.plugins import AGENT_GROUP, Strategies

AGENTS = Strategies(
    {
        "oracle": OracleAgent,
        "tool_calling": ToolCallingAgent,
        "few_shot": FewShotAgent,
        "act": ActAgent,
        "react": ReActAgent,
        "dialogflow_cx": DialogflowCXAgent,
        "a2a": A2AAgent,
    },
    AGENT_GROUP,
    "agent",
)
