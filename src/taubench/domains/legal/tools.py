"""The legal domain's tools: the client-services desk's view of the firm's practice system.
They check what the system checks (records exist, a template belongs to the matter's
jurisdiction and every blank is filled, a slot is open, trust holds the money); conflicts,
privilege, engagement, retainers, review tiers, deadlines and refund limits are the manual's,
so the agent's job."""

import re
from datetime import timedelta
from typing import Annotated

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.legal.models import (
    Client,
    ConflictHit,
    ConsultationSlot,
    CourtDate,
    DocketEntry,
    Document,
    DocumentSummary,
    Invoice,
    LegalDB,
    Matter,
    MatterFile,
    OpenSlot,
    Recipient,
    Reference,
    ReferenceHit,
    Review,
    Template,
    TrustLine,
)
from taubench.domains.legal.practice import (
    EVENTS,
    JURISDICTIONS,
    MATTER_TYPES,
    REVIEW_TIERS,
    business_days_after,
    count_business_days,
    next_business_day_from,
    plain_name,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", re.IGNORECASE)


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _field(value: str) -> str:
    """A field's value as a form keeps it: no surrounding spaces or closing full stop."""
    return value.strip().rstrip(".").strip()


class LegalTools(RecordDesk):
    db: LegalDB

    def _working_matter(self, matter_id: str) -> Matter:
        matter = self._get("matters", matter_id)
        if matter.status == "closed":
            raise ValueError("Matter is closed")
        return matter

    @tool("read")
    def find_client(self, name: str, date_of_birth: str) -> Client:
        """Find a client or prospective client by full name and date of birth; both must match.

        Args:
            name: Full name, e.g. "Daniel Okafor".
            date_of_birth: YYYY-MM-DD.
        """
        for client in self.db.clients.values():
            if client.name.lower() == _text(name).lower() and client.date_of_birth == date_of_birth:
                return client
        raise ValueError("No client matches that name and date of birth")

    @tool("read")
    def get_client(self, client_id: str) -> Client:
        """A client's record: contact details, authorized contacts, engagement status and matters.

        Args:
            client_id: The client's id, e.g. "CL-1001".
        """
        return self._get("clients", client_id)

    @tool("read")
    def get_matter(self, matter_id: str) -> MatterFile:
        """A matter's file: type, jurisdiction, court, adverse parties, responsible attorney,
        status, engagement letter, filing date and trust balance, with its documents, invoices
        and trust ledger, oldest first.

        Args:
            matter_id: The matter number, e.g. "M-2001".
        """
        matter = self._get("matters", matter_id)
        return MatterFile(
            matter=matter,
            client_name=self.db.clients[matter.client_id].name,
            attorney_name=self.db.attorneys[matter.attorney_id].name,
            documents=[
                DocumentSummary(document_id=doc.document_id, title=doc.title, status=doc.status)
                for doc in self._of("documents", "matter_id", matter_id)
            ],
            invoices=sorted(
                self._of("invoices", "matter_id", matter_id), key=lambda bill: (bill.issued_on, bill.invoice_id)
            ),
            trust_ledger=sorted(
                self._of("trust_ledger", "matter_id", matter_id), key=lambda line: (line.date, line.line_id)
            ),
        )

    @tool("read")
    def run_conflict_check(self, names: Annotated[list[str], Unordered()]) -> list[ConflictHit]:
        """Search every client of the firm, current, former and prospective, by personal name
        and by company name, for each name given. Names are compared without case, punctuation
        or company suffixes (LLC, Inc., Corp., Co., Ltd.). An empty answer means no hit.

        Args:
            names: The names to check, each exactly as the client gives it.
        """
        if not isinstance(names, list) or not names:
            raise ValueError("Give at least one name to check")
        if not all(_text(name) for name in names):
            raise ValueError("Each name must be a non-empty text")
        hits = []
        for name in names:
            wanted = plain_name(name)
            for client in self.db.clients.values():
                for known in (client.name, client.company):
                    if known and plain_name(known) == wanted:
                        hits.append(ConflictHit(searched=name, client_id=client.client_id, matched=known))
        return hits

    @tool("read")
    def search_references(self, jurisdiction: str, topic: str, keyword: str) -> list[ReferenceHit]:
        """Search the research library: references of a jurisdiction and topic ranked by how
        many words of the keyword they match (best first, then by id). Whether a reference is
        still good law is in its status; get_reference gives the rest.

        Args:
            jurisdiction: IL, NY, CA or TX.
            topic: security_deposits, eviction, non_compete, custody, child_support, llc_formation,
                contract_formation, wills, trusts, service_of_process, summary_judgment.
            keyword: One or more words, e.g. "deposit interest".
        """
        words = {word for word in re.findall(r"[a-z0-9]+", _text(keyword).lower())}
        if not words:
            raise ValueError("Keyword must have at least one word")
        pool = [ref for ref in self.db.references.values() if ref.jurisdiction == jurisdiction and ref.topic == topic]
        if not pool:
            raise ValueError("No references for that jurisdiction and topic")
        scored = [(len(words & set(ref.keywords)), ref) for ref in pool]
        ranked = sorted((item for item in scored if item[0]), key=lambda item: (-item[0], item[1].citation_id))
        return [
            ReferenceHit(
                citation_id=ref.citation_id,
                case_name=ref.case_name,
                citation=ref.citation,
                status=ref.status,
                score=score,
            )
            for score, ref in ranked
        ]

    @tool("read")
    def get_reference(self, citation_id: str) -> Reference:
        """A reference in full: citation, jurisdiction, topic, holding, status and, when it is
        overruled or superseded, the reference that replaced it.

        Args:
            citation_id: The reference's id, e.g. "REF-4001".
        """
        return self._get("references", citation_id)

    @tool("read")
    def list_templates(self, jurisdiction: str, doc_type: str) -> list[Template]:
        """The firm's document templates of a jurisdiction and document type, with their
        required fields, witnesses and notarization.

        Args:
            jurisdiction: IL, NY, CA or TX.
            doc_type: intake_questionnaire, mutual_nda, llc_operating_agreement,
                articles_of_organization, simple_will, power_of_attorney, lease_termination_notice,
                demand_letter, parenting_plan, settlement_agreement, or answer_to_complaint.
        """
        found = [
            template
            for template in self.db.templates.values()
            if template.jurisdiction == jurisdiction and template.doc_type == doc_type
        ]
        if not found:
            raise ValueError("No template for that jurisdiction and document type")
        return found

    @tool("read")
    def get_document(self, document_id: str) -> Document:
        """A document: its matter, template, filled fields, status, review and who may read it.

        Args:
            document_id: The document's id, e.g. "D-3001".
        """
        return self._get("documents", document_id)

    @tool("read")
    def get_docket(self, matter_id: str) -> list[DocketEntry]:
        """A matter's docketed deadlines and events, earliest due first.

        Args:
            matter_id: The matter number.
        """
        self._get("matters", matter_id)
        return sorted(self._of("docket_entries", "matter_id", matter_id), key=lambda e: (e.due_date, e.entry_id))

    @tool("read")
    def compute_deadline(self, trigger_date: str, days: int) -> CourtDate:
        """The court calendar: the day a period of calendar days after a trigger date (service,
        a waiver request, a motion) ends, and the business day a deadline on it falls due when
        that day is a weekend or court holiday.

        Args:
            trigger_date: YYYY-MM-DD, the day the period starts from.
            days: The period in calendar days, a whole number from 1 to 365.
        """
        start = a_date(trigger_date, "Trigger date")
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 365:
            raise ValueError("Days must be a whole number from 1 to 365")
        period_end = (start + timedelta(days=days)).isoformat()
        due = next_business_day_from(period_end, self.db.holidays)
        return CourtDate(
            trigger_date=trigger_date,
            days=days,
            period_ends=period_end,
            due_date=due,
            business_days_from_today=count_business_days(self.db.today, due, self.db.holidays),
        )

    @tool("read")
    def list_consultation_slots(self, practice_area: str) -> list[OpenSlot]:
        """The open consultation slots after today of every attorney of a practice area,
        earliest first (45 minutes each).

        Args:
            practice_area: family, landlord_tenant, business_formation, estate or litigation.
        """
        if practice_area not in MATTER_TYPES:
            raise ValueError("Practice area must be family, landlord_tenant, business_formation, estate or litigation")
        lawyers = {key: lawyer for key, lawyer in self.db.attorneys.items() if lawyer.practice_area == practice_area}
        slots = [
            OpenSlot(
                slot_id=slot.slot_id,
                attorney_id=slot.attorney_id,
                attorney_name=lawyers[slot.attorney_id].name,
                start=slot.start,
            )
            for slot in self.db.consultation_slots.values()
            if slot.attorney_id in lawyers and slot.status == "open" and slot.start[:10] > self.db.today
        ]
        return sorted(slots, key=lambda slot: (slot.start, slot.attorney_id))

    @tool("write")
    def open_matter(
        self,
        client_id: str,
        matter_type: str,
        jurisdiction: str,
        adverse_parties: Annotated[list[str], Unordered()],
    ) -> Matter:
        """Open a new matter for a client, in intake, with the practice area's attorney who has
        the fewest matters in hand; the engagement letter is sent today.

        Args:
            client_id: The client's id.
            matter_type: family, landlord_tenant, business_formation, estate or litigation.
            jurisdiction: IL, NY, CA or TX.
            adverse_parties: Every adverse party's name as the client gives it; [] when there is none.
        """
        client = self._get("clients", client_id)
        if matter_type not in MATTER_TYPES:
            raise ValueError("Matter type must be family, landlord_tenant, business_formation, estate or litigation")
        if jurisdiction not in JURISDICTIONS:
            raise ValueError("The firm practices only in IL, NY, CA and TX")
        if not isinstance(adverse_parties, list) or not all(_text(party) for party in adverse_parties):
            raise ValueError("Adverse parties must be a list of names")
        load = {
            key: sum(matter.attorney_id == key and matter.status != "closed" for matter in self.db.matters.values())
            for key, lawyer in self.db.attorneys.items()
            if lawyer.practice_area == matter_type
        }
        attorney_id = min(sorted(load), key=lambda key: load[key])
        matter = Matter(
            matter_id=self._new_id("M-", "next_matter_number"),
            client_id=client_id,
            matter_type=matter_type,
            jurisdiction=jurisdiction,
            court=None,
            adverse_parties=[party.strip() for party in adverse_parties],
            attorney_id=attorney_id,
            status="intake",
            opened_on=self.db.today,
            engagement_letter="sent",
            engagement_letter_date=self.db.today,
            filing_date=None,
            trust_balance=0.0,
        )
        self.db.matters[matter.matter_id] = matter
        client.matters.append(matter.matter_id)
        return matter

    @tool("write")
    def create_document(self, matter_id: str, template_id: str, fields: dict[str, str]) -> Document:
        """Draft a document for a matter from a template of the matter's jurisdiction, with
        every required field filled.

        Args:
            matter_id: The matter number.
            template_id: The template's id, e.g. "TPL-IL-MNDA".
            fields: Each required field of the template -> its value, as the client gives it.
        """
        matter = self._get("matters", matter_id)
        template = self._get("templates", template_id)
        if matter.status == "closed":
            raise ValueError("Matter is closed")
        if template.jurisdiction != matter.jurisdiction:
            raise ValueError(f"Template is for {template.jurisdiction}; the matter is in {matter.jurisdiction}")
        if not isinstance(fields, dict):
            raise ValueError("Fields must map each required field to its value")
        missing = [name for name in template.required_fields if name not in fields]
        if missing:
            raise ValueError(f"Missing required fields: {', '.join(missing)}")
        extra = sorted(name for name in fields if name not in template.required_fields)
        if extra:
            raise ValueError(f"Fields not on the template: {', '.join(extra)}")
        empty = [
            name for name in template.required_fields if not isinstance(fields[name], str) or not _field(fields[name])
        ]
        if empty:
            raise ValueError(f"Fields left empty: {', '.join(empty)}")
        client = self.db.clients[matter.client_id]
        document = Document(
            document_id=self._new_id("D-", "next_document_number"),
            matter_id=matter_id,
            template_id=template_id,
            title=f"{template.name} for {client.name}",
            fields={name: _field(fields[name]) for name in template.required_fields},
            status="draft",
            created_on=self.db.today,
            access=[Recipient(name=client.name, email=client.email)],
            review=None,
        )
        self.db.documents[document.document_id] = document
        return document

    @tool("write")
    def request_attorney_review(self, document_id: str, tier: str) -> Document:
        """Send a draft to the matter's attorney for review: standard (back in 5 business days,
        150.00) or rush (back in 2 business days, 300.00), billed to the matter.

        Args:
            document_id: The document's id; it must be a draft.
            tier: standard or rush.
        """
        document = self._get("documents", document_id)
        if tier not in REVIEW_TIERS:
            raise ValueError("Tier must be standard or rush")
        if document.status != "draft":
            raise ValueError(f"Document is {document.status}; only a draft can be sent for review")
        days, fee = REVIEW_TIERS[tier]
        document.review = Review(
            tier=tier,
            fee=fee,
            requested_on=self.db.today,
            due=business_days_after(self.db.today, days, self.db.holidays),
        )
        document.status = "in_review"
        return document

    @tool("write")
    def schedule_consultation(self, client_id: str, attorney_id: str, slot_id: str) -> ConsultationSlot:
        """Book a client into an attorney's open consultation slot.

        Args:
            client_id: The client's id.
            attorney_id: The attorney's id, e.g. "AT-103".
            slot_id: The slot's id, e.g. "SL-8012".
        """
        self._get("clients", client_id)
        self._get("attorneys", attorney_id)
        slot = self._get("consultation_slots", slot_id)
        if slot.attorney_id != attorney_id:
            raise ValueError("That slot belongs to another attorney")
        if slot.status != "open":
            raise ValueError("That slot is already booked")
        if slot.start[:10] <= self.db.today:
            raise ValueError("That slot is not after today")
        slot.status, slot.client_id = "booked", client_id
        return slot

    @tool("write")
    def share_document(self, document_id: str, person_name: str, email: str) -> Document:
        """Give a person read access to a document; they are e-mailed a secure link.

        Args:
            document_id: The document's id.
            person_name: The recipient's full name.
            email: The recipient's e-mail address.
        """
        document = self._get("documents", document_id)
        if not _text(person_name):
            raise ValueError("Give the recipient's name")
        if not isinstance(email, str) or not EMAIL.fullmatch(email.strip()):
            raise ValueError("Give a valid e-mail address")
        if any(reader.email.lower() == email.strip().lower() for reader in document.access):
            raise ValueError("That address already has access to the document")
        document.access.append(Recipient(name=person_name.strip(), email=email.strip().lower()))
        return document

    @tool("write")
    def add_docket_deadline(self, matter_id: str, event: str, due_date: str, rule: str) -> DocketEntry:
        """Put a deadline or court event on a matter's docket.

        Args:
            matter_id: The matter number.
            event: answer_due, motion_response_due, hearing or filing_deadline.
            due_date: YYYY-MM-DD, after today.
            rule: The rule or order the date comes from, as the manual names it.
        """
        matter = self._working_matter(matter_id)
        if event not in EVENTS:
            raise ValueError("Event must be answer_due, motion_response_due, hearing or filing_deadline")
        a_date(due_date, "Due date")
        if due_date <= self.db.today:
            raise ValueError("Due date must be after today")
        if not _text(rule):
            raise ValueError("Give the rule the date comes from")
        if any(
            entry.event == event and entry.due_date == due_date
            for entry in self._of("docket_entries", "matter_id", matter.matter_id)
        ):
            raise ValueError("That event is already docketed on that date")
        entry = DocketEntry(
            entry_id=self._new_id("DK-", "next_docket_number"),
            matter_id=matter_id,
            event=event,
            due_date=due_date,
            rule=rule.strip(),
            added_on=self.db.today,
        )
        self.db.docket_entries[entry.entry_id] = entry
        return entry

    @tool("write")
    def apply_trust_funds(self, invoice_id: str, amount: float) -> Invoice:
        """Pay an invoice from the client's trust funds held for the same matter.

        Args:
            invoice_id: The invoice's id, e.g. "INV-5001".
            amount: USD, more than 0 and at most both the invoice's balance and the trust balance.
        """
        invoice = self._get("invoices", invoice_id)
        paid = an_amount(amount, "Amount")
        matter = self.db.matters[invoice.matter_id]
        if invoice.status == "paid":
            raise ValueError("Invoice is already paid")
        if not 0 < paid <= invoice.balance:
            raise ValueError(f"Amount must be more than 0 and at most the invoice balance of {invoice.balance:.2f}")
        if paid > matter.trust_balance:
            raise ValueError(f"Trust holds only {matter.trust_balance:.2f} for this matter")
        line = TrustLine(
            line_id=self._new_id("TL-", "next_trust_line_number"),
            matter_id=matter.matter_id,
            date=self.db.today,
            kind="invoice_payment",
            amount=paid,
            invoice_id=invoice_id,
        )
        self.db.trust_ledger[line.line_id] = line
        matter.trust_balance = round(matter.trust_balance - paid, 2)
        invoice.balance = round(invoice.balance - paid, 2)
        if invoice.balance == 0:
            invoice.status = "paid"
        return invoice

    @tool("write")
    def refund_trust(self, matter_id: str, amount: float) -> TrustLine:
        """Refund trust funds of a matter to the client by check.

        Args:
            matter_id: The matter number.
            amount: USD, more than 0 and at most the matter's trust balance.
        """
        matter = self._get("matters", matter_id)
        paid = an_amount(amount, "Amount")
        if not 0 < paid <= matter.trust_balance:
            raise ValueError(f"Amount must be more than 0 and at most the trust balance of {matter.trust_balance:.2f}")
        line = TrustLine(
            line_id=self._new_id("TL-", "next_trust_line_number"),
            matter_id=matter_id,
            date=self.db.today,
            kind="refund",
            amount=paid,
            invoice_id=None,
        )
        self.db.trust_ledger[line.line_id] = line
        matter.trust_balance = round(matter.trust_balance - paid, 2)
        return line

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
