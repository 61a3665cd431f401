"""The telecom agent's tools, faithful to τ²-bench: names, order, checks in their order,
error texts, effects and the shape of every result, quirks included (each marked). The
docstrings are the descriptions the agent sees, in our own words. Below the tools, the
functions tasks call to set up a case and to grade it (not tools: the agent never sees them).
"""

import uuid
from datetime import date
from typing import Any, Optional

from taubench.core.toolkit import tool
from taubench.domains.shared_tools import shared_tool, transfer_to_human_agents
from taubench.domains.telecom.device_models import TelecomUserDB
from taubench.domains.telecom.models import Bill, Customer, Line, LineItem, Plan, TelecomDB, lookup
from taubench.domains.telecom.rendering import tau2_json
from taubench.domains.telecom.sync import SyncedToolkit, sync_surroundings

TODAY = date(2025, 2, 25)  # τ²'s telecom clock is fixed
CYCLE_END = date(2025, 2, 28)


class TelecomTools(SyncedToolkit):
    db: TelecomDB

    def sync(self) -> None:
        if self.peer is not None:
            phone = self.peer.db
            assert isinstance(phone, TelecomUserDB)  # the peer of the agent's side is the customer's
            sync_surroundings(self.db, phone)

    # Lookups shared by the tools; their error texts are interface.

    def _customer(self, customer_id: str) -> Customer:
        return lookup(self.db.customers, "customer_id", customer_id, "Customer")

    def _line(self, line_id: str) -> Line:
        return lookup(self.db.lines, "line_id", line_id, "Line")

    def _bill(self, bill_id: str) -> Bill:
        return lookup(self.db.bills, "bill_id", bill_id, "Bill")

    def _plan(self, plan_id: str) -> Plan:
        return lookup(self.db.plans, "plan_id", plan_id, "Plan")

    def _customer_line(self, customer_id: str, line_id: str) -> Line:
        """τ²'s check order: the customer, the line among theirs, then the line itself."""
        customer = self._customer(customer_id)
        if line_id not in customer.line_ids:
            raise ValueError(f"Line {line_id} not found for customer {customer_id}")
        return self._line(line_id)

    @tool("read")
    def get_customer_by_phone(self, phone_number: str) -> Customer:
        """Find the customer whose contact number, or the number of one of whose lines, is this one.

        Args:
            phone_number: The phone number to look up.
        """
        for customer in self.db.customers:
            if customer.phone_number == phone_number:
                return customer
            for line_id in customer.line_ids:
                if self._line(line_id).phone_number == phone_number:
                    return customer
        raise ValueError(f"Customer with phone number {phone_number} not found")

    @tool("read")
    def get_customer_by_id(self, customer_id: str) -> Customer:
        """Get a customer's record by customer id.

        Args:
            customer_id: The customer's id, such as C1001.
        """
        return self._customer(customer_id)

    @tool("read")
    def get_customer_by_name(self, full_name: str, dob: str) -> list[Customer]:
        """Find customers by full name (any letter case) and date of birth; the list may hold
        several customers or none.

        Args:
            full_name: The customer's full name.
            dob: The date of birth, as YYYY-MM-DD.
        """
        return [c for c in self.db.customers if c.full_name.lower() == full_name.lower() and c.date_of_birth == dob]

    @tool("read")
    def get_details_by_id(self, id: str) -> Any:  # noqa: A002 (τ²'s parameter name)
        """Get the record an id names: a line (L...), device (D...), bill (B...), customer (C...) or plan (P...).

        Args:
            id: The id, for example L1001, D1001, B1001, C1001 or P1001.
        """
        for prefix, table, key, kind in (
            ("L", self.db.lines, "line_id", "Line"),
            ("D", self.db.devices, "device_id", "Device"),
            ("B", self.db.bills, "bill_id", "Bill"),
            ("C", self.db.customers, "customer_id", "Customer"),
            ("P", self.db.plans, "plan_id", "Plan"),
        ):
            if id.startswith(prefix):
                return lookup(table, key, id, kind)
        raise ValueError(f"Unknown ID format or type: {id}")

    @tool("write")
    def suspend_line(self, customer_id: str, line_id: str, reason: str) -> str:
        """Suspend an active line of the customer. A holding fee of $5 per month applies while it is suspended.

        Args:
            customer_id: The customer's id.
            line_id: The id of the line to suspend.
            reason: Why the line is suspended.
        """
        line = self._customer_line(customer_id, line_id)
        if line.status != "Active":
            raise ValueError("Line must be active to suspend")
        line.status = "Suspended"
        line.suspension_start_date = TODAY
        # τ² announces the holding fee but never charges it, and ignores the reason (quirk 10)
        return tau2_json({"message": "Line suspended successfully. $5/month holding fee will apply.", "line": line})

    @tool("write")
    def resume_line(self, customer_id: str, line_id: str) -> str:
        """Reactivate a suspended (or pending) line of the customer.

        Args:
            customer_id: The customer's id.
            line_id: The id of the line to resume.
        """
        line = self._customer_line(customer_id, line_id)
        if line.status not in ("Suspended", "Pending Activation"):
            raise ValueError("Line must be suspended to resume")
        # τ² checks neither overdue bills nor the contract's end here (quirk 10)
        line.status = "Active"
        line.suspension_start_date = None
        return tau2_json({"message": "Line resumed successfully", "line": line})

    @tool("read")
    def get_bills_for_customer(self, customer_id: str, limit: int = 12) -> list[Bill]:
        """List the customer's bills, newest issue date first.

        Args:
            customer_id: The customer's id.
            limit: How many bills to list at most.
        """
        customer = self._customer(customer_id)
        bills = sorted(
            (self._bill(bill_id) for bill_id in customer.bill_ids), key=lambda bill: bill.issue_date, reverse=True
        )
        return bills[:limit]

    @tool("write")
    def send_payment_request(self, customer_id: str, bill_id: str) -> str:
        """Ask the customer to pay one of their bills; they see the request on their phone and can pay it there.
        A customer can have only one bill awaiting payment at a time.

        Args:
            customer_id: The customer's id.
            bill_id: The id of the bill to request payment for.
        """
        customer = self._customer(customer_id)
        # τ² looks for a pending request before checking the bill is the customer's, and
        # accepts a bill in any status, paid or draft too (quirk 10)
        if any(self._bill(other).status == "Awaiting Payment" for other in customer.bill_ids):
            raise ValueError("A bill is already awaiting payment for this customer")
        if bill_id not in customer.bill_ids:
            raise ValueError(f"Bill {bill_id} not found for customer {customer_id}")
        self._bill(bill_id).status = "Awaiting Payment"
        return f"Payment request sent to the customer for bill {bill_id}"

    @tool("read")
    def get_data_usage(self, customer_id: str, line_id: str) -> str:
        """Get a line's data use this billing cycle: used, plan limit, extra data bought and the cycle's end date.

        Args:
            customer_id: The customer's id.
            line_id: The line's id.
        """
        line = self._customer_line(customer_id, line_id)
        plan = self._plan(line.plan_id)
        return tau2_json(
            {
                "line_id": line.line_id,
                "data_used_gb": line.data_used_gb,
                "data_limit_gb": plan.data_limit_gb,
                "data_refueling_gb": line.data_refueling_gb,
                "cycle_end_date": CYCLE_END,
            }
        )

    @tool("write")
    def enable_roaming(self, customer_id: str, line_id: str) -> str:
        """Allow international roaming on a line of the customer.

        Args:
            customer_id: The customer's id.
            line_id: The line's id.
        """
        line = self._customer_line(customer_id, line_id)
        if line.roaming_enabled:
            return "Roaming was already enabled"
        line.roaming_enabled = True
        return "Roaming enabled successfully"

    @tool("write")
    def disable_roaming(self, customer_id: str, line_id: str) -> str:
        """Stop international roaming on a line of the customer.

        Args:
            customer_id: The customer's id.
            line_id: The line's id.
        """
        line = self._customer_line(customer_id, line_id)
        if not line.roaming_enabled:
            return "Roaming was already disabled"
        line.roaming_enabled = False
        return "Roaming disabled successfully"

    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

    @tool("write")
    def refuel_data(self, customer_id: str, line_id: str, gb_amount: float) -> str:
        """Add extra data to a line for this cycle, charged at the plan's refuelling price per GB on the next bill.

        Args:
            customer_id: The customer's id.
            line_id: The line's id.
            gb_amount: How many GB to add.
        """
        line = self._customer_line(customer_id, line_id)
        # τ² has the line-status check commented out: a suspended line can be refuelled
        if gb_amount <= 0:
            raise ValueError("Refuel amount must be positive")
        plan = self._plan(line.plan_id)
        charge = gb_amount * plan.data_refueling_price_per_gb
        line.data_refueling_gb += gb_amount  # unvalidated: True adds 1.0 (quirk 4)
        bill = self._draft_bill(customer_id)
        bill.line_items.append(
            LineItem.model_construct(
                description=f"Data refueling: {gb_amount} GB at ${plan.data_refueling_price_per_gb}/GB",
                amount=charge,
                date=TODAY,
                item_type="Credit" if charge < 0 else "Charge",
            )
        )
        bill.total_due += charge
        return tau2_json(
            {
                "message": f"Successfully added {gb_amount} GB of data for line {line_id} for ${charge:.2f}",
                "new_data_refueling_gb": line.data_refueling_gb,
                "charge": charge,
            }
        )

    def _draft_bill(self, customer_id: str) -> Bill:
        """The customer's first draft bill (bill_ids order), or a new one. τ² names a new bill
        ``B`` + 8 random hex digits (uuid4), so refuelling for a customer without a draft bill
        gives a different bill id on every run (quirk 2); no task's gold path does that."""
        customer = self._customer(customer_id)
        for bill_id in customer.bill_ids:
            bill = self._bill(bill_id)
            if bill.status == "Draft":
                return bill
        bill = Bill(
            bill_id=f"B{uuid.uuid4().hex[:8]}",
            customer_id=customer_id,
            period_start=date(2025, 3, 1),
            period_end=date(2025, 3, 31),
            issue_date=date(2025, 3, 1),
            total_due=0.0,
            due_date=date(2025, 3, 15),
            status="Draft",
        )
        self.db.bills.append(bill)
        customer.bill_ids.append(bill.bill_id)
        return bill

    # Task setups (initialization actions).

    def set_data_usage(self, customer_id: str, line_id: str, data_used_gb: float) -> str:
        line = self._customer_line(customer_id, line_id)
        line.data_used_gb = data_used_gb
        return f"Data usage set to {data_used_gb} GB for line {line_id}"

    def suspend_line_for_overdue_bill(
        self, customer_id: str, line_id: str, new_bill_id: str, contract_ended: bool
    ) -> str:
        """An overdue bill for a month of the line's plan, and the line suspended for it. τ²
        checks neither that the line is the customer's nor that the bill id is new."""
        line = self._line(line_id)
        if line.status != "Active":
            raise ValueError("Line must be active to suspend")
        customer = self._customer(customer_id)
        amount = self._plan(line.plan_id).price_per_month
        if any(self._bill(bill_id).status == "Overdue" for bill_id in customer.bill_ids):
            raise ValueError("Customer already has an overdue bill")
        bill = Bill(
            bill_id=new_bill_id,
            customer_id=customer_id,
            period_start=date(2025, 1, 1),
            period_end=date(2025, 1, 31),
            issue_date=date(2025, 1, 1),
            total_due=amount,
            due_date=date(2025, 1, 15),
            line_items=[
                LineItem(description=f"Charge for line {line_id}", amount=amount, date=TODAY, item_type="Charge")
            ],
            status="Overdue",
        )
        self.db.bills.append(bill)
        customer.bill_ids.append(new_bill_id)
        line.status = "Suspended"
        line.suspension_start_date = TODAY
        if contract_ended:
            line.contract_end_date = date(2025, 1, 31)
        return f"Line {line_id} suspended for unpaid bill {new_bill_id}. Contract ended: {contract_ended}"

    # Assertions on the end state.

    def assert_data_refueling_amount(self, customer_id: str, line_id: str, expected_amount: float) -> bool:
        return abs(self._customer_line(customer_id, line_id).data_refueling_gb - expected_amount) < 1e-6

    def assert_line_status(self, customer_id: str, line_id: str, expected_status: str) -> bool:
        return self._customer_line(customer_id, line_id).status == expected_status

    def assert_overdue_bill_exists(self, customer_id: str, overdue_bill_id: str) -> bool:
        customer = self._customer(customer_id)
        if overdue_bill_id not in customer.bill_ids or self._bill(overdue_bill_id).status != "Overdue":
            raise ValueError(f"Overdue bill {overdue_bill_id} not found for customer {customer_id}")
        return True

    def assert_no_overdue_bill(self, overdue_bill_id: str) -> bool:
        """True once the bill is paid, or gone."""
        bill: Optional[Bill] = next((bill for bill in self.db.bills if bill.bill_id == overdue_bill_id), None)
        return bill is None or bill.status == "Paid"
