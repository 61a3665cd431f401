"""The sales domain's tools: the CRM screens a sales assistant works in. They check what the CRM
checks (existence, an open opportunity, a contact at the right account, dates in form, arithmetic
of quote lines); who may change what, exit criteria, discount limits, floor prices, windows and
consent are the policy's, so the agent's job."""

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any, Optional

from pydantic import BaseModel

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.kit.desk import not_found
from taubench.domains.sales.models import (
    Account,
    AccountView,
    Activity,
    ActivityType,
    Contact,
    ContactMatch,
    ContactSummary,
    Conversion,
    ExitChecklist,
    FollowUpTask,
    Lead,
    Opportunity,
    OpportunitySummary,
    OpportunityView,
    Outcome,
    Product,
    Purpose,
    Quote,
    QuoteLine,
    RepView,
    SalesDB,
    Stage,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

PROBABILITY = {
    "discovery": 10,
    "qualification": 25,
    "proposal": 50,
    "negotiation": 75,
    "commit": 90,
    "closed_won": 100,
    "closed_lost": 0,
}
OPEN_STAGES = ("discovery", "qualification", "proposal", "negotiation", "commit")
QUOTE_VALID_DAYS = 30
PREFIXES = {"accounts": "A", "contacts": "C", "leads": "L", "opportunities": "O"}
ACTIVITY_TYPES = ("call", "email", "meeting", "demo", "marketing_email")


def cents(value: float) -> float:
    """Money rounded half-up to cents."""
    return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


class LineRequest(BaseModel):
    product_id: str
    quantity: int


def line_parts(line: Any) -> tuple[str, int]:
    """A quote line's product and quantity, given as {"product_id": ..., "quantity": ...}."""
    values = line.model_dump() if isinstance(line, BaseModel) else line
    if not isinstance(values, dict) or not isinstance(values.get("product_id"), str):
        raise ValueError('Each line must be {"product_id": ..., "quantity": ...}')
    quantity = values.get("quantity")
    if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
        raise ValueError("Quantity must be a whole number of at least 1")
    return values["product_id"], quantity


def checklist(db: SalesDB, opportunity: Opportunity) -> ExitChecklist:
    """The exit criteria an opportunity's record shows, read from its activities and quotes."""
    activities = [a for a in db.activities.values() if a.entity_id == opportunity.opportunity_id]
    quotes = [q for q in db.quotes.values() if q.opportunity_id == opportunity.opportunity_id]
    return ExitChecklist(
        budget_logged=any(a.outcome == "budget_confirmed" for a in activities),
        decision_maker_logged=any(
            a.contact_id is not None and db.contacts[a.contact_id].decision_maker for a in activities
        ),
        valid_quote=any(q.status in ("draft", "sent", "signed") and q.valid_until >= db.today for q in quotes),
        signed_quote=any(q.status == "signed" for q in quotes),
        po_number=bool(opportunity.po_number),
    )


class SalesTools(RecordDesk):
    db: SalesDB

    def _numbered(self, counter: str, prefix: str) -> str:
        number = self.db.next_numbers[counter]
        self.db.next_numbers[counter] = number + 1
        return f"{prefix}{number}"

    def _rep(self, rep_id: str) -> RepView:
        rep = self._get("reps", rep_id)
        reports = [r.rep_id for r in self.db.reps.values() if r.manager_id == rep_id]
        return RepView(**rep.model_dump(), reports=reports)

    def _active_rep(self, rep_id: str) -> None:
        if not self._get("reps", rep_id).active:
            raise ValueError(f"Rep {rep_id} is not active")

    def _view(self, opportunity: Opportunity) -> OpportunityView:
        quotes = [q for q in self.db.quotes.values() if q.opportunity_id == opportunity.opportunity_id]
        return OpportunityView(
            opportunity_id=opportunity.opportunity_id,
            account_id=opportunity.account_id,
            name=opportunity.name,
            owner_id=opportunity.owner_id,
            stage=opportunity.stage,
            probability_pct=PROBABILITY[opportunity.stage],
            amount=opportunity.amount,
            close_date=opportunity.close_date,
            close_date_pushes=opportunity.close_date_pushes,
            products=opportunity.products,
            po_number=opportunity.po_number,
            checklist=checklist(self.db, opportunity),
            quotes=quotes,
        )

    def _table_of(self, record_id: str, tables: tuple[str, ...]) -> str:
        """The table, among ``tables``, that holds a record named in an argument that may name
        several kinds; an id held by none is refused as the kind its prefix names (A, C, L, O),
        else as the first kind the argument takes."""
        for table in tables:
            if isinstance(record_id, str) and record_id in getattr(self.db, table):
                return table
        by_prefix = [t for t in tables if isinstance(record_id, str) and record_id[:1] == PREFIXES[t]]
        raise not_found(self.db, (by_prefix or list(tables))[0], record_id)

    def _account_of(
        self, entity_id: str, kinds: tuple[str, ...] = ("opportunities", "contacts", "accounts", "leads")
    ) -> Optional[str]:
        """The account an entity belongs to (a lead has none), or refused when it is no record."""
        table = self._table_of(entity_id, kinds)
        return None if table == "leads" else getattr(self.db, table)[entity_id].account_id

    @tool("read")
    def get_rep(self, rep_id: str) -> RepView:
        """A member of the sales team: role (rep, manager or vp), team, territory, manager, and
        the reps who report to them.

        Args:
            rep_id: The rep's id, e.g. "R104".
        """
        return self._rep(rep_id)

    @tool("read")
    def search_accounts(self, name: Optional[str] = None, domain: Optional[str] = None) -> list[Account]:
        """Find accounts by part of their name (any case) or by their exact web domain.

        Args:
            name: Part of the account's name, e.g. "brightwell".
            domain: The company's domain, e.g. "brightwell.io" (an e-mail address's part after the @).
        """
        if not name and not domain:
            raise ValueError("Give a name or a domain to search by")
        wanted_name = (name or "").strip().lower()
        wanted_domain = (domain or "").strip().lower().split("@")[-1]
        return [
            a
            for a in self.db.accounts.values()
            if (not wanted_name or wanted_name in a.name.lower()) and (not wanted_domain or a.domain == wanted_domain)
        ]

    @tool("read")
    def get_account(self, account_id: str) -> AccountView:
        """An account with its contacts and its opportunities.

        Args:
            account_id: The account's id, e.g. "A1001".
        """
        account = self._get("accounts", account_id)
        contacts = [
            ContactSummary(
                contact_id=c.contact_id,
                name=f"{c.first_name} {c.last_name}",
                email=c.email,
                title=c.title,
                decision_maker=c.decision_maker,
                email_opt_out=c.email_opt_out,
                created=c.created,
            )
            for c in self.db.contacts.values()
            if c.account_id == account_id
        ]
        opportunities = [
            OpportunitySummary(
                opportunity_id=o.opportunity_id,
                name=o.name,
                owner_id=o.owner_id,
                stage=o.stage,
                amount=o.amount,
                close_date=o.close_date,
            )
            for o in self.db.opportunities.values()
            if o.account_id == account_id
        ]
        return AccountView(**account.model_dump(), contacts=contacts, opportunities=opportunities)

    @tool("read")
    def search_contacts(self, name: Optional[str] = None, email: Optional[str] = None) -> list[ContactMatch]:
        """Find contacts by name (a last name, a full name, or an initial and last name such as
        "J. Patel", any case) or by exact e-mail address.

        Args:
            name: The contact's name.
            email: The contact's e-mail address.
        """
        if not name and not email:
            raise ValueError("Give a name or an e-mail to search by")
        words = (name or "").replace(".", " ").lower().split()
        found = []
        for c in self.db.contacts.values():
            if email and c.email.lower() != email.strip().lower():
                continue
            if words:
                last, first = words[-1], words[0] if len(words) > 1 else ""
                if c.last_name.lower() != last or not c.first_name.lower().startswith(first):
                    continue
            account = self.db.accounts[c.account_id]
            found.append(
                ContactMatch(
                    contact_id=c.contact_id,
                    name=f"{c.first_name} {c.last_name}",
                    email=c.email,
                    title=c.title,
                    account_id=c.account_id,
                    account_name=account.name,
                    created=c.created,
                )
            )
        return found

    @tool("read")
    def search_leads(
        self, name: Optional[str] = None, company: Optional[str] = None, owner_id: Optional[str] = None
    ) -> list[Lead]:
        """Find leads by the person's last or full name, by part of the company's name (any case),
        or by their owning rep; oldest first.

        Args:
            name: The lead's last name or full name.
            company: Part of the lead's company name.
            owner_id: The owning rep's id, for all of a rep's leads.
        """
        if not name and not company and not owner_id:
            raise ValueError("Give a name, a company or an owner to search by")
        if owner_id:
            self._get("reps", owner_id)
        words = (name or "").lower().split()
        wanted = (company or "").strip().lower()
        return [
            lead
            for lead in self.db.leads.values()
            if (
                not words
                or (lead.last_name.lower() == words[-1] and (len(words) < 2 or lead.first_name.lower() == words[0]))
            )
            and wanted in lead.company.lower()
            and (not owner_id or lead.owner_id == owner_id)
        ]

    @tool("read")
    def get_opportunity(self, opportunity_id: str) -> OpportunityView:
        """An opportunity: stage and its probability, amount, close date and pushes, products,
        PO number, its exit checklist and its quotes.

        Args:
            opportunity_id: The opportunity's id, e.g. "O7001".
        """
        return self._view(self._get("opportunities", opportunity_id))

    @tool("read")
    def list_opportunities(
        self, owner_id: str, stage: Optional[str] = None, close_before: Optional[str] = None
    ) -> list[OpportunitySummary]:
        """A rep's opportunities, by close date.

        Args:
            owner_id: The owning rep's id.
            stage: Only this stage, or "open" for every open stage (discovery to commit).
            close_before: Only those closing on or before this date, YYYY-MM-DD.
        """
        self._get("reps", owner_id)
        if stage is not None and stage != "open" and stage not in PROBABILITY:
            raise ValueError(f"Unknown stage {stage}")
        last = a_date(close_before, "close_before").isoformat() if close_before is not None else None
        chosen = [
            o
            for o in self.db.opportunities.values()
            if o.owner_id == owner_id
            and (stage is None or o.stage == stage or (stage == "open" and o.stage in OPEN_STAGES))
            and (last is None or o.close_date <= last)
        ]
        chosen.sort(key=lambda o: (o.close_date, o.opportunity_id))
        return [
            OpportunitySummary(
                opportunity_id=o.opportunity_id,
                name=o.name,
                owner_id=o.owner_id,
                stage=o.stage,
                amount=o.amount,
                close_date=o.close_date,
            )
            for o in chosen
        ]

    @tool("read")
    def list_activities(
        self, entity_id: str, date_from: Optional[str] = None, date_to: Optional[str] = None
    ) -> list[Activity]:
        """The activities logged on an account, contact, lead or opportunity (for a contact, also
        those that name them), oldest first.

        Args:
            entity_id: The record's id.
            date_from: Only activities on or after this date, YYYY-MM-DD.
            date_to: Only activities on or before this date, YYYY-MM-DD.
        """
        self._account_of(entity_id, ("contacts", "opportunities", "accounts", "leads"))
        first = a_date(date_from, "date_from").isoformat() if date_from is not None else "0000-00-00"
        last = a_date(date_to, "date_to").isoformat() if date_to is not None else "9999-99-99"
        found = [
            a
            for a in self.db.activities.values()
            if entity_id in (a.entity_id, a.contact_id) and first <= a.date <= last
        ]
        return sorted(found, key=lambda a: (a.date, a.activity_id))

    @tool("read")
    def get_price_book(self) -> list[Product]:
        """Every product with its list price and floor price per unit per year."""
        return list(self.db.products.values())

    @tool("write")
    def log_activity(
        self,
        entity_id: str,
        activity_type: ActivityType,
        date: str,
        outcome: Outcome,
        rep_id: str,
        contact_id: Optional[str] = None,
    ) -> Activity:
        """Log a call, e-mail, meeting, demo or marketing e-mail on an account, contact, lead or
        opportunity. A first call or e-mail on a new lead records its first contact.

        Args:
            entity_id: The record it is logged on.
            activity_type: "call", "email", "meeting", "demo" or "marketing_email".
            date: When it happened, YYYY-MM-DD, not after today.
            outcome: "connected", "left_voicemail", "no_answer", "sent", "held", "budget_confirmed",
                "decision_maker_confirmed" or "not_interested".
            rep_id: The rep who did it.
            contact_id: The contact it was with, a contact of the record's account.
        """
        account_id = self._account_of(entity_id)
        if activity_type not in ACTIVITY_TYPES:
            raise ValueError(f"Unknown activity type {activity_type}")
        if outcome not in Outcome.__args__:  # type: ignore[attr-defined]
            raise ValueError(f"Unknown outcome {outcome}")
        day = a_date(date, "Date").isoformat()
        if day > self.db.today:
            raise ValueError("An activity cannot be dated after today")
        self._get("reps", rep_id)
        if contact_id is not None:
            contact = self._get("contacts", contact_id)
            if contact.account_id != account_id:
                raise ValueError(f"Contact {contact_id} is not at this record's account")
        activity = Activity(
            activity_id=self._numbered("activity", "AC"),
            entity_id=entity_id,
            activity_type=activity_type,
            date=day,
            contact_id=contact_id,
            outcome=outcome,
            rep_id=rep_id,
        )
        self.db.activities[activity.activity_id] = activity
        if entity_id in self.db.leads and activity_type in ("call", "email"):
            lead = self.db.leads[entity_id]
            if lead.first_contact is None:
                lead.first_contact = day
            if lead.status == "new":
                lead.status = "working"
        return activity

    @tool("write")
    def create_task(self, related_id: str, owner_id: str, due_date: str, purpose: Purpose) -> FollowUpTask:
        """Create a follow-up task about a contact or a lead.

        Args:
            related_id: The contact's or lead's id.
            owner_id: The rep who will do it.
            due_date: When it is due, YYYY-MM-DD, today or later.
            purpose: "follow_up", "send_quote", "schedule_demo", "identify_decision_maker",
                "confirm_budget", "collect_po" or "first_call".
        """
        self._table_of(related_id, ("contacts", "leads"))
        self._active_rep(owner_id)
        due = a_date(due_date, "Due date").isoformat()
        if due < self.db.today:
            raise ValueError("A task cannot be due before today")
        if purpose not in Purpose.__args__:  # type: ignore[attr-defined]
            raise ValueError(f"Unknown purpose {purpose}")
        task = FollowUpTask(
            task_id=self._numbered("task", "TK"),
            related_id=related_id,
            owner_id=owner_id,
            due_date=due,
            purpose=purpose,
            status="open",
            created=self.db.today,
        )
        self.db.tasks[task.task_id] = task
        return task

    @tool("write")
    def update_opportunity(
        self,
        opportunity_id: str,
        stage: Optional[Stage] = None,
        amount: Optional[float] = None,
        close_date: Optional[str] = None,
        po_number: Optional[str] = None,
    ) -> OpportunityView:
        """Change an open opportunity's stage, amount, close date or PO number. A close date moved
        later counts as a push.

        Args:
            opportunity_id: The opportunity's id.
            stage: The new stage: discovery, qualification, proposal, negotiation, commit, closed_won or closed_lost.
            amount: The new annual contract value, USD.
            close_date: The new close date, YYYY-MM-DD.
            po_number: The customer's purchase order number.
        """
        opportunity = self._get("opportunities", opportunity_id)
        if opportunity.stage not in OPEN_STAGES:
            raise ValueError(f"Opportunity {opportunity_id} is closed")
        if stage is None and amount is None and close_date is None and po_number is None:
            raise ValueError("Nothing to change")
        if stage is not None and stage not in PROBABILITY:
            raise ValueError(f"Unknown stage {stage}")
        value = an_amount(amount, "Amount") if amount is not None else None
        if value is not None and value < 0:
            raise ValueError("Amount cannot be negative")
        day = a_date(close_date, "Close date").isoformat() if close_date is not None else None
        if po_number is not None and not po_number.strip():
            raise ValueError("A PO number cannot be blank")
        if stage is not None:
            opportunity.stage = stage
        if value is not None:
            opportunity.amount = value
        if day is not None:
            if day > opportunity.close_date:
                opportunity.close_date_pushes += 1
            opportunity.close_date = day
        if po_number is not None:
            opportunity.po_number = po_number.strip()
        return self._view(opportunity)

    @tool("write")
    def create_quote(
        self,
        opportunity_id: str,
        lines: Annotated[list[LineRequest], Unordered()],
        discount_pct: float,
        approver_id: Optional[str] = None,
    ) -> Quote:
        """Create a quote on an open opportunity at list prices less one discount on every line,
        valid 30 days from today.

        Args:
            opportunity_id: The opportunity's id.
            lines: One line per product, each {"product_id": "P-CRM-PRO", "quantity": 25}.
            discount_pct: The discount off list price on every line, in percent (0 for none).
            approver_id: The manager who approves a discount over 10%; leave it out otherwise.
        """
        opportunity = self._get("opportunities", opportunity_id)
        if opportunity.stage not in OPEN_STAGES:
            raise ValueError(f"Opportunity {opportunity_id} is closed")
        if not lines:
            raise ValueError("A quote needs at least one line")
        discount = an_amount(discount_pct, "Discount")
        if not 0 <= discount < 100:
            raise ValueError("Discount must be from 0 to less than 100 percent")
        if approver_id is not None:
            self._get("reps", approver_id)
        seen: set[str] = set()
        priced = []
        for line in lines:
            product_id, quantity = line_parts(line)
            product = self._get("products", product_id)
            if product_id in seen:
                raise ValueError(f"Product {product_id} is on two lines")
            seen.add(product_id)
            unit = cents(product.list_price * (100 - discount) / 100)
            priced.append(
                QuoteLine(
                    product_id=product.product_id,
                    quantity=quantity,
                    list_price=product.list_price,
                    unit_price=unit,
                    line_total=cents(unit * quantity),
                )
            )
        priced.sort(key=lambda line: line.product_id)
        quote = Quote(
            quote_id=self._numbered("quote", "Q"),
            opportunity_id=opportunity_id,
            lines=priced,
            discount_pct=discount,
            total=cents(sum(line.line_total for line in priced)),
            approver_id=approver_id,
            status="draft",
            created=self.db.today,
            valid_until=(date.fromisoformat(self.db.today) + timedelta(days=QUOTE_VALID_DAYS)).isoformat(),
        )
        self.db.quotes[quote.quote_id] = quote
        return quote

    @tool("write")
    def convert_lead(
        self,
        lead_id: str,
        account_id: Optional[str] = None,
        contact_id: Optional[str] = None,
        create_opportunity: bool = False,
    ) -> Conversion:
        """Convert a lead: into an existing account (else a new account is made from the lead's
        company and e-mail domain), linked to an existing contact of that account (else a new
        contact is made from the lead), with a new discovery-stage opportunity if asked.

        Args:
            lead_id: The lead's id, e.g. "L5001".
            account_id: The existing account to convert into, if any.
            contact_id: The existing contact of that account who is this person, if any.
            create_opportunity: true to open a new opportunity (discovery, no amount, closing at next quarter's end).
        """
        lead = self._get("leads", lead_id)
        if lead.status in ("converted", "disqualified"):
            raise ValueError(f"Lead {lead_id} is {lead.status}")
        if not isinstance(create_opportunity, bool):
            raise ValueError("create_opportunity must be true or false")
        if account_id is not None:
            self._get("accounts", account_id)
        if contact_id is not None:
            if account_id is None:
                raise ValueError("Name the account of an existing contact")
            if self._get("contacts", contact_id).account_id != account_id:
                raise ValueError(f"Contact {contact_id} is not at account {account_id}")
        if account_id is None:
            account_id = self._numbered("account", "A")
            self.db.accounts[account_id] = Account(
                account_id=account_id,
                name=lead.company,
                domain=lead.email.split("@")[-1],
                industry=lead.industry,
                territory=lead.territory,
                owner_id=lead.owner_id,
                city=lead.city,
                created=self.db.today,
            )
        if contact_id is None:
            contact_id = self._numbered("contact", "C")
            self.db.contacts[contact_id] = Contact(
                contact_id=contact_id,
                account_id=account_id,
                first_name=lead.first_name,
                last_name=lead.last_name,
                email=lead.email,
                title=lead.title,
                decision_maker=False,
                email_opt_out=False,
                created=self.db.today,
            )
        opportunity_id = None
        if create_opportunity:
            opportunity_id = self._numbered("opportunity", "O")
            self.db.opportunities[opportunity_id] = Opportunity(
                opportunity_id=opportunity_id,
                account_id=account_id,
                name=f"{self.db.accounts[account_id].name} - New Business",
                owner_id=lead.owner_id,
                stage="discovery",
                amount=0.0,
                close_date=self.db.next_quarter_end,
                close_date_pushes=0,
                products=[],
                po_number=None,
                created=self.db.today,
            )
        lead.status = "converted"
        lead.converted_account_id = account_id
        lead.converted_contact_id = contact_id
        return Conversion(lead=lead, account_id=account_id, contact_id=contact_id, opportunity_id=opportunity_id)

    @tool("write")
    def reassign_owner(self, entity_id: str, new_owner_id: str) -> str:
        """Give an account, opportunity or lead a new owner.

        Args:
            entity_id: The account's, opportunity's or lead's id.
            new_owner_id: The rep who will own it.
        """
        table = self._table_of(entity_id, ("accounts", "opportunities", "leads"))
        self._active_rep(new_owner_id)
        record = getattr(self.db, table)[entity_id]
        if record.owner_id == new_owner_id:
            raise ValueError(f"{entity_id} is already owned by {new_owner_id}")
        previous, record.owner_id = record.owner_id, new_owner_id
        return f"{entity_id} now owned by {new_owner_id} (was {previous})"

    @tool("write")
    def update_contact(
        self,
        contact_id: str,
        title: Optional[str] = None,
        email: Optional[str] = None,
        decision_maker: Optional[bool] = None,
        email_opt_out: Optional[bool] = None,
    ) -> Contact:
        """Change a contact's title, e-mail, decision-maker flag or marketing e-mail opt-out.

        Args:
            contact_id: The contact's id, e.g. "C20001".
            title: Their new job title.
            email: Their new e-mail address.
            decision_maker: true if they sign off on purchases.
            email_opt_out: true if they asked for no marketing e-mail.
        """
        contact = self._get("contacts", contact_id)
        if title is None and email is None and decision_maker is None and email_opt_out is None:
            raise ValueError("Nothing to change")
        if email is not None and (email.count("@") != 1 or " " in email.strip()):
            raise ValueError("Not an e-mail address")
        for flag in (decision_maker, email_opt_out):
            if flag is not None and not isinstance(flag, bool):
                raise ValueError("decision_maker and email_opt_out must be true or false")
        if title is not None:
            contact.title = title.strip()
        if email is not None:
            contact.email = email.strip().lower()
        if decision_maker is not None:
            contact.decision_maker = decision_maker
        if email_opt_out is not None:
            contact.email_opt_out = email_opt_out
        return contact

    @tool("write")
    def merge_contacts(self, keep_id: str, remove_id: str) -> str:
        """Merge two records of one person at the same account: the removed record's activities
        and tasks move to the kept one, and the removed record is deleted.

        Args:
            keep_id: The contact record that stays.
            remove_id: The duplicate that goes.
        """
        keep, remove = self._get("contacts", keep_id), self._get("contacts", remove_id)
        if keep_id == remove_id:
            raise ValueError("Name two different contacts")
        if keep.account_id != remove.account_id:
            raise ValueError("Only contacts of the same account can be merged")
        moved = 0
        for activity in list(self.db.activities.values()):
            if remove_id in (activity.entity_id, activity.contact_id):
                mine = self.db.activities[activity.activity_id]
                mine.entity_id = keep_id if mine.entity_id == remove_id else mine.entity_id
                mine.contact_id = keep_id if mine.contact_id == remove_id else mine.contact_id
                moved += 1
        for task in list(self.db.tasks.values()):
            if task.related_id == remove_id:
                self.db.tasks[task.task_id].related_id = keep_id
                moved += 1
        for lead in list(self.db.leads.values()):
            if lead.converted_contact_id == remove_id:
                self.db.leads[lead.lead_id].converted_contact_id = keep_id
        del self.db.contacts[remove_id]
        return f"Merged {remove_id} into {keep_id}; {moved} activities and tasks moved"

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
