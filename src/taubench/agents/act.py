"""The ``act`` agent: ReAct's text actions without the thought line (see ``react.py``)."""

from taubench.agents.react import ReActAgent


class ActAgent(ReActAgent):
    reasoning = False
    caller = "agent/act"
