"""The mock policy's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import identified_first, looked_up_before_change, records_named, said

MAX_LOANS = 3
MAX_FINES_TO_BORROW = 5.0
MAX_RENEWALS = 2


def _member_of(step: GoldStep) -> str | None:
    """The member a call acts on: named, or the holder of the loan it names."""
    if "member_id" in step.arguments:
        return step.arguments["member_id"]
    loan = step.before.loans.get(step.arguments.get("loan_id"))
    return loan.member_id if loan else None


def caller_identified_first(trace: GoldTrace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: [step.observation] if step.name == "find_member" else [],
        concerns=lambda step: [member] if step.kind in ("read", "write") and (member := _member_of(step)) else [],
        who="the member",
    )


def changes_read_back(trace: GoldTrace) -> list[str]:
    """What a change is read back from: the agent has seen every record it changes."""
    return looked_up_before_change(trace, lambda step: records_named(step, ("members", "books", "loans")))


def one_change_at_a_time(trace: GoldTrace) -> list[str]:
    return [f"{step.name} changed more than one loan" for step in trace.writes
            if sum(step.before.loans.get(key) != loan for key, loan in step.after.loans.items()) > 1]  # fmt: skip


def loan_limit(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("borrow_book"):
        out = [loan for loan in step.before.loans.values() if loan.member_id == step.arguments["member_id"] and loan.status == "out"]
        if len(out) >= MAX_LOANS:
            violations.append(f"borrow_book with {len(out)} loans already out")
    return violations


def fines_block_borrowing(trace: GoldTrace) -> list[str]:
    return [f"borrow_book with {step.before.members[step.arguments['member_id']].fines} in fines"
            for step in trace.calls("borrow_book")
            if step.before.members[step.arguments["member_id"]].fines > MAX_FINES_TO_BORROW]  # fmt: skip


def suspended_go_to_staff(trace: GoldTrace) -> list[str]:
    return [f"{step.name} for suspended member {_member_of(step)}" for step in trace.writes
            if (member := step.before.members.get(_member_of(step))) and member.status == "suspended"]  # fmt: skip


def renewal_limit(trace: GoldTrace) -> list[str]:
    return [f"renew_loan of {step.arguments['loan_id']} renewed {loan.renewals} times already"
            for step in trace.calls("renew_loan")
            if (loan := step.before.loans[step.arguments["loan_id"]]).renewals >= MAX_RENEWALS]  # fmt: skip


def no_renewal_when_overdue(trace: GoldTrace) -> list[str]:
    return [f"renew_loan of overdue {step.arguments['loan_id']}" for step in trace.calls("renew_loan")
            if step.before.loans[step.arguments["loan_id"]].due_date < step.before.today]  # fmt: skip


def late_fee_told(trace: GoldTrace) -> list[str]:
    """A late return's fee is in what the agent must say."""
    violations = []
    for step in trace.calls("return_book"):
        fee = round(step.after.members[_member_of(step)].fines - step.before.members[_member_of(step)].fines, 2)
        if fee and not said(trace, fee):
            violations.append(f"late fee {fee:g} of {step.arguments['loan_id']} not in communicate_info")
    return violations


def fine_payments_within_owed(trace: GoldTrace) -> list[str]:
    return [f"pay_fine of {step.arguments['amount']} with {step.before.members[step.arguments['member_id']].fines} owed"
            for step in trace.calls("pay_fine")
            if not 0 < step.arguments["amount"] <= step.before.members[step.arguments["member_id"]].fines]  # fmt: skip


def transfer_only_when_needed(trace: GoldTrace) -> list[str]:
    """A hand-off ends the work: nothing is changed in the same conversation."""
    if trace.calls("transfer_to_human_agents") and trace.writes:
        return ["transfer_to_human_agents in a task that also changes the account"]
    return []


def reminders_are_the_members(trace: GoldTrace) -> list[str]:
    return [f"the agent called {step.name}" for step in trace.calls("set_due_date_reminders") if step.requestor != "user"]


RULES = {
    1: caller_identified_first,
    2: changes_read_back,
    3: one_change_at_a_time,
    4: loan_limit,
    5: fines_block_borrowing,
    6: suspended_go_to_staff,
    7: renewal_limit,
    8: no_renewal_when_overdue,
    9: late_fee_told,
    10: fine_payments_within_owed,
    11: transfer_only_when_needed,
    12: reminders_are_the_members,
}
CONVERSATIONAL: dict[int, str] = {}
