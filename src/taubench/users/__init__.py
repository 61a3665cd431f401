"""User-simulator strategies, by the name used in config (``user=<name>``)."""

from taubench.users.oracle import OracleUser

USERS = {"oracle": OracleUser}
