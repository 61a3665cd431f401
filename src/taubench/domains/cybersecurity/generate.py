"""The security desk's database: the cast the tasks are written around (``data/cast.json``)
and seeded filler around it, so that every look-up has near misses to avoid.

The cast: the desk's own account (E1000, the reporter of suspected impersonation); two Sam
Riveras (E1002 in Engineering, E1003 in Sales) told apart only by e-mail or id; the security
team (Keiko Tanaka and Emeka Okafor, SOC analysts; Omar Haddad, IR lead; Ingrid Bergstrom,
CISO; Rosa Delgado, privacy officer); the finance team whose ERP access review and SoD
conflicts the access tasks turn on (Leah Brennan holds ap_clerk, Bruno Alvarez has a pending
payment_initiator request); two leavers (Chloe Dubois leaving on 2025-04-18, Tamara Petrov
whose last day 2025-04-11 passed with her account still active); the hosts ``fin-db-01`` and
``fin-db-01-dr`` with the same critical CVE, internet-facing web servers with a
known-exploited one, hosts whose last scan predates the owner's fix; open incidents with and
without personal data; MFA-reset and risk-acceptance tickets approved by the right person,
the wrong one, too long ago, or not yet; and the audit controls whose Q1 evidence is short.
Filler (``_Filler``) draws the rest of the company from ``Population``: people with their
managers and callback numbers (a tenth namesakes), their laptops and the servers they own,
years of scanner findings, past incidents, access grants that respect the SoD rules,
tickets, and evidence for every control.
"""

from datetime import date, timedelta
from typing import Any, Optional

from pydantic import BaseModel

from taubench.domains.cybersecurity.models import Control, Incident, SodRule, System, Ticket
from taubench.domains.kit import Population, load_cast

SEED = 20250415
NOW = "2025-04-15 10:00"
TODAY = NOW[:10]
AUDIT_PERIOD = ["2025-01-01", "2025-03-31"]
MAIL = "tessaly.io"
FILLER_EMPLOYEES = range(1100, 1620)
DEPARTMENTS = {  # department -> (head, titles)
    "Engineering": (
        "E1011",
        ("Software Engineer", "Senior Software Engineer", "QA Engineer", "Site Reliability Engineer"),
    ),
    "Sales": ("E1012", ("Account Executive", "Sales Development Rep", "Solutions Consultant")),
    "Finance": ("E1020", ("Financial Analyst", "Accountant", "Billing Specialist")),
    "Marketing": ("E1019", ("Marketing Specialist", "Designer", "Events Coordinator")),
    "Support": ("E1023", ("Support Specialist", "Support Engineer", "Customer Success Manager")),
    "People": ("E1015", ("Recruiter", "People Operations Specialist")),
    "IT Operations": ("E1014", ("IT Technician", "Systems Administrator", "Network Engineer")),
    "Data": ("E1011", ("Data Analyst", "Data Engineer")),
}
AREAS = ("415", "628", "510", "646", "512")
SERVER_FAMILIES = (  # hostname stem, criticality, internet-facing, personal data, owning department
    ("web-prod", "high", True, True, "Engineering"),
    ("app-stg", "low", False, False, "Engineering"),
    ("k8s-node", "medium", False, False, "Engineering"),
    ("ci-runner", "medium", False, False, "Engineering"),
    ("ana-wh", "medium", False, True, "Data"),
    ("mail-relay", "high", True, False, "IT Operations"),
    ("vpn-edge", "high", True, False, "IT Operations"),
    ("print-srv", "low", False, False, "IT Operations"),
    ("file-share", "medium", False, True, "IT Operations"),
    ("mon-collector", "low", False, False, "IT Operations"),
)
OPERATING_SYSTEMS = {
    "laptop": ("macOS 15.3", "macOS 14.7", "Windows 11 23H2", "Windows 11 24H2"),
    "workstation": ("Windows 11 23H2", "Windows 11 24H2", "Ubuntu 24.04"),
    "server": ("Ubuntu 22.04", "Ubuntu 24.04", "RHEL 9.4", "Windows Server 2022", "Debian 12"),
}
CVES = (
    ("CVE-2024-3094", 10.0, True),
    ("CVE-2024-6387", 8.1, True),
    ("CVE-2024-21413", 9.8, True),
    ("CVE-2024-38063", 9.8, False),
    ("CVE-2024-30088", 7.0, True),
    ("CVE-2024-43451", 6.5, True),
    ("CVE-2024-49138", 7.8, True),
    ("CVE-2024-45337", 9.1, False),
    ("CVE-2024-56337", 8.1, False),
    ("CVE-2024-11477", 7.8, False),
    ("CVE-2024-9143", 4.3, False),
    ("CVE-2024-2511", 5.9, False),
    ("CVE-2024-0727", 5.5, False),
    ("CVE-2024-5535", 9.1, False),
    ("CVE-2024-7264", 6.5, False),
    ("CVE-2024-8096", 6.5, False),
    ("CVE-2024-28182", 5.3, False),
    ("CVE-2024-24790", 9.8, False),
    ("CVE-2024-45490", 7.5, False),
    ("CVE-2024-52316", 9.8, False),
    ("CVE-2024-47175", 8.6, False),
    ("CVE-2024-6119", 7.5, False),
    ("CVE-2025-0411", 7.0, True),
    ("CVE-2025-21333", 7.8, True),
    ("CVE-2025-22224", 9.3, True),
    ("CVE-2025-24201", 8.8, True),
    ("CVE-2025-1094", 8.1, False),
    ("CVE-2025-0665", 9.8, False),
    ("CVE-2025-26465", 6.8, False),
    ("CVE-2025-26466", 5.9, False),
    ("CVE-2025-27363", 8.1, True),
    ("CVE-2024-13176", 4.1, False),
    ("CVE-2024-12797", 7.4, False),
    ("CVE-2023-48795", 5.9, False),
    ("CVE-2023-44487", 7.5, True),
    ("CVE-2024-37371", 9.1, False),
    ("CVE-2024-1086", 7.8, True),
    ("CVE-2024-2961", 7.3, False),
    ("CVE-2024-41110", 9.9, False),
    ("CVE-2024-3596", 3.7, False),
)
CONTROL_NAMES = (
    "User access review",
    "Privileged access review",
    "Joiner-mover-leaver reconciliation",
    "Backup restore test",
    "Firewall rule review",
    "Vulnerability scan coverage",
    "Patch compliance report",
    "Security awareness training completion",
    "Phishing simulation",
    "Change approval sample",
    "Encryption key rotation",
    "Log retention check",
    "Incident response tabletop",
    "Vendor security review",
    "Endpoint protection coverage",
)
SOD_SAFE_ROLES = (  # roles filler grants may hold: none of them conflict with another
    ("SYS-CRM", "sales_user"),
    ("SYS-GIT", "developer"),
    ("SYS-CLOUD", "cloud_viewer"),
    ("SYS-ERP", "gl_viewer"),
    ("SYS-HRIS", "hr_viewer"),
    ("SYS-AD", "helpdesk_operator"),
    ("SYS-SIEM", "siem_analyst"),
    ("SYS-CRM", "data_export"),
)


class CastEmployee(BaseModel):
    employee_id: str
    name: str
    email: str
    department: str
    title: str
    manager_id: Optional[str]
    security_role: str = "staff"
    privileged: bool = False
    status: str = "active"
    last_day: Optional[str] = None
    mfa_devices: list[str]
    callback_number: str


class CastAsset(BaseModel):
    asset_id: str
    hostname: str
    kind: str
    owner_id: str
    criticality: str
    internet_facing: bool = False
    holds_personal_data: bool = False
    encrypted: bool = True
    os: str
    last_scan: str
    next_scan: str
    status: str = "online"
    isolated_for: Optional[str] = None


class CastFinding(BaseModel):
    finding_id: str
    asset_id: str
    cve: str
    cvss: float
    known_exploited: bool = False
    detected_on: str
    status: str = "open"
    exception_expires: Optional[str] = None
    exception_ticket: Optional[str] = None
    exception_requested_by: Optional[str] = None
    remediated_on: Optional[str] = None


class CastAccess(BaseModel):
    request_id: str
    employee_id: str
    system_id: str
    role: str
    requested_by: str
    approver_ids: list[str]
    requested_on: str
    status: str


CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "employees": CastEmployee,
    "assets": CastAsset,
    "findings": CastFinding,
    "incidents": Incident,
    "systems": System,
    "sod_rules": SodRule,
    "access_requests": CastAccess,
    "tickets": Ticket,
    "controls": Control,
}


def _days(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _employee(record: CastEmployee) -> dict[str, Any]:
    return {
        **record.model_dump(exclude={"callback_number"}),
        "disable_at": None,
        "password_reset_required": False,
        "callback_number": record.callback_number,
        "verified": False,
    }


def _asset(record: CastAsset) -> dict[str, Any]:
    return {**record.model_dump(), "isolation_approved_by": None}


class _Filler:
    """The seeded rest of the company around the cast."""

    def __init__(self, db: dict[str, Any], cast: dict[str, list]) -> None:
        self.db = db
        self.population = Population(SEED, TODAY)
        self.rng = self.population.rng
        for person in cast["employees"]:
            first, _, last = person.name.partition(" ")
            if person.employee_id != "E1000":  # the desk's own account is no one's namesake
                self.population.know(first, last, "F", person.callback_number)
        self.emails = {person.email for person in cast["employees"]}
        self.hostnames = {asset.hostname for asset in cast["assets"]}
        self.asset_number, self.finding_number = 4000, 51000
        self.request_number, self.ticket_number, self.evidence_number = 61000, 21000, 1000

    def employees(self) -> None:
        rng = self.rng
        departments = list(DEPARTMENTS)
        for number in FILLER_EMPLOYEES:
            department = rng.choice(departments)
            head, titles = DEPARTMENTS[department]
            person = self.population.person(rng.choice(AREAS), ages=(22, 64), mail_domain=MAIL)
            email = person.email
            while email in self.emails:
                email = email.replace("@", f"{rng.randint(2, 9)}@")
            self.emails.add(email)
            title = rng.choice(titles)
            leaver = rng.random() < 0.04
            disabled = rng.random() < 0.05
            last_day = _days(TODAY, rng.randint(3, 40)) if leaver else None
            if disabled:
                last_day = _days(TODAY, -rng.randint(10, 300))
            devices = [f"{rng.choice(['iPhone', 'Pixel', 'Galaxy'])} authenticator"]
            if rng.random() < 0.3:
                devices.append(f"YubiKey {rng.randint(10000, 99999)}")
            self.db["employees"][f"E{number}"] = {
                "employee_id": f"E{number}",
                "name": person.name,
                "email": email,
                "department": department,
                "title": title,
                "manager_id": head,
                "security_role": "staff",
                "privileged": title in ("Systems Administrator", "Site Reliability Engineer", "Network Engineer"),
                "status": "disabled" if disabled else "active",
                "last_day": last_day,
                "disable_at": f"{last_day} 17:00" if last_day else None,
                "mfa_devices": [] if disabled else devices,
                "password_reset_required": False,
                "callback_number": person.phone,
                "verified": False,
            }

    def _new_asset(self, kind: str, hostname: str, owner: str, **fields: Any) -> str:
        rng = self.rng
        asset_id = f"AST-{self.asset_number}"
        self.asset_number += 1
        self.hostnames.add(hostname)
        scanned = _days(TODAY, -rng.randint(1, 13))
        self.db["assets"][asset_id] = {
            "asset_id": asset_id,
            "hostname": hostname,
            "kind": kind,
            "owner_id": owner,
            "criticality": fields.get("criticality", "low"),
            "internet_facing": fields.get("internet_facing", False),
            "holds_personal_data": fields.get("personal", False),
            "encrypted": kind == "server" or rng.random() < 0.93,
            "os": rng.choice(OPERATING_SYSTEMS[kind]),
            "last_scan": scanned,
            "next_scan": _days(scanned, 7 if kind == "server" else 14),
            "status": "online",
            "isolated_for": None,
            "isolation_approved_by": None,
        }
        return asset_id

    def assets(self) -> None:
        rng = self.rng
        people = [e for e in self.db["employees"].values() if e["employee_id"] >= "E1100" and e["status"] == "active"]
        for employee in people:
            first, _, last = employee["name"].partition(" ")
            kind = "workstation" if employee["department"] in ("Finance", "People") and rng.random() < 0.5 else "laptop"
            stem = f"{'ws' if kind == 'workstation' else 'lt'}-{first[0]}{last}".lower()
            hostname, suffix = stem, 1
            while hostname in self.hostnames:
                suffix += 1
                hostname = f"{stem}-{suffix:02d}"
            personal = employee["department"] in ("People", "Support", "Finance") and rng.random() < 0.5
            self._new_asset(kind, hostname, employee["employee_id"], personal=personal)
        counters: dict[str, int] = {}
        for _ in range(400):
            stem, criticality, facing, personal, department = rng.choice(SERVER_FAMILIES)
            owners = [e["employee_id"] for e in people if e["department"] == department]
            counters[stem] = counters.get(stem, 0) + 1
            self._new_asset(
                "server",
                f"{stem}-{counters[stem]:02d}",
                rng.choice(owners),
                criticality=criticality,
                internet_facing=facing,
                personal=personal,
            )

    def findings(self) -> None:
        rng = self.rng
        filler = [a for key, a in self.db["assets"].items() if int(key[4:]) >= 4000]
        for asset in filler:
            for _ in range(rng.randint(5, 12) if asset["kind"] == "server" else rng.randint(1, 4)):
                cve, cvss, exploited = rng.choice(CVES)
                detected = _days(TODAY, -rng.randint(2, 420))
                status = "remediated" if rng.random() < (0.85 if detected < "2025-01-01" else 0.45) else "open"
                finding = {
                    "finding_id": f"FND-{self.finding_number}",
                    "asset_id": asset["asset_id"],
                    "cve": cve,
                    "cvss": cvss,
                    "known_exploited": exploited,
                    "detected_on": detected,
                    "status": status,
                    "exception_expires": None,
                    "exception_ticket": None,
                    "exception_requested_by": None,
                    "remediated_on": _days(detected, rng.randint(3, 60)) if status == "remediated" else None,
                }
                if status == "remediated" and finding["remediated_on"] > TODAY:
                    finding["remediated_on"] = asset["last_scan"] if asset["last_scan"] > detected else TODAY
                if status == "open" and cvss < 7.0 and rng.random() < 0.15:
                    finding["status"] = "excepted"
                    finding["exception_expires"] = _days(TODAY, rng.randint(-20, 80))
                    finding["exception_requested_by"] = asset["owner_id"]
                self.finding_number += 1
                self.db["findings"][finding["finding_id"]] = finding

    def incidents(self) -> None:
        rng = self.rng
        assets = [a for key, a in self.db["assets"].items() if int(key[4:]) >= 4000]
        kinds = (
            ("phishing", "SEV3"),
            ("phishing", "SEV3"),
            ("phishing", "SEV2"),
            ("suspicious_activity", "SEV3"),
            ("suspicious_activity", "SEV3"),
            ("malware", "SEV2"),
            ("account_compromise", "SEV2"),
            ("lost_device", "SEV3"),
            ("lost_device", "SEV2"),
            ("data_exfiltration", "SEV1"),
        )
        for number in range(7000, 7450):
            category, severity = rng.choice(kinds)
            asset = rng.choice(assets)
            opened = (
                f"{_days(TODAY, -rng.randint(3, 480))} {rng.randint(7, 19):02d}:{rng.choice(['00', '15', '30', '45'])}"
            )
            personal = asset["holds_personal_data"] and category != "phishing"
            timeline = [{"at": opened, "event": f"opened as {severity} {category}"}]
            if personal:
                timeline.append({"at": opened, "event": "privacy office notified"})
            closed = f"{_days(opened[:10], rng.randint(1, 20))} {rng.randint(8, 18):02d}:00"
            status = "resolved" if closed[:10] < TODAY else "open"
            if status == "resolved":
                timeline.append({"at": closed, "event": "status set to resolved"})
            self.db["incidents"][f"INC-{number}"] = {
                "incident_id": f"INC-{number}",
                "category": category,
                "severity": severity,
                "status": status,
                "reporter_id": asset["owner_id"],
                "asset_ids": [asset["asset_id"]],
                "opened_at": opened,
                "personal_data": personal,
                "privacy_notified_at": opened if personal else None,
                "timeline": timeline,
            }

    def access(self) -> None:
        rng = self.rng
        systems = self.db["systems"]
        for employee in list(self.db["employees"].values()):
            if employee["employee_id"] < "E1100":
                continue
            for system_id, role in rng.sample(SOD_SAFE_ROLES, rng.randint(1, 4)):
                status = rng.choice(["granted"] * 6 + ["revoked", "refused"])
                if employee["status"] == "disabled":
                    status = "revoked"
                approvers = [employee["manager_id"]]
                if systems[system_id]["owner_id"] != employee["manager_id"] and rng.random() < 0.2:
                    approvers.append(systems[system_id]["owner_id"])
                self.db["access_requests"][f"AR-{self.request_number}"] = {
                    "request_id": f"AR-{self.request_number}",
                    "employee_id": employee["employee_id"],
                    "system_id": system_id,
                    "role": role,
                    "requested_by": employee["manager_id"] if rng.random() < 0.3 else employee["employee_id"],
                    "approver_ids": sorted(approvers),
                    "requested_on": _days(TODAY, -rng.randint(5, 700)),
                    "status": status,
                }
                self.request_number += 1

    def tickets(self) -> None:
        rng = self.rng
        people = [e for e in self.db["employees"].values() if e["employee_id"] >= "E1100"]
        for _ in range(220):
            employee = rng.choice(people)
            ticket_id = f"RITM-{self.ticket_number}"
            self.ticket_number += 1
            self.db["tickets"][ticket_id] = {
                "ticket_id": ticket_id,
                "kind": "mfa_reset",
                "subject_id": employee["employee_id"],
                "raised_by": employee["employee_id"],
                "approved_by": employee["manager_id"],
                "status": "used",
                "created_on": _days(TODAY, -rng.randint(9, 600)),
            }

    def controls(self) -> None:
        rng = self.rng
        owners = ["E1004", "E1008", "E1014", "E1020", "E1015", "E1029", "E1005", "E1024"]
        for number in range(200, 315):
            control_id = f"CTL-{number}"
            required = rng.randint(2, 8)
            evidence = []
            for _ in range(rng.randint(2, 8)):
                dated = _days("2024-10-01", rng.randint(0, 195))
                evidence.append(
                    {
                        "evidence_id": f"EV-{self.evidence_number}",
                        "evidence_ref": f"DOC-{30000 + self.evidence_number}",
                        "dated": dated,
                        "attached_on": _days(dated, rng.randint(0, 10)) if _days(dated, 10) < TODAY else TODAY,
                    }
                )
                self.evidence_number += 1
            name = (
                f"{rng.choice(CONTROL_NAMES)} ({rng.choice(['ERP', 'HRIS', 'CRM', 'cloud', 'network', 'endpoints'])})"
            )
            self.db["controls"][control_id] = {
                "control_id": control_id,
                "name": name,
                "owner_id": rng.choice(owners),
                "required_items": required,
                "evidence": evidence,
            }


def database() -> dict[str, Any]:
    cast = load_cast(__package__, CAST_SECTIONS)
    db: dict[str, Any] = {
        "now": NOW,
        "audit_period": AUDIT_PERIOD,
        "next_incident_number": 8500,
        "next_request_number": 63000,
        "next_evidence_number": 9000,
        "employees": {record.employee_id: _employee(record) for record in cast["employees"]},
        "assets": {record.asset_id: _asset(record) for record in cast["assets"]},
        "findings": {record.finding_id: record.model_dump() for record in cast["findings"]},
        "incidents": {record.incident_id: record.model_dump() for record in cast["incidents"]},
        "systems": {record.system_id: record.model_dump() for record in cast["systems"]},
        "sod_rules": {record.rule_id: record.model_dump() for record in cast["sod_rules"]},
        "access_requests": {record.request_id: record.model_dump() for record in cast["access_requests"]},
        "tickets": {record.ticket_id: record.model_dump() for record in cast["tickets"]},
        "controls": {record.control_id: record.model_dump() for record in cast["controls"]},
    }
    filler = _Filler(db, cast)
    filler.employees()
    filler.assets()
    filler.findings()
    filler.incidents()
    filler.access()
    filler.tickets()
    filler.controls()
    return db
