"""User-simulator strategies, by the name used in config (``user=<name>``). A strategy that
talks to a model says so with ``uses_model = True`` and receives its client as ``client``."""

from taubench.users.llm import LLMUser
from taubench.users.oracle import OracleUser

USERS = {"oracle": OracleUser, "llm": LLMUser}
