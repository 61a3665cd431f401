"""The mock domain's tools: find members, look up books and loans, lend, renew, take back,
settle fines. The tools check what the library system would check (existence, status,
copies on the shelf); the judgement rules (loan and renewal limits, fines) are the policy's,
so the agent's job."""

from datetime import date, timedelta

from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk
from taubench.domains.mock.models import Book, LibraryDB, Loan, Member
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

LOAN_DAYS = 14
LATE_FEE_PER_DAY = 0.25


def _days_after(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


class LibraryTools(RecordDesk):
    db: LibraryDB

    def _loan_out(self, loan_id: str) -> Loan:
        loan = self._get("loans", loan_id)
        if loan.status != "out":
            raise ValueError("Loan already returned")
        return loan

    @tool("read")
    def find_member(self, name: str, birth_date: str) -> str:
        """Find a member's id from their full name and date of birth.

        Args:
            name: The member's full name, e.g. "Maya Lopez".
            birth_date: Their date of birth, YYYY-MM-DD.
        """
        for member in self.db.members.values():
            if member.name.lower() == name.lower() and member.birth_date == birth_date:
                return member.member_id
        raise ValueError("No member with that name and date of birth")

    @tool("read")
    def get_member(self, member_id: str) -> Member:
        """A member's record: contact, account status and unpaid fines.

        Args:
            member_id: The member's id, e.g. "M1001".
        """
        return self._get("members", member_id)

    @tool("read")
    def list_loans(self, member_id: str) -> list[Loan]:
        """The loans a member has out now, oldest first.

        Args:
            member_id: The member's id.
        """
        self._get("members", member_id)
        return [loan for loan in self._of("loans", "member_id", member_id) if loan.status == "out"]

    @tool("read")
    def search_books(self, title: str) -> list[Book]:
        """Books whose title contains the given words (any case), in catalogue order.

        Args:
            title: Part of the title.
        """
        wanted = title.lower()
        return [book for book in self.db.books.values() if wanted in book.title.lower()]

    @tool("write")
    def borrow_book(self, member_id: str, book_id: str) -> Loan:
        """Lend a copy of a book to a member for 14 days from today.

        Args:
            member_id: The member's id.
            book_id: The book's id, e.g. "B201".
        """
        member, book = self._get("members", member_id), self._get("books", book_id)
        if member.status != "active":
            raise ValueError("Member account is suspended")
        if book.available < 1:
            raise ValueError("No copy available")
        loan = Loan(
            loan_id=self._new_id("L", "next_loan_number"),
            member_id=member_id,
            book_id=book_id,
            due_date=_days_after(self.db.today, LOAN_DAYS),
            renewals=0,
            status="out",
        )
        book.available -= 1
        self.db.loans[loan.loan_id] = loan
        return loan

    @tool("write")
    def renew_loan(self, loan_id: str) -> Loan:
        """Extend a loan by 14 days from its current due date.

        Args:
            loan_id: The loan's id, e.g. "L3005".
        """
        loan = self._loan_out(loan_id)
        loan.due_date = _days_after(loan.due_date, LOAN_DAYS)
        loan.renewals += 1
        return loan

    @tool("write")
    def return_book(self, loan_id: str) -> Loan:
        """Take a book back. A late return adds 0.25 USD per day past the due date to the
        member's fines.

        Args:
            loan_id: The loan's id.
        """
        loan = self._loan_out(loan_id)
        days_late = (date.fromisoformat(self.db.today) - date.fromisoformat(loan.due_date)).days
        if days_late > 0:
            member = self._get("members", loan.member_id)
            member.fines = round(member.fines + days_late * LATE_FEE_PER_DAY, 2)
        loan.status = "returned"
        self._get("books", loan.book_id).available += 1
        return loan

    @tool("write")
    def pay_fine(self, member_id: str, amount: float) -> Member:
        """Record a payment towards a member's unpaid fines.

        Args:
            member_id: The member's id.
            amount: The amount paid, USD, at most what is owed.
        """
        member = self._get("members", member_id)
        if not 0 < amount <= member.fines:
            raise ValueError(f"Amount must be more than 0 and at most the {member.fines} owed")
        member.fines = round(member.fines - amount, 2)
        return member

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
