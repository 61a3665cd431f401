"""The firm's database: a fixed cast of clients, matters, documents, invoices, docket entries
and references that the tasks are written around (``data/cast.json``), plus seeded filler so
that every look-up has plenty to miss.

What the cast is there for:

- two Daniel Okafors (CL-1001, CL-1002), told apart only by birth date and matter number;
- conflicts: Harriet Lindqvist (CL-1050) owns "Lakeview Properties, LLC", which a new landlord
  dispute names as "Lakeview Properties Inc."; Ilse Brandauer (CL-1051) is a client whom a
  divorce names as the second adverse party;
- new clients with no matter yet, for clean intakes (CL-1004 to CL-1010, CL-1048);
- documents: matters for each template family, a matter whose filing date makes standard review
  too slow (M-2013) and one where even rush is too slow (M-2016), litigation matters just below
  (M-2014, M-2045) and exactly at (M-2019) the 2,500.00 retainer, an engagement letter still
  unsigned (M-2015), final and draft documents to share, among them two NDAs of one client;
- authorized contacts (Amina Siddiqui, Luc Dumont, Amira Haddad, Nora Pennington, Georg
  Brandauer), and a client whose spouse is not one;
- research: an overruled case that is the best keyword match for deposit interest (REF-4001), a
  superseded custody case, a non-compete case overruled, a two-step chain of overrulings on
  veil piercing, a good-law holographic-will case;
- litigation matters for each deadline rule, two of whose deadlines fall inside the 3 business
  days, and a client with two litigation matters;
- trust: approved and unapproved invoices, a trust too small for two invoices, closed matters
  whose refunds fall under, at and over the 1,000.00 limit once invoices are paid;
- consultations: Owen Radcliffe (AT-104) and Desmond Achterberg (AT-108) are booked solid for
  more than the 10 business days, so their clients fall back to their colleagues.
"""

from datetime import date, timedelta
from typing import Any, Optional

from pydantic import BaseModel

from taubench.domains.kit import Population, load_cast
from taubench.domains.kit.population import MEN, WOMEN
from taubench.domains.legal.models import Attorney, DocketEntry, Invoice, Reference
from taubench.domains.legal.practice import EVENTS, is_business_day

SEED = 2025_0218
TODAY = "2025-02-18"
HOLIDAYS = [
    "2025-01-01",
    "2025-01-20",
    "2025-02-17",
    "2025-05-26",
    "2025-06-19",
    "2025-07-04",
    "2025-09-01",
    "2025-10-13",
    "2025-11-11",
    "2025-11-27",
    "2025-12-25",
]
AREAS = {"IL": ["312", "773", "847", "630"], "NY": ["212", "718", "646", "914"], "CA": ["415", "213", "510", "619"]}
AREAS["TX"] = ["512", "713", "214", "210"]
STATE_NAMES = {"IL": "Illinois", "NY": "New York", "CA": "California", "TX": "Texas"}
FILLER_CLIENTS = 350
SLOT_TIMES = ("10:00", "15:00")
SLOTS_FROM, SLOTS_TO = "2025-02-19", "2025-03-21"
BOOKED_SOLID = {"AT-104": "2025-03-07", "AT-108": "2025-03-05"}  # every slot up to this day is taken

# code -> (doc_type, name, required fields, witnesses by jurisdiction, notarized by jurisdiction)
TEMPLATES: dict[str, tuple[str, str, list[str], dict[str, int], dict[str, bool]]] = {
    "INTAKE": (
        "intake_questionnaire",
        "Client Intake Questionnaire",
        ["summary", "desired_outcome", "urgent_dates", "referral_source"],
        {},
        {},
    ),
    "MNDA": (
        "mutual_nda",
        "Mutual Non-Disclosure Agreement",
        ["party_one", "party_two", "effective_date", "term_months", "purpose"],
        {},
        {},
    ),
    "OA1": (
        "llc_operating_agreement",
        "Single-Member LLC Operating Agreement",
        ["company_name", "member_name", "principal_office", "management"],
        {},
        {},
    ),
    "OAM": (
        "llc_operating_agreement",
        "Multi-Member LLC Operating Agreement",
        ["company_name", "members", "ownership_split", "principal_office"],
        {},
        {},
    ),
    "AOO": (
        "articles_of_organization",
        "Articles of Organization",
        ["company_name", "registered_agent", "principal_office", "organizer"],
        {},
        {},
    ),
    "WILL": (
        "simple_will",
        "Simple Will",
        ["testator", "executor", "beneficiaries", "guardian"],
        {"IL": 2, "NY": 2, "CA": 2, "TX": 2},
        {"TX": True},
    ),
    "POA": (
        "power_of_attorney",
        "Durable Power of Attorney",
        ["principal", "agent", "powers", "effective"],
        {"IL": 1, "NY": 2},
        {"IL": True, "NY": True, "CA": True, "TX": True},
    ),
    "HCD": (
        "healthcare_directive",
        "Advance Healthcare Directive",
        ["principal", "health_agent", "instructions"],
        {"IL": 1, "NY": 2, "CA": 2, "TX": 2},
        {},
    ),
    "LTN": (
        "lease_termination_notice",
        "Lease Termination Notice",
        ["tenant", "landlord", "premises", "move_out_date"],
        {},
        {},
    ),
    "DEM": ("demand_letter", "Demand Letter", ["recipient", "amount_claimed", "basis", "response_by"], {}, {}),
    "PAR": ("parenting_plan", "Parenting Plan", ["parent_one", "parent_two", "children", "schedule"], {}, {}),
    "SET": ("settlement_agreement", "Settlement Agreement", ["parties", "payment", "release_scope"], {}, {}),
    "ANS": ("answer_to_complaint", "Answer to Complaint", ["case_number", "court", "defendant"], {}, {}),
    "SUB": (
        "tenant_sublease",
        "Sublease Agreement",
        ["tenant", "subtenant", "premises", "start_date", "monthly_rent"],
        {},
        {},
    ),
}
DOCS_OF = {
    "family": ["PAR", "SET", "HCD"],
    "landlord_tenant": ["LTN", "DEM", "SUB", "SET"],
    "business_formation": ["MNDA", "OA1", "OAM", "AOO"],
    "estate": ["WILL", "POA", "HCD"],
    "litigation": ["ANS", "DEM", "SET"],
}
TOPICS = {
    "security_deposits": ["deduction", "itemized", "walkthrough", "damage", "escrow", "security", "deposit", "return"],
    "eviction": ["notice", "cure", "holdover", "retaliation", "habitability", "possession"],
    "non_compete": ["solicitation", "trade", "secrets", "duration", "consideration", "employee", "blue", "pencil"],
    "custody": ["joint", "visitation", "guardian", "modification", "primary", "residence", "parent", "move"],
    "child_support": ["arrears", "imputed", "income", "deviation", "guideline", "modification"],
    "llc_formation": ["operating", "agreement", "fiduciary", "dissolution", "manager", "capital", "member"],
    "contract_formation": ["offer", "acceptance", "consideration", "mistake", "parol", "evidence"],
    "wills": ["testamentary", "capacity", "undue", "influence", "attestation", "codicil", "will", "witness"],
    "trusts": ["revocable", "trustee", "spendthrift", "beneficiary", "accounting", "decanting"],
    "service_of_process": ["substituted", "diligence", "waiver", "publication", "personal", "mail"],
    "summary_judgment": ["genuine", "dispute", "material", "fact", "burden", "affidavit"],
}
HOLDINGS = {
    "security_deposits": "A landlord who keeps part of a deposit must give an itemized statement in time.",
    "eviction": "A notice to quit that misstates the cure period is defective.",
    "non_compete": "An employer must show a protectable interest to enforce a covenant.",
    "custody": "Custody is modified only on a substantial change in circumstances.",
    "child_support": "Income may be imputed to a parent who is voluntarily underemployed.",
    "llc_formation": "Members owe the duties the operating agreement sets, within statutory limits.",
    "contract_formation": "A counter-offer rejects the original offer.",
    "wills": "A will procured by undue influence is void in the part so procured.",
    "trusts": "A trustee must account to the beneficiaries at least once a year.",
    "service_of_process": "Substituted service requires a showing of due diligence first.",
    "summary_judgment": "Summary judgment fails where a genuine dispute of material fact remains.",
}
# the words only the cast's references carry, so that the cast answers its tasks' searches best
DISTINCTIVE = {"interest", "non", "compete", "restrictive", "covenant", "relocation", "away", "holographic"}
DISTINCTIVE |= {"handwritten", "handwriting", "veil", "piercing", "pierce"}
COMPANY_WORDS = ("Harbor", "Summit", "Prairie", "Granite", "Beacon", "Juniper", "Keystone", "Orchard", "Pioneer")
COMPANY_KINDS = ("Holdings", "Realty", "Logistics", "Builders", "Foods", "Studios", "Partners", "Supply")
COMPANY_SUFFIXES = ("LLC", "Inc.", "Corp.", "Co.", "LLC")
FILLER_FIELDS = {
    "summary": "Dispute about a contract",
    "desired_outcome": "Resolve it without court",
    "urgent_dates": "none",
    "referral_source": "web search",
    "effective_date": "2024-10-01",
    "term_months": "12",
    "purpose": "Business discussions",
    "management": "member-managed",
    "ownership_split": "equal shares",
    "guardian": "none",
    "powers": "financial and property matters",
    "effective": "immediately",
    "instructions": "Comfort care only",
    "move_out_date": "2025-03-31",
    "amount_claimed": "4800.00",
    "basis": "unpaid invoices",
    "response_by": "2025-03-15",
    "schedule": "Alternating weekends",
    "payment": "Lump sum",
    "release_scope": "All claims in the dispute",
    "court": "Circuit court",
    "start_date": "2025-04-01",
    "monthly_rent": "1450.00",
}


class CastClient(BaseModel):
    client_id: str
    name: str
    date_of_birth: str
    email: str
    phone: str
    company: Optional[str] = None
    authorized_contacts: list[str] = []
    engagement_status: str = "active"


class CastMatter(BaseModel):
    matter_id: str
    client_id: str
    matter_type: str
    jurisdiction: str
    court: Optional[str] = None
    adverse_parties: list[str] = []
    attorney_id: str
    status: str = "open"
    opened_on: str
    engagement_letter: str = "signed"
    filing_date: Optional[str] = None
    trust_balance: float


class CastDocument(BaseModel):
    document_id: str
    matter_id: str
    template_id: str
    fields: dict[str, str]
    status: str
    created_on: str


def _shift(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _business_days(first: str, last: str) -> list[str]:
    days, current = [], date.fromisoformat(first)
    while current.isoformat() <= last:
        if is_business_day(current, HOLIDAYS):
            days.append(current.isoformat())
        current += timedelta(days=1)
    return days


class Firm:
    """The database being built, with its counters."""

    def __init__(self) -> None:
        self.pop = Population(SEED, TODAY)
        self.rng = self.pop.rng
        self.clients: dict[str, dict] = {}
        self.attorneys: dict[str, dict] = {}
        self.slots: dict[str, dict] = {}
        self.matters: dict[str, dict] = {}
        self.templates: dict[str, dict] = {}
        self.documents: dict[str, dict] = {}
        self.references: dict[str, dict] = {}
        self.docket: dict[str, dict] = {}
        self.invoices: dict[str, dict] = {}
        self.trust: dict[str, dict] = {}
        self.numbers = {"matter": 2100, "document": 3100, "docket": 7100, "trust": 6001, "invoice": 5100}

    def next(self, kind: str, prefix: str) -> str:
        number = self.numbers[kind]
        self.numbers[kind] += 1
        return f"{prefix}{number}"

    def template_set(self) -> None:
        for jurisdiction in ("IL", "NY", "CA", "TX"):
            for code, (doc_type, name, fields, witnesses, notarized) in TEMPLATES.items():
                key = f"TPL-{jurisdiction}-{code}"
                self.templates[key] = {
                    "template_id": key,
                    "name": f"{name} ({STATE_NAMES[jurisdiction]})",
                    "jurisdiction": jurisdiction,
                    "doc_type": doc_type,
                    "required_fields": fields,
                    "witnesses": witnesses.get(jurisdiction, 0),
                    "notarized": notarized.get(jurisdiction, False),
                }

    def client(self, record: CastClient) -> None:
        self.clients[record.client_id] = {
            "client_id": record.client_id,
            "name": record.name,
            "date_of_birth": record.date_of_birth,
            "email": record.email,
            "phone": record.phone,
            "company": record.company,
            "authorized_contacts": list(record.authorized_contacts),
            "engagement_status": record.engagement_status,
            "matters": [],
        }

    def matter(self, record: CastMatter) -> None:
        signed = record.engagement_letter == "signed"
        self.matters[record.matter_id] = {
            "matter_id": record.matter_id,
            "client_id": record.client_id,
            "matter_type": record.matter_type,
            "jurisdiction": record.jurisdiction,
            "court": record.court,
            "adverse_parties": list(record.adverse_parties),
            "attorney_id": record.attorney_id,
            "status": record.status,
            "opened_on": record.opened_on,
            "engagement_letter": record.engagement_letter,
            "engagement_letter_date": _shift(record.opened_on, 1) if signed else record.opened_on,
            "filing_date": record.filing_date,
            "trust_balance": round(record.trust_balance, 2),
        }
        self.clients[record.client_id]["matters"].append(record.matter_id)

    def document(self, record: CastDocument, reviewed_on: Optional[str] = None) -> None:
        matter = self.matters[record.matter_id]
        client = self.clients[matter["client_id"]]
        template = self.templates[record.template_id]
        review = None
        if record.status != "draft":
            requested = reviewed_on or _shift(record.created_on, 1)
            review = {"tier": "standard", "fee": 150.0, "requested_on": requested, "due": _shift(requested, 7)}
        self.documents[record.document_id] = {
            "document_id": record.document_id,
            "matter_id": record.matter_id,
            "template_id": record.template_id,
            "title": f"{template['name']} for {client['name']}",
            "fields": {name: record.fields[name] for name in template["required_fields"]},
            "status": record.status,
            "created_on": record.created_on,
            "access": [{"name": client["name"], "email": client["email"]}],
            "review": review,
        }

    def trust_line(self, matter_id: str, day: str, kind: str, amount: float, invoice_id: Optional[str]) -> None:
        key = self.next("trust", "TL-")
        self.trust[key] = {
            "line_id": key,
            "matter_id": matter_id,
            "date": day,
            "kind": kind,
            "amount": round(amount, 2),
            "invoice_id": invoice_id,
        }

    def ledger(self, matter_id: str, refunded: float = 0.0) -> None:
        """The trust ledger behind a matter's balance: one deposit, then the paid invoices."""
        matter = self.matters[matter_id]
        paid = [
            invoice
            for invoice in self.invoices.values()
            if invoice["matter_id"] == matter_id and invoice["status"] != "awaiting_approval"
        ]
        paid = [invoice for invoice in paid if invoice["amount"] != invoice["balance"]]
        deposit = round(matter["trust_balance"] + refunded + sum(i["amount"] - i["balance"] for i in paid), 2)
        if deposit > 0:
            self.trust_line(matter_id, _shift(matter["opened_on"], 2), "deposit", deposit, None)
        for invoice in sorted(paid, key=lambda item: item["issued_on"]):
            amount = round(invoice["amount"] - invoice["balance"], 2)
            self.trust_line(
                matter_id, _shift(invoice["issued_on"], 5), "invoice_payment", amount, invoice["invoice_id"]
            )
        if refunded:
            closing = min(TODAY, _shift(matter["opened_on"], 200))
            self.trust_line(matter_id, closing, "refund", refunded, None)


def _company(rng: Any, last: str) -> str:
    return f"{rng.choice([last, *COMPANY_WORDS])} {rng.choice(COMPANY_KINDS)} {rng.choice(COMPANY_SUFFIXES)}"


def cast(firm: Firm) -> None:
    records = load_cast(
        __package__,
        {
            "attorneys": Attorney,
            "clients": CastClient,
            "matters": CastMatter,
            "documents": CastDocument,
            "invoices": Invoice,
            "docket_entries": DocketEntry,
            "references": Reference,
        },
    )
    firm.attorneys = {record.attorney_id: record.model_dump() for record in records["attorneys"]}
    for client in records["clients"]:
        firm.client(client)
        first, last = client.name.split(" ", 1)
        if client.name != "Daniel Okafor":  # the manual speaks of exactly two
            firm.pop.know(first, last, "F", client.phone)
    for matter in records["matters"]:
        firm.matter(matter)
    for document in records["documents"]:
        firm.document(document)
    firm.invoices = {record.invoice_id: record.model_dump() for record in records["invoices"]}
    firm.docket = {record.entry_id: record.model_dump() for record in records["docket_entries"]}
    firm.references = {record.citation_id: record.model_dump() for record in records["references"]}
    for matter_id in firm.matters:
        firm.ledger(matter_id)


def filler_clients(firm: Firm) -> None:
    rng = firm.rng
    for number in range(1100, 1100 + FILLER_CLIENTS):
        jurisdiction = rng.choice(list(AREAS))
        person = firm.pop.person(rng.choice(AREAS[jurisdiction]), ages=(21, 86))
        if person.name == "Daniel Okafor":
            person = firm.pop.person(rng.choice(AREAS[jurisdiction]), ages=(21, 86))
        status = rng.choices(["active", "former", "prospective"], [65, 25, 10])[0]
        contacts = [firm.pop.person("555", ages=(21, 80)).name] if rng.random() < 0.12 else []
        key = f"CL-{number}"
        firm.client(
            CastClient(
                client_id=key,
                name=person.name,
                date_of_birth=person.birth_date,
                email=person.email,
                phone=person.phone,
                company=_company(rng, person.last) if rng.random() < 0.12 else None,
                authorized_contacts=contacts,
                engagement_status=status,
            )
        )
        count = rng.choice([0, 1]) if status == "prospective" else rng.choice([1, 1, 2, 2, 3])
        for _ in range(count):
            filler_matter(firm, key, jurisdiction, status)


ATTORNEY_WEIGHTS = {
    "family": (["AT-101", "AT-102"], [50, 50]),
    "landlord_tenant": (["AT-103", "AT-104"], [65, 35]),
    "business_formation": (["AT-105", "AT-106"], [50, 50]),
    "estate": (["AT-107", "AT-108"], [62, 38]),
    "litigation": (["AT-109", "AT-110"], [50, 50]),
}


def filler_value(firm: Firm, field: str, client: dict, adverse: list[str]) -> str:
    """A plausible value of a filler document's field."""
    rng, last = firm.rng, client["name"].split(" ")[-1]
    relative = f"{rng.choice(WOMEN + MEN)} {last}"
    other = adverse[0] if adverse else _company(rng, rng.choice(COMPANY_WORDS))
    if field in ("testator", "principal", "parent_one", "tenant", "member_name", "organizer", "defendant"):
        return str(client["name"])
    if field in ("parent_two", "landlord", "recipient", "party_two"):
        return other
    if field in ("children", "executor", "agent", "health_agent", "guardian", "subtenant", "beneficiaries"):
        return relative
    if field in ("members", "parties"):
        return f"{client['name']} and {other if field == 'parties' else relative}"
    if field in ("company_name", "party_one"):
        return str(client["company"] or f"{last} {rng.choice(COMPANY_KINDS)} LLC")
    if field in ("principal_office", "premises"):
        return firm.pop.street_address()
    if field == "registered_agent":
        return rng.choice(["Northstar Registered Agents Inc.", "Keystone Filing Services LLC"])
    if field == "case_number":
        return f"2024-CV-{rng.randint(1000, 99999)}"
    return FILLER_FIELDS[field]


def filler_matter(firm: Firm, client_id: str, jurisdiction: str, client_status: str) -> None:
    rng = firm.rng
    client = firm.clients[client_id]
    kind = rng.choice(list(DOCS_OF))
    lawyers, weights = ATTORNEY_WEIGHTS[kind]
    opened = firm.pop.day("2023-03-01", "2025-02-14")
    if client_status == "prospective":
        status, letter = "intake", "sent"
        opened = firm.pop.day("2025-01-20", "2025-02-14")
    elif client_status == "former":
        status, letter = "closed", "signed"
    else:
        status, letter = rng.choices(["open", "closed"], [80, 20])[0], "signed"
    last = client["name"].split(" ")[-1]
    adverse: list[str] = []
    if kind == "litigation":
        adverse = [_company(rng, rng.choice(COMPANY_WORDS)) for _ in range(rng.choice([1, 1, 2]))]
    elif kind == "landlord_tenant":
        adverse = [_company(rng, rng.choice(COMPANY_WORDS))]
    elif kind == "family":
        adverse = [f"{firm.pop.person('555').first} {last}"]
    balance = 0.0 if status == "intake" or rng.random() < 0.25 else round(rng.uniform(150, 6000), 2)
    if status == "closed":
        balance = 0.0
    key = firm.next("matter", "M-")
    firm.matter(
        CastMatter(
            matter_id=key,
            client_id=client_id,
            matter_type=kind,
            jurisdiction=jurisdiction,
            court=rng.choice(["state", "federal"]) if kind == "litigation" else None,
            adverse_parties=adverse,
            attorney_id=rng.choices(lawyers, weights)[0],
            status=status,
            opened_on=opened,
            engagement_letter=letter,
            filing_date=firm.pop.day("2025-03-03", "2025-05-30") if status == "open" and rng.random() < 0.2 else None,
            trust_balance=balance,
        )
    )
    if status == "intake":
        return
    for _ in range(rng.choice([1, 2, 3, 3, 4])):
        code = rng.choice(DOCS_OF[kind])
        template = firm.templates[f"TPL-{jurisdiction}-{code}"]
        created = firm.pop.day(opened, min(TODAY, _shift(opened, 120)))
        fields = {name: filler_value(firm, name, client, adverse) for name in template["required_fields"]}
        draft = created >= "2025-02-01" and status == "open"
        firm.document(
            CastDocument(
                document_id=firm.next("document", "D-"),
                matter_id=key,
                template_id=template["template_id"],
                fields=fields,
                status=rng.choice(["draft", "in_review"]) if draft else "final",
                created_on=created,
            )
        )
    for _ in range(
        {"litigation": rng.choice([3, 4, 5, 6]), "family": rng.choice([1, 2, 3])}.get(kind, rng.choice([0, 1, 2]))
    ):
        event = rng.choice(EVENTS)
        due = firm.pop.day(_shift(opened, 20), "2025-06-30")
        added = min(TODAY, _shift(opened, 10))
        entry = firm.next("docket", "DK-")
        firm.docket[entry] = {
            "entry_id": entry,
            "matter_id": key,
            "event": event,
            "due_date": due,
            "rule": {"hearing": "Court notice of hearing", "filing_deadline": "Court scheduling order"}.get(
                event, "FRCP 12(a)(1)(A)(i)" if event == "answer_due" else "Local motion rule: response within 14 days"
            ),
            "added_on": added,
        }
    for _ in range(rng.choice([1, 2, 2, 3])):
        amount = round(rng.uniform(120, 2400), 2)
        invoice_status = (
            "paid" if status == "closed" else rng.choices(["paid", "approved", "awaiting_approval"], [60, 20, 20])[0]
        )
        invoice = firm.next("invoice", "INV-")
        firm.invoices[invoice] = {
            "invoice_id": invoice,
            "matter_id": key,
            "issued_on": firm.pop.day(opened, min(TODAY, _shift(opened, 300))),
            "description": rng.choice(
                ["Legal services", "Document drafting", "Court appearance", "Filing fees", "Research"]
            ),
            "amount": amount,
            "balance": 0.0 if invoice_status == "paid" else amount,
            "status": invoice_status,
        }
    firm.ledger(key, refunded=round(rng.uniform(50, 900), 2) if status == "closed" and rng.random() < 0.4 else 0.0)


def filler_references(firm: Firm) -> None:
    rng = firm.rng
    taken = {ref["case_name"] for ref in firm.references.values()}
    number = 4100
    for topic, vocabulary in TOPICS.items():
        words = [word for word in vocabulary if word not in DISTINCTIVE]
        for jurisdiction in ("IL", "NY", "CA", "TX"):
            good: list[str] = []
            for index in range(18):
                while True:
                    name = f"{rng.choice(firm.pop.names)[1]} v. {_company(rng, rng.choice(COMPANY_WORDS))}"
                    if rng.random() < 0.5:
                        name = f"{rng.choice(firm.pop.names)[1]} v. {rng.choice(firm.pop.names)[1]}"
                    if name not in taken:
                        taken.add(name)
                        break
                key = f"REF-{number}"
                number += 1
                status = (
                    "good_law"
                    if index < 4 or not good or rng.random() < 0.85
                    else rng.choice(["overruled", "superseded"])
                )
                year = rng.randint(1975, 2023)
                firm.references[key] = {
                    "citation_id": key,
                    "case_name": name,
                    "citation": f"{year} {jurisdiction} App {rng.randint(10000, 99999)}",
                    "jurisdiction": jurisdiction,
                    "topic": topic,
                    "keywords": sorted(rng.sample(words, rng.choice([2, 3]))),
                    "holding": HOLDINGS[topic],
                    "status": status,
                    "superseded_by": rng.choice(good) if status != "good_law" else None,
                }
                if status == "good_law":
                    good.append(key)


def slots(firm: Firm) -> None:
    rng = firm.rng
    prospective = [key for key, client in firm.clients.items() if key >= "CL-1100"]
    number = 8001
    for attorney_id in sorted(firm.attorneys):
        if firm.attorneys[attorney_id]["practice_area"] == "conflicts":
            continue
        for day in _business_days(SLOTS_FROM, SLOTS_TO):
            for time in SLOT_TIMES:
                solid = attorney_id in BOOKED_SOLID and day <= BOOKED_SOLID[attorney_id]
                booked = solid or rng.random() < 0.55
                key = f"SL-{number}"
                number += 1
                firm.slots[key] = {
                    "slot_id": key,
                    "attorney_id": attorney_id,
                    "start": f"{day} {time}",
                    "status": "booked" if booked else "open",
                    "client_id": rng.choice(prospective) if booked else None,
                }


def database() -> dict[str, Any]:
    firm = Firm()
    firm.template_set()
    cast(firm)
    filler_clients(firm)
    filler_references(firm)
    slots(firm)
    return {
        "today": TODAY,
        "holidays": HOLIDAYS,
        "next_matter_number": firm.numbers["matter"],
        "next_document_number": firm.numbers["document"],
        "next_docket_number": firm.numbers["docket"],
        "next_trust_line_number": firm.numbers["trust"],
        "clients": firm.clients,
        "attorneys": firm.attorneys,
        "consultation_slots": firm.slots,
        "matters": firm.matters,
        "templates": firm.templates,
        "documents": firm.documents,
        "references": firm.references,
        "docket_entries": firm.docket,
        "invoices": firm.invoices,
        "trust_ledger": firm.trust,
    }
