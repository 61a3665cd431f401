"""The member's own side in the mock domain: the library app on their phone. The agent
cannot reach it; the member uses it when the policy sends them there (due-date reminders)."""

from typing import Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.toolkit import Toolkit, tool


class LibraryApp(BaseModel):
    model_config = ConfigDict(extra="forbid")

    signed_in_member: Optional[str] = None
    member_name: Optional[str] = None
    reminders: bool = False


class LibraryAppTools(Toolkit):
    db: LibraryApp

    def _signed_in(self) -> None:
        if self.db.signed_in_member is None:
            raise ValueError("Not signed in to the library app")

    @tool("read")
    def show_library_card(self) -> str:
        """Show the digital library card in the app: the member's name and member id."""
        self._signed_in()
        return f"{self.db.member_name}, member {self.db.signed_in_member}"

    @tool("write")
    def set_due_date_reminders(self, enabled: bool) -> str:
        """Turn the app's due-date reminders on or off.

        Args:
            enabled: true to be reminded two days before a loan is due.
        """
        self._signed_in()
        if not isinstance(enabled, bool):
            raise ValueError("enabled must be true or false")
        self.db.reminders = enabled
        return f"Due-date reminders {'on' if enabled else 'off'}"

    # Not tools: a task's setup signs the member in; its grading asks about the reminders.
    def sign_in(self, member_id: str, name: str) -> None:
        self.db.signed_in_member, self.db.member_name = member_id, name

    def reminders_enabled(self) -> bool:
        return self.db.reminders
