"""τ²-bench's telecom ``sync_tools``: after every successful tool call (either side), every
task setup step and every assertion, the phone's surroundings mirror the customer's line on
the agent's side. Sync never touches the device itself (quirk 11)."""

from typing import Any, Optional

from taubench.core.toolkit import Toolkit, ToolResult
from taubench.domains.telecom.device_models import PaymentRequest, TelecomUserDB
from taubench.domains.telecom.models import TelecomDB, lookup


def sync_surroundings(agent_db: TelecomDB, user_db: TelecomUserDB) -> None:
    """In τ²'s order: line status, roaming permission, data allowance, then payments (a paid
    request settles its bill; with none pending, the first bill awaiting payment raises one)."""
    surroundings = user_db.surroundings
    phone_number = surroundings.phone_number
    if phone_number is None:
        return
    line = next((line for line in agent_db.lines if line.phone_number == phone_number), None)
    if line is None:
        raise ValueError(f"Line with phone number {phone_number} not found")
    surroundings.line_active = line.status == "Active"
    surroundings.roaming_allowed = line.roaming_enabled
    plan = lookup(agent_db.plans, "plan_id", line.plan_id, "Plan")
    surroundings.mobile_data_usage_exceeded = line.data_used_gb >= plan.data_limit_gb + line.data_refueling_gb
    request = surroundings.payment_request
    if request is not None and request.paid:
        lookup(agent_db.bills, "bill_id", request.bill_id, "Bill").status = "Paid"
        surroundings.payment_request = None
    if surroundings.payment_request is None:
        customer = next(
            customer
            for customer in agent_db.customers
            if customer.phone_number == phone_number or phone_number in _line_numbers(agent_db, customer.line_ids)
        )
        for bill_id in customer.bill_ids:
            bill = lookup(agent_db.bills, "bill_id", bill_id, "Bill")
            if bill.status == "Awaiting Payment":
                surroundings.payment_request = PaymentRequest(bill_id=bill.bill_id, amount_due=bill.total_due)
                break


def _line_numbers(agent_db: TelecomDB, line_ids: list[str]) -> list[str]:
    return [line.phone_number for line in agent_db.lines if line.line_id in line_ids]


class SyncedToolkit(Toolkit):
    """A telecom toolkit linked to the other side's (``peer``), syncing after each successful
    call as τ²'s environment does. τ² skips the sync after a failed call, so state a call
    changed before raising stays unsynced until the next success (quirk 3)."""

    peer: Optional[Toolkit] = None

    def invoke(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        result = super().invoke(name, arguments)
        if result.error:
            return result
        try:
            self.sync()
        except Exception as exc:  # τ²'s sync runs inside the call's try: its failure is the call's
            return ToolResult(content=f"Error: {exc}", error=True)
        return result

    def sync(self) -> None:
        raise NotImplementedError
