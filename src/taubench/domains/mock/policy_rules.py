"""The mock policy's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, identified_first, looked_up_before_change, owner_of, records_named, said
from taubench.domains.mock.models import LibraryDB

Trace = GoldTrace[LibraryDB]
Step = GoldStep[LibraryDB]

MAX_LOANS = 3
MAX_FINES_TO_BORROW = 5.0
MAX_RENEWALS = 2

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _member_of(step: Step) -> str | None:
    """The member a call acts on: named, or the holder of the loan it names."""
    return owner_of(step, "member_id", ("loans", "loan_id"))


@RULES.trace(1)
def caller_identified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: [step.observation] if step.name == "find_member" else [],
        concerns=lambda step: [member] if step.kind in ("read", "write") and (member := _member_of(step)) else [],
        who="the member",
    )


@RULES.trace(2)
def changes_read_back(trace: Trace) -> list[str]:
    """What a change is read back from: the agent has seen every record it changes."""
    return looked_up_before_change(trace, lambda step: records_named(step, ("members", "books", "loans")))


@RULES.trace(3)
def one_change_at_a_time(trace: Trace) -> list[str]:
    return [
        f"{step.name} changed more than one loan"
        for step in trace.writes
        if sum(step.before.loans.get(key) != loan for key, loan in step.after.loans.items()) > 1
    ]


@RULES.each(4, "borrow_book")
def loan_limit(step: Step, trace: Trace) -> Iterator[str]:
    out = [
        loan
        for loan in step.before.loans.values()
        if loan.member_id == step.arguments["member_id"] and loan.status == "out"
    ]
    if len(out) >= MAX_LOANS:
        yield f"borrow_book with {len(out)} loans already out"


@RULES.each(5, "borrow_book")
def fines_block_borrowing(step: Step, trace: Trace) -> Iterator[str]:
    if (fines := step.before.members[step.arguments["member_id"]].fines) > MAX_FINES_TO_BORROW:
        yield f"borrow_book with {fines} in fines"


@RULES.trace(6)
def suspended_go_to_staff(trace: Trace) -> list[str]:
    return [
        f"{step.name} for suspended member {member_id}"
        for step in trace.writes
        if (member_id := _member_of(step))
        and (member := step.before.members.get(member_id))
        and member.status == "suspended"
    ]


@RULES.each(7, "renew_loan")
def renewal_limit(step: Step, trace: Trace) -> Iterator[str]:
    if (loan := step.before.loans[step.arguments["loan_id"]]).renewals >= MAX_RENEWALS:
        yield f"renew_loan of {step.arguments['loan_id']} renewed {loan.renewals} times already"


@RULES.each(8, "renew_loan")
def no_renewal_when_overdue(step: Step, trace: Trace) -> Iterator[str]:
    if step.before.loans[step.arguments["loan_id"]].due_date < step.before.today:
        yield f"renew_loan of overdue {step.arguments['loan_id']}"


@RULES.each(9, "return_book")
def late_fee_told(step: Step, trace: Trace) -> Iterator[str]:
    """A late return's fee is in what the agent must say."""
    member_id = step.before.loans[step.arguments["loan_id"]].member_id
    fee = round(step.after.members[member_id].fines - step.before.members[member_id].fines, 2)
    if fee and not said(trace, fee):
        yield f"late fee {fee:g} of {step.arguments['loan_id']} not in communicate_info"


@RULES.each(10, "pay_fine")
def fine_payments_within_owed(step: Step, trace: Trace) -> Iterator[str]:
    owed = step.before.members[step.arguments["member_id"]].fines
    if not 0 < step.arguments["amount"] <= owed:
        yield f"pay_fine of {step.arguments['amount']} with {owed} owed"


@RULES.trace(11)
def transfer_only_when_needed(trace: Trace) -> list[str]:
    """A hand-off ends the work: nothing is changed in the same conversation."""
    if trace.calls("transfer_to_human_agents") and trace.writes:
        return ["transfer_to_human_agents in a task that also changes the account"]
    return []


@RULES.each(12, "set_due_date_reminders")
def reminders_are_the_members(step: Step, trace: Trace) -> Iterator[str]:
    if step.requestor != "user":
        yield f"the agent called {step.name}"
