"""User-simulator strategies, by the name used in config (``user=<name>``): ours, then those
installed packages advertise (entry point group ``taubench.users``). A strategy that talks to
a model says so with ``uses_model = True`` and receives its client as ``client``."""

from taubench.core.plugins import USER_GROUP, Strategies
from taubench.users.human import HumanUser
from taubench.users.llm import LLMUser
from taubench.users.oracle import OracleUser
from taubench.users.react import ReactUser
from taubench.users.reflection import ReflectionUser
from taubench.users.verify import VerifyUser

USERS = Strategies(
    {
        "oracle": OracleUser,
        "llm": LLMUser,
        "react": ReactUser,
        "verify": VerifyUser,
        "reflection": ReflectionUser,
        "human": HumanUser,
    },
    USER_GROUP,
    "user simulator",
)
