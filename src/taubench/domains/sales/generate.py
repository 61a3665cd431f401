"""The sales domain's database: the hand-written cast the tasks are built around
(``data/cast.json``) plus seeded filler, so that every look-up has something to miss.

The cast: the VP, the five regional managers and the reps whose records the tasks touch (the
Northeast team of Dana Whitfield, a rep who has left and still owns an account and a deal, two
Central reps and one Pacific rep); their accounts, among them one whose lead arrives under
another company name but the same e-mail domain (Tidewater), and one whose lead carries the
account's own name (Brightwell); contacts with the traps of the brief: two J. Patels at
different accounts, three people recorded twice at one account (Carla Mendes and Nadia Park with
the same e-mail, the later record opted out; Greta Lund with two e-mails), opted-out
decision-makers; inbound leads created before, on and after Labor Day (2025-09-01) so that the
one-business-day rule falls on either side of today; opportunities at every stage whose exit
checklists are complete or missing one item (no decision-maker logged, an expired quote, a
third close-date push, a close date already past), signed and expired quotes, and the quarter's
pipelines the arithmetic tasks add up. The cast reps own only cast records.

The filler: about 45 more reps across the five territories (three who have left), 500 accounts
(with pairs of near-identical company names), about 2,000 contacts (a tenth of them namesakes,
some recorded twice), 900 leads, 1,000 opportunities, their quotes, 8,000 activities and 300
follow-up tasks, all owned by filler reps."""

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Optional

from pydantic import BaseModel

from taubench.domains.kit import Population, load_cast
from taubench.domains.sales.models import Account, Activity, Contact, FollowUpTask, Lead, Opportunity, Rep

SEED = 2109
TODAY = "2025-09-02"
QUARTER_END = "2025-09-30"
NEXT_QUARTER_END = "2025-12-31"
TERRITORIES = {
    "Northeast": ("617", ["Boston", "Hartford", "Albany", "Providence", "Burlington", "Portland", "Newark"]),
    "Central": ("312", ["Chicago", "Milwaukee", "Minneapolis", "St. Louis", "Columbus", "Indianapolis"]),
    "Pacific": ("415", ["San Francisco", "Seattle", "San Diego", "Sacramento", "Portland OR", "Oakland"]),
    "Southeast": ("404", ["Atlanta", "Charlotte", "Nashville", "Tampa", "Raleigh", "Miami"]),
    "Mountain": ("303", ["Denver", "Salt Lake City", "Boise", "Phoenix", "Albuquerque", "Reno"]),
}
FILLER_REPS = {"Northeast": 6, "Central": 8, "Pacific": 9, "Southeast": 10, "Mountain": 10}
PRODUCTS = [  # id, name, family, list price, floor price (per unit per year)
    ("P-CRM-STD", "CRM Standard seat", "CRM", 600.0, 480.0),
    ("P-CRM-PRO", "CRM Professional seat", "CRM", 1200.0, 1000.0),
    ("P-CRM-ENT", "CRM Enterprise seat", "CRM", 2000.0, 1500.0),
    ("P-CRM-MOB", "CRM Mobile add-on seat", "CRM", 180.0, 150.0),
    ("P-CRM-SBX", "CRM Sandbox environment", "CRM", 5000.0, 4000.0),
    ("P-ANL-STD", "Analytics Standard seat", "Analytics", 450.0, 400.0),
    ("P-ANL-PRO", "Analytics Pro seat", "Analytics", 900.0, 765.0),
    ("P-ANL-AI", "Forecast AI add-on seat", "Analytics", 1500.0, 1350.0),
    ("P-ANL-WH", "Data warehouse connector", "Analytics", 9000.0, 8100.0),
    ("P-SUP-DESK", "Support Desk agent seat", "Service", 480.0, 400.0),
    ("P-SUP-CHAT", "Live Chat agent seat", "Service", 300.0, 255.0),
    ("P-SUP-KB", "Knowledge Base site", "Service", 6000.0, 5100.0),
    ("P-SUP-VOICE", "Contact Center voice seat", "Service", 960.0, 840.0),
    ("P-INT-HUB", "Integration Hub instance", "Platform", 12000.0, 10200.0),
    ("P-INT-API", "API call pack (10M calls)", "Platform", 2400.0, 2160.0),
    ("P-INT-ERP", "ERP connector", "Platform", 7500.0, 6000.0),
    ("P-INT-SSO", "Enterprise SSO", "Platform", 4000.0, 3400.0),
    ("P-SEC-SHLD", "Data Shield encryption", "Security", 8000.0, 7200.0),
    ("P-SEC-AUD", "Audit Trail retention", "Security", 3600.0, 3060.0),
    ("P-SEC-DLP", "Data loss prevention seat", "Security", 120.0, 102.0),
    ("P-STO-1TB", "Extra storage 1 TB", "Storage", 1200.0, 960.0),
    ("P-STO-5TB", "Extra storage 5 TB", "Storage", 5000.0, 4250.0),
    ("P-MKT-AUTO", "Marketing Automation seat", "Marketing", 1000.0, 850.0),
    ("P-MKT-EVT", "Events module", "Marketing", 4800.0, 4080.0),
    ("P-MKT-SMS", "SMS pack (100k messages)", "Marketing", 1500.0, 1350.0),
    ("P-CPQ-STD", "Quote-to-Cash seat", "Revenue", 720.0, 612.0),
    ("P-CPQ-BILL", "Billing engine", "Revenue", 15000.0, 12750.0),
    ("P-FLD-SVC", "Field Service technician seat", "Service", 840.0, 714.0),
    ("P-FLD-DISP", "Dispatch console", "Service", 6600.0, 5610.0),
    ("P-PRM-PORT", "Partner portal", "Platform", 9600.0, 8160.0),
    ("P-COM-B2B", "B2B commerce storefront", "Commerce", 18000.0, 15300.0),
    ("P-COM-ORD", "Order management seat", "Commerce", 660.0, 561.0),
    ("P-ONB-STD", "Standard onboarding package", "Services", 8000.0, 7200.0),
    ("P-ONB-PRM", "Premium onboarding package", "Services", 15000.0, 12750.0),
    ("P-TRN-DAY", "Training day (on site)", "Services", 2500.0, 2250.0),
    ("P-TRN-ACAD", "Academy seat", "Services", 350.0, 315.0),
    ("P-SUC-PRM", "Premier success plan", "Services", 20000.0, 17000.0),
    ("P-SUC-TAM", "Technical account manager", "Services", 36000.0, 32400.0),
    ("P-MIG-DATA", "Data migration package", "Services", 10000.0, 8500.0),
    ("P-HLT-CMP", "Healthcare compliance pack", "Industry", 9000.0, 7650.0),
]
FIRST_PARTS = [
    "Alder",
    "Beacon",
    "Birch",
    "Blue Ridge",
    "Bramble",
    "Cedar",
    "Clearwater",
    "Cobalt",
    "Coral",
    "Crestline",
    "Driftwood",
    "Eastgate",
    "Ember",
    "Fairhaven",
    "Fernhill",
    "Foxglove",
    "Glacier",
    "Golden Mile",
    "Harborview",
    "Hawthorne",
    "Highland",
    "Ironbridge",
    "Juniper",
    "Keystone",
    "Lakeshore",
    "Lantern",
    "Linden",
    "Maplewood",
    "Meadowlark",
    "Millbrook",
    "Northbeam",
    "Oakridge",
    "Pinnacle",
    "Quarry",
    "Redstone",
    "Riverbend",
    "Sagebrush",
    "Silverline",
    "Stonegate",
    "Summit",
    "Sycamore",
    "Thistle",
    "Timberline",
    "Trailhead",
    "Westfield",
    "Willowby",
]
SECOND_PARTS = {
    "Logistics": ["Logistics", "Freight", "Transport"],
    "Healthcare": ["Health", "Clinics", "Medical Group"],
    "Manufacturing": ["Manufacturing", "Industries", "Fabrication"],
    "Retail": ["Retail", "Outfitters", "Markets"],
    "Financial Services": ["Financial", "Capital", "Credit Union"],
    "Technology": ["Software", "Labs", "Systems"],
    "Insurance": ["Insurance", "Mutual", "Assurance"],
    "Legal": ["Legal", "Law Group"],
    "Energy": ["Energy", "Power", "Solar"],
    "Education": ["Academy", "Learning"],
    "Food & Beverage": ["Foods", "Brewing", "Provisions"],
    "Construction": ["Builders", "Construction"],
}
COMPANY_SUFFIXES = [" Group", " Co", " Partners", " Holdings", " Collective", " Works", " International", " & Co"]
TITLES = [  # title, decision-maker
    ("CEO", True),
    ("CFO", True),
    ("COO", True),
    ("CIO", True),
    ("VP Sales", True),
    ("VP Operations", True),
    ("Head of IT", True),
    ("Director of Operations", False),
    ("IT Manager", False),
    ("Sales Operations Manager", False),
    ("Procurement Manager", False),
    ("Systems Administrator", False),
    ("Business Analyst", False),
    ("Customer Success Lead", False),
    ("Marketing Manager", False),
    ("Finance Manager", False),
]
STAGES = ["discovery", "qualification", "proposal", "negotiation", "commit", "closed_won", "closed_lost"]
STAGE_WEIGHTS = [18, 16, 14, 9, 5, 22, 16]
OPEN = STAGES[:5]
ACTIVITY_KINDS = [  # type, outcomes
    ("call", ["connected", "left_voicemail", "no_answer", "connected", "not_interested"]),
    ("email", ["sent"]),
    ("meeting", ["held"]),
    ("demo", ["held"]),
    ("marketing_email", ["sent"]),
]
PURPOSES = ["follow_up", "send_quote", "schedule_demo", "identify_decision_maker", "confirm_budget", "collect_po"]


class CastLine(BaseModel):
    product_id: str
    quantity: int


class CastQuote(BaseModel):
    quote_id: str
    opportunity_id: str
    lines: list[CastLine]
    discount_pct: float
    approver_id: Optional[str]
    status: str
    created: str


def cents(value: float) -> float:
    return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def plus(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def slug(name: str) -> str:
    return "".join(ch for ch in name.lower().replace("&", "and") if ch.isalnum() or ch == " ").replace(" ", "")


class World:
    def __init__(self) -> None:
        self.people = Population(SEED, TODAY)
        self.rng = self.people.rng
        self.prices = {p[0]: (p[3], p[4]) for p in PRODUCTS}
        cast = load_cast(
            __package__,
            {
                "reps": Rep,
                "accounts": Account,
                "contacts": Contact,
                "leads": Lead,
                "opportunities": Opportunity,
                "quotes": CastQuote,
                "activities": Activity,
                "tasks": FollowUpTask,
            },
        )
        self.reps = {r.rep_id: r.model_dump() for r in cast["reps"]}
        self.accounts = {a.account_id: a.model_dump() for a in cast["accounts"]}
        self.contacts = {c.contact_id: c.model_dump() for c in cast["contacts"]}
        self.leads = {lead.lead_id: lead.model_dump() for lead in cast["leads"]}
        self.opportunities = {o.opportunity_id: o.model_dump() for o in cast["opportunities"]}
        self.activities = {a.activity_id: a.model_dump() for a in cast["activities"]}
        self.tasks = {t.task_id: t.model_dump() for t in cast["tasks"]}
        self.quotes: dict[str, dict] = {}
        for quote in cast["quotes"]:
            self.add_quote(
                quote.quote_id,
                quote.opportunity_id,
                [(line.product_id, line.quantity) for line in quote.lines],
                quote.discount_pct,
                quote.approver_id,
                quote.status,
                quote.created,
            )
        for contact in self.contacts.values():
            self.people.know(contact["first_name"], contact["last_name"], "F")
        self.names_used = {a["name"] for a in self.accounts.values()}
        self.domains_used = {a["domain"] for a in self.accounts.values()}

    def add_quote(
        self, quote_id: str, opportunity_id: str, lines: list, discount: float, approver: Any, status: str, created: str
    ) -> None:
        priced = []
        for product_id, quantity in sorted(lines):
            list_price = self.prices[product_id][0]
            unit = cents(list_price * (100 - discount) / 100)
            priced.append(
                {
                    "product_id": product_id,
                    "quantity": quantity,
                    "list_price": list_price,
                    "unit_price": unit,
                    "line_total": cents(unit * quantity),
                }
            )
        self.quotes[quote_id] = {
            "quote_id": quote_id,
            "opportunity_id": opportunity_id,
            "lines": priced,
            "discount_pct": discount,
            "total": cents(sum(line["line_total"] for line in priced)),
            "approver_id": approver,
            "status": status,
            "created": created,
            "valid_until": plus(created, 30),
        }

    def filler_reps(self) -> None:
        number = 140
        managers = {r["territory"]: r["rep_id"] for r in self.reps.values() if r["role"] == "manager"}
        for territory, count in FILLER_REPS.items():
            for _ in range(count):
                person = self.people.person(TERRITORIES[territory][0], (24, 60), "halvard.com")
                rep_id = f"R{number}"
                number += 1
                self.reps[rep_id] = {
                    "rep_id": rep_id,
                    "name": person.name,
                    "role": "rep",
                    "team": territory,
                    "territory": territory,
                    "manager_id": managers[territory],
                    "email": person.email,
                    "active": True,
                }
        for rep_id in ("R143", "R157", "R171"):  # three who have left
            self.reps[rep_id]["active"] = False

    def owners(self, territory: str) -> list[str]:
        return [
            r["rep_id"]
            for r in self.reps.values()
            if r["territory"] == territory and r["role"] == "rep" and r["active"] and int(r["rep_id"][1:]) >= 140
        ]

    def company(self, industry: str) -> tuple[str, str]:
        for attempt in range(10_000):
            suffix = self.rng.choice(COMPANY_SUFFIXES) if attempt > 3 else ""
            name = f"{self.rng.choice(FIRST_PARTS)} {self.rng.choice(SECOND_PARTS[industry])}{suffix}"
            domain = slug(name) + self.rng.choice([".com", ".com", ".io", ".co", ".net"])
            if name not in self.names_used and domain not in self.domains_used:
                self.names_used.add(name)
                self.domains_used.add(domain)
                return name, domain
        raise RuntimeError(f"no company name left for {industry}")

    def filler_accounts(self, count: int) -> None:
        for index in range(count):
            account_id = f"A{1100 + index}"
            territory = self.rng.choice(list(TERRITORIES))
            industry = self.rng.choice(list(SECOND_PARTS))
            if index % 50 == 7:  # a near-identical name: the same company words, another suffix and domain
                base = self.accounts[f"A{1100 + index - 1}"]
                name = base["name"].split(" ")[0] + " " + self.rng.choice(["Group", "Holdings", "Partners"])
                domain = slug(name) + ".com"
                if name in self.names_used or domain in self.domains_used:
                    name, domain = self.company(industry)
                self.names_used.add(name)
                self.domains_used.add(domain)
                industry = base["industry"]
            else:
                name, domain = self.company(industry)
            self.accounts[account_id] = {
                "account_id": account_id,
                "name": name,
                "domain": domain,
                "industry": industry,
                "territory": territory,
                "owner_id": self.rng.choice(self.owners(territory)),
                "city": self.rng.choice(TERRITORIES[territory][1]),
                "created": self.people.day("2018-01-01", "2025-06-30"),
            }

    def filler_contacts(self) -> None:
        number = 20100
        for account in list(self.accounts.values()):
            if account["account_id"] < "A1100":
                continue
            emails: set[str] = set()
            for _ in range(self.rng.choice([2, 3, 3, 4, 4, 4, 5, 5, 6])):
                person = self.people.person(TERRITORIES[account["territory"]][0], (25, 64), account["domain"])
                title, decision_maker = self.rng.choice(TITLES)
                email = person.email
                while email in emails:
                    email = email.replace("@", "1@")
                emails.add(email)
                contact_id = f"C{number}"
                number += 1
                self.contacts[contact_id] = {
                    "contact_id": contact_id,
                    "account_id": account["account_id"],
                    "first_name": person.first,
                    "last_name": person.last,
                    "email": email,
                    "title": title,
                    "decision_maker": decision_maker,
                    "email_opt_out": self.rng.random() < 0.12,
                    "created": self.people.day(max(account["created"], "2020-01-01"), "2025-08-31"),
                }
                if self.rng.random() < 0.03:  # the same person entered twice, later, with the same e-mail
                    twin = dict(self.contacts[contact_id])
                    twin["contact_id"] = f"C{number}"
                    number += 1
                    twin["created"] = self.people.day(twin["created"], "2025-08-31")
                    twin["title"] = self.rng.choice(TITLES)[0]
                    self.contacts[twin["contact_id"]] = twin

    def filler_leads(self, count: int) -> None:
        sources = ["inbound_web", "inbound_chat", "event", "referral", "outbound"]
        for index in range(count):
            territory = self.rng.choice(list(TERRITORIES))
            industry = self.rng.choice(list(SECOND_PARTS))
            existing = self.rng.random() < 0.05
            if existing:  # a lead from a company that is already an account
                account = self.accounts[f"A{1100 + self.rng.randrange(500)}"]
                company, domain, territory = account["name"], account["domain"], account["territory"]
            else:
                company, domain = self.company(industry)
            person = self.people.person(TERRITORIES[territory][0], (24, 64), domain)
            created = self.people.day("2025-04-01", "2025-08-22")
            status = self.rng.choice(["working", "working", "converted", "disqualified", "new"])
            source = self.rng.choice(sources)
            first_contact = None if status == "new" else plus(created, self.rng.choice([0, 0, 1, 1, 2, 5]))
            lead = {
                "lead_id": f"L{5100 + index}",
                "first_name": person.first,
                "last_name": person.last,
                "company": company,
                "email": person.email,
                "title": self.rng.choice(TITLES)[0],
                "industry": industry,
                "city": self.rng.choice(TERRITORIES[territory][1]),
                "source": source,
                "status": status,
                "owner_id": self.rng.choice(self.owners(territory)),
                "territory": territory,
                "created": created,
                "first_contact": first_contact,
                "converted_account_id": None,
                "converted_contact_id": None,
            }
            if status == "converted":
                in_territory = [
                    a for a in self.accounts.values() if a["territory"] == territory and a["account_id"] >= "A1100"
                ]
                account = self.rng.choice(in_territory)
                people = [c for c in self.contacts.values() if c["account_id"] == account["account_id"]]
                lead["converted_account_id"] = account["account_id"]
                lead["converted_contact_id"] = people[0]["contact_id"]
            self.leads[lead["lead_id"]] = lead
            if first_contact:
                self.activity(lead["lead_id"], "call", first_contact, None, "connected", lead["owner_id"])

    def activity(self, entity: str, kind: str, day: str, contact: Optional[str], outcome: str, rep: str) -> None:
        activity_id = f"AC{31000 + len(self.activities)}"
        self.activities[activity_id] = {
            "activity_id": activity_id,
            "entity_id": entity,
            "activity_type": kind,
            "date": day,
            "contact_id": contact,
            "outcome": outcome,
            "rep_id": rep,
        }

    def filler_opportunities(self, count: int) -> None:
        filler_accounts = [a for a in self.accounts.values() if a["account_id"] >= "A1100"]
        quote_number = 9100
        for index in range(count):
            account = self.rng.choice(filler_accounts)
            stage = self.rng.choices(STAGES, STAGE_WEIGHTS)[0]
            created = self.people.day("2024-10-01", "2025-08-25")
            if stage in OPEN:
                close = self.people.day("2025-09-03", "2026-03-31")
            else:
                close = self.people.day(plus(created, 20), "2025-09-01") if plus(created, 20) < TODAY else TODAY
            products = sorted(self.rng.sample([p[0] for p in PRODUCTS], self.rng.choice([1, 1, 2, 2, 3])))
            quantities = [self.rng.choice([5, 10, 15, 20, 25, 40, 50, 75, 100]) for _ in products]
            quantities = [1 if self.prices[p][0] >= 5000 else q for p, q in zip(products, quantities)]
            amount = cents(sum(self.prices[p][0] * q for p, q in zip(products, quantities)))
            opportunity_id = f"O{7100 + index}"
            owner = account["owner_id"]
            self.opportunities[opportunity_id] = {
                "opportunity_id": opportunity_id,
                "account_id": account["account_id"],
                "name": f"{account['name']} - {self.rng.choice(['Expansion', 'New Business', 'Renewal', 'Upgrade'])}",
                "owner_id": owner,
                "stage": stage,
                "amount": amount,
                "close_date": close,
                "close_date_pushes": self.rng.choice([0, 0, 0, 1, 1, 2]) if stage in OPEN else 0,
                "products": products,
                "po_number": f"PO-{self.rng.randint(10000, 99999)}" if stage == "closed_won" else None,
                "created": created,
            }
            people = [c for c in self.contacts.values() if c["account_id"] == account["account_id"]]
            deciders = [c for c in people if c["decision_maker"]] or people
            for _ in range(self.rng.randint(2, 6)):
                kind, outcomes = self.rng.choice(ACTIVITY_KINDS[:4])
                contact = self.rng.choice(people)
                day = self.people.day(created, min(TODAY, max(created, close)))
                self.activity(opportunity_id, kind, day, contact["contact_id"], self.rng.choice(outcomes), owner)
            if STAGES.index(stage) >= 1 and stage != "closed_lost":
                decider = deciders[0]
                self.activity(
                    opportunity_id,
                    "meeting",
                    plus(created, 3),
                    decider["contact_id"],
                    "decision_maker_confirmed",
                    owner,
                )
                self.activity(
                    opportunity_id, "call", plus(created, 5), decider["contact_id"], "budget_confirmed", owner
                )
            if stage in ("proposal", "negotiation", "commit", "closed_won") or (
                stage in ("qualification", "closed_lost") and self.rng.random() < 0.3
            ):
                discount = self.rng.choice([0.0, 0.0, 5.0, 10.0, 12.0, 15.0])
                approver = self.reps[owner]["manager_id"] if discount > 10 else None
                quoted = self.people.day(created, min(plus(created, 60), TODAY))
                if stage == "closed_won":
                    status = "signed"
                elif plus(quoted, 30) < TODAY:
                    status = "expired"
                else:
                    status = self.rng.choice(["draft", "sent"])
                if stage in ("proposal", "negotiation", "commit") and status == "expired":
                    quoted = self.people.day("2025-08-10", TODAY)
                    status = "sent"
                self.add_quote(
                    f"Q{quote_number}",
                    opportunity_id,
                    list(zip(products, quantities)),
                    discount,
                    approver,
                    status,
                    quoted,
                )
                quote_number += 1

    def filler_activities(self, count: int) -> None:
        contacts = [c for c in self.contacts.values() if c["contact_id"] >= "C20100"]
        for _ in range(count):
            contact = self.rng.choice(contacts)
            account = self.accounts[contact["account_id"]]
            kind, outcomes = self.rng.choice(ACTIVITY_KINDS)
            if kind == "marketing_email" and contact["email_opt_out"]:
                kind, outcomes = ACTIVITY_KINDS[1]
            entity = contact["contact_id"] if self.rng.random() < 0.7 else account["account_id"]
            day = self.people.day("2025-03-01", TODAY)
            self.activity(entity, kind, day, contact["contact_id"], self.rng.choice(outcomes), account["owner_id"])

    def filler_tasks(self, count: int) -> None:
        contacts = [c for c in self.contacts.values() if c["contact_id"] >= "C20100"]
        for index in range(count):
            contact = self.rng.choice(contacts)
            created = self.people.day("2025-07-15", TODAY)
            due = plus(created, self.rng.randint(1, 14))
            task_id = f"TK{60100 + index}"
            self.tasks[task_id] = {
                "task_id": task_id,
                "related_id": contact["contact_id"],
                "owner_id": self.accounts[contact["account_id"]]["owner_id"],
                "due_date": due,
                "purpose": self.rng.choice(PURPOSES),
                "status": "done" if due < TODAY and self.rng.random() < 0.8 else "open",
                "created": created,
            }


def database() -> dict[str, Any]:
    world = World()
    world.filler_reps()
    world.filler_accounts(500)
    world.filler_contacts()
    world.filler_leads(900)
    world.filler_opportunities(1000)
    world.filler_activities(8000 - len(world.activities))
    world.filler_tasks(300)
    activities = dict(sorted(world.activities.items(), key=lambda item: (item[1]["date"], item[0])))
    return {
        "today": TODAY,
        "quarter_end": QUARTER_END,
        "next_quarter_end": NEXT_QUARTER_END,
        "next_numbers": {
            "account": 1100 + 500,
            "contact": 1 + max(int(key[1:]) for key in world.contacts),
            "opportunity": 7100 + 1000,
            "activity": 31000 + len(world.activities),
            "task": 60100 + 300,
            "quote": 1 + max(int(key[1:]) for key in world.quotes),
        },
        "reps": world.reps,
        "accounts": world.accounts,
        "contacts": world.contacts,
        "leads": world.leads,
        "opportunities": world.opportunities,
        "activities": activities,
        "tasks": world.tasks,
        "quotes": world.quotes,
        "products": {
            p[0]: {"product_id": p[0], "name": p[1], "family": p[2], "list_price": p[3], "floor_price": p[4]}
            for p in PRODUCTS
        },
    }
