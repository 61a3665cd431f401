"""The customer's own side: the bank's app on their phone. Its Security code screen shows a
6-digit code derived from the app's enrolment secret and the day, the same function the
bank's verify_code checks, so a code read out on the phone proves the caller holds it."""

from typing import Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.toolkit import Toolkit, tool
from taubench.domains.banking.bank_calendar import security_code

TODAY = "2025-07-08"  # the phone's date: the bank's fixed "now"


class BankApp(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str = TODAY
    customer_id: Optional[str] = None
    customer_name: Optional[str] = None
    secret: Optional[str] = None


class BankAppTools(Toolkit):
    db: BankApp

    @tool("read")
    def show_security_code(self) -> str:
        """Open the app's Security code screen: today's 6-digit code for phone verification."""
        if self.db.secret is None:
            raise ValueError("The bank app is not set up on this phone")
        code = security_code(self.db.secret, self.db.today)
        return f"Security code for {self.db.customer_name}: {code} (valid today only)"

    # Not a tool: a task's setup enrols the app on the customer's phone.
    def enrol(self, customer_id: str, name: str, secret: str) -> None:
        self.db.customer_id, self.db.customer_name, self.db.secret = customer_id, name, secret
