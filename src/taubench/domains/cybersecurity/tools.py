"""The security service desk's tools. They check what the desk's systems check (the record
exists, its status allows the change, a ticket is of the right kind for the right subject, a
host is linked to the incident it is isolated for); the manual's judgement (who may ask,
approval tiers, due dates, exception limits, severity, segregation of duties, the audit
period) is the agent's."""

import re
from typing import Annotated, Any, get_args

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.cybersecurity.models import (
    AccessRequest,
    Asset,
    Control,
    Evidence,
    Finding,
    Incident,
    SecurityDB,
    Ticket,
    TimelineEntry,
)
from taubench.domains.kit import RecordDesk, a_date
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

# the values the records allow, as their models declare them
CATEGORIES = get_args(Incident.model_fields["category"].annotation)
SEVERITIES = get_args(Incident.model_fields["severity"].annotation)
STATUSES = get_args(Incident.model_fields["status"].annotation)
FINDING_STATUSES = get_args(Finding.model_fields["status"].annotation)
DISABLE_REASONS = ("leaver", "compromise")
LEAVER_HOUR = "17:00"


def _digits(number: Any) -> str:
    return re.sub(r"\D", "", str(number))


class SecurityDeskTools(RecordDesk):
    """The security service desk's tools."""

    db: SecurityDB

    @property
    def _today(self) -> str:
        return self.db.now[:10]

    def _employee_view(self, employee_id: str) -> dict:
        employee = self._get("employees", employee_id)
        return employee.model_dump(exclude={"callback_number"})

    # Reads
    @tool("read")
    def find_employee(self, email: str) -> dict:
        """Find an employee by their work e-mail address: their id, name, department and title.

        Args:
            email: The work e-mail address, e.g. "dana.okoye@tessaly.io".
        """
        wanted = str(email).strip().lower()
        for employee in self.db.employees.values():
            if employee.email == wanted:
                return {key: getattr(employee, key) for key in ("employee_id", "name", "department", "title")}
        raise ValueError(f"No employee has the e-mail address {email}")

    @tool("read")
    def get_employee(self, employee_id: str) -> dict:
        """An employee's record: department, title, manager, security role, whether they hold
        administrator rights, status, last day (leavers) and when the account is disabled,
        enrolled MFA devices, whether this conversation's callback verified them, and their
        access to business systems (requests of every status). The callback number on file is
        never shown.

        Args:
            employee_id: The employee's id, e.g. "E1042".
        """
        view = self._employee_view(employee_id)
        view["access"] = [
            request.model_dump(include={"request_id", "system_id", "role", "status", "requested_on"})
            for request in self._of("access_requests", "employee_id", employee_id)
        ]
        return view

    @tool("read")
    def get_asset(self, asset_id: str) -> Asset:
        """An asset: hostname, kind (workstation, laptop or server), owner, criticality, whether
        it is internet-facing, holds personal data or is encrypted, its operating system, the
        dates of its last completed and next scheduled vulnerability scans, and whether it is
        isolated from the network (and for which incident).

        Args:
            asset_id: The asset's id, e.g. "AST-3001".
        """
        return self._get("assets", asset_id)

    @tool("read")
    def search_assets(self, owner_id: str = "", hostname: str = "") -> list[Asset]:
        """Assets by owner, by hostname, or both; a hostname matches every host whose name
        starts with it (so "fin-db-01" also finds "fin-db-01-dr"). Sorted by hostname.

        Args:
            owner_id: The owner's employee id, or "" for any owner.
            hostname: The start of the hostname (any case), or "" for any.
        """
        owner, prefix = str(owner_id).strip(), str(hostname).strip().lower()
        if not owner and not prefix:
            raise ValueError("Give an owner id, a hostname or both")
        if owner:
            self._get("employees", owner)
        found = [
            asset
            for asset in self.db.assets.values()
            if (not owner or asset.owner_id == owner) and asset.hostname.startswith(prefix)
        ]
        return sorted(found, key=lambda asset: (asset.hostname, asset.asset_id))

    @tool("read")
    def list_findings(self, asset_id: str, status: str = "") -> list[Finding]:
        """The vulnerability findings on an asset, oldest detection first: CVE, CVSS score,
        whether it is known to be exploited, the detection date, status, and for an exception
        its expiry and ticket, for a fix the rescan that showed it.

        Args:
            asset_id: The asset's id.
            status: "open", "remediated", "excepted", or "" for all.
        """
        self._get("assets", asset_id)
        if status not in ("", *FINDING_STATUSES):
            raise ValueError('status must be "open", "remediated", "excepted" or ""')
        found = [f for f in self._of("findings", "asset_id", asset_id) if not status or f.status == status]
        return sorted(found, key=lambda f: (f.detected_on, f.finding_id))

    @tool("read")
    def get_incident(self, incident_id: str) -> Incident:
        """An incident: category, severity, status, reporter, linked assets, when it was
        opened, whether personal data may be involved and when the privacy office was
        notified, and its timeline.

        Args:
            incident_id: The incident's id, e.g. "INC-8001".
        """
        return self._get("incidents", incident_id)

    @tool("read")
    def get_system(self, system_id: str) -> dict:
        """A business system: its name, its owner (who approves privileged roles), its roles
        (privileged or not), and the segregation-of-duties rules that involve it: pairs of
        roles no one may hold together.

        Args:
            system_id: The system's id, e.g. "SYS-ERP".
        """
        system = self._get("systems", system_id)
        rules = [
            rule.model_dump() for rule in self.db.sod_rules.values() if system_id in (rule.system_a, rule.system_b)
        ]
        return {**system.model_dump(), "sod_rules": rules}

    @tool("read")
    def get_ticket(self, ticket_id: str) -> Ticket:
        """An approval ticket from the service portal: its kind (mfa_reset or
        risk_acceptance), its subject (the employee or the finding), who raised it, who
        approved it, its status and the day it was created.

        Args:
            ticket_id: The ticket's id, e.g. "RITM-20417".
        """
        return self._get("tickets", ticket_id)

    @tool("read")
    def get_control(self, control_id: str) -> dict:
        """An audit control: its name, owner, how many dated evidence items the audit needs
        for the period, the evidence attached so far, and the audit period (first and last day).

        Args:
            control_id: The control's id, e.g. "CTL-104".
        """
        return {**self._get("controls", control_id).model_dump(), "audit_period": list(self.db.audit_period)}

    # Writes
    @tool("write")
    def verify_caller(self, employee_id: str, callback_number: str) -> str:
        """Place the one-time verification callback: the desk calls the number the caller
        gives, and the call connects only if it is the number on file for that employee. A
        connected callback verifies the employee for this conversation.

        Args:
            employee_id: The employee id the caller gives.
            callback_number: The phone number the caller says the desk can call back, e.g. "415-555-0142".
        """
        employee = self._get("employees", employee_id)
        if employee.status != "active":
            raise ValueError(f"Employee {employee_id} is disabled: no callback can be placed")
        if not _digits(callback_number) or _digits(callback_number) != _digits(employee.callback_number):
            raise ValueError(f"The number given is not the callback number on file for {employee_id}")
        employee.verified = True
        return f"Callback connected at {self.db.now}: {employee.name} ({employee_id}) is verified for this conversation"

    @tool("write")
    def report_incident(
        self,
        category: str,
        severity: str,
        reporter_id: str,
        asset_ids: Annotated[list[str], Unordered()],
        personal_data: bool,
    ) -> Incident:
        """Open an incident. When personal data may be involved the privacy office is
        notified at once, as it is opened.

        Args:
            category: "phishing", "malware", "account_compromise", "data_exfiltration",
                "ransomware", "suspicious_activity" or "lost_device".
            severity: "SEV1", "SEV2" or "SEV3".
            reporter_id: The employee reporting it.
            asset_ids: The assets involved (may be empty), e.g. ["AST-3001"].
            personal_data: Whether personal data may be involved.
        """
        if category not in CATEGORIES:
            raise ValueError(f"category must be one of {', '.join(CATEGORIES)}")
        if severity not in SEVERITIES:
            raise ValueError('severity must be "SEV1", "SEV2" or "SEV3"')
        if not isinstance(personal_data, bool):
            raise ValueError("personal_data must be true or false")
        self._get("employees", reporter_id)
        if not isinstance(asset_ids, list):
            raise ValueError("asset_ids must be a list")
        if len(set(map(str, asset_ids))) != len(asset_ids):
            raise ValueError("An asset is listed twice")
        for asset_id in asset_ids:
            self._get("assets", asset_id)
        incident = Incident(
            incident_id=self._new_id("INC-", "next_incident_number"),
            category=category,
            severity=severity,
            status="open",
            reporter_id=reporter_id,
            asset_ids=list(asset_ids),
            opened_at=self.db.now,
            personal_data=personal_data,
            privacy_notified_at=self.db.now if personal_data else None,
            timeline=[TimelineEntry(at=self.db.now, event=f"opened as {severity} {category}")],
        )
        if personal_data:
            incident.timeline.append(TimelineEntry(at=self.db.now, event="privacy office notified"))
        self.db.incidents[incident.incident_id] = incident
        return incident

    @tool("write")
    def update_incident(self, incident_id: str, status: str, notify_privacy: bool = False) -> Incident:
        """Move an incident to another status, and/or notify the privacy office that personal
        data may be involved. Each change is added to the timeline.

        Args:
            incident_id: The incident's id.
            status: "open", "contained" or "resolved" (the current status to change only the notice).
            notify_privacy: Notify the privacy office now (marks the incident as involving personal data).
        """
        incident = self._get("incidents", incident_id)
        if status not in STATUSES:
            raise ValueError('status must be "open", "contained" or "resolved"')
        if not isinstance(notify_privacy, bool):
            raise ValueError("notify_privacy must be true or false")
        if incident.status == "resolved":
            raise ValueError(f"Incident {incident_id} is resolved and cannot be changed")
        if notify_privacy and incident.privacy_notified_at:
            raise ValueError(f"The privacy office was already notified at {incident.privacy_notified_at}")
        if status == incident.status and not notify_privacy:
            raise ValueError(f"Incident {incident_id} is already {status}")
        if notify_privacy:
            incident.personal_data, incident.privacy_notified_at = True, self.db.now
            incident.timeline.append(TimelineEntry(at=self.db.now, event="privacy office notified"))
        if status != incident.status:
            incident.status = status
            incident.timeline.append(TimelineEntry(at=self.db.now, event=f"status set to {status}"))
        return incident

    @tool("write")
    def isolate_host(self, asset_id: str, incident_id: str, approved_by: str = "") -> Asset:
        """Cut a host off the network (it keeps only its link to the security tools) for an
        open incident it is linked to.

        Args:
            asset_id: The host's asset id.
            incident_id: The open incident the host is linked to.
            approved_by: The employee id of whoever approved the isolation, or "" when none was needed.
        """
        asset, incident = self._get("assets", asset_id), self._get("incidents", incident_id)
        if approved_by:
            self._get("employees", approved_by)
        if asset.status == "isolated":
            raise ValueError(f"Asset {asset_id} is already isolated (incident {asset.isolated_for})")
        if incident.status == "resolved":
            raise ValueError(f"Incident {incident_id} is resolved")
        if asset_id not in incident.asset_ids:
            raise ValueError(f"Asset {asset_id} is not linked to incident {incident_id}")
        asset.status, asset.isolated_for = "isolated", incident_id
        asset.isolation_approved_by = approved_by or None
        incident.timeline.append(TimelineEntry(at=self.db.now, event=f"{asset.hostname} isolated"))
        return asset

    @tool("write")
    def reset_mfa(self, employee_id: str, approval_ticket: str) -> dict:
        """Remove every MFA device enrolled for an employee so they can enrol a new one at their
        next sign-in, against an approved MFA-reset ticket for them; the ticket is then used.

        Args:
            employee_id: The employee whose MFA is reset.
            approval_ticket: The approved MFA-reset ticket, e.g. "RITM-20417".
        """
        employee, ticket = self._get("employees", employee_id), self._get("tickets", approval_ticket)
        if ticket.kind != "mfa_reset" or ticket.subject_id != employee_id:
            raise ValueError(f"Ticket {approval_ticket} is not an MFA-reset ticket for {employee_id}")
        if ticket.status != "approved":
            raise ValueError(f"Ticket {approval_ticket} is {ticket.status}, not approved")
        if employee.status != "active":
            raise ValueError(f"Employee {employee_id} is disabled")
        employee.mfa_devices = []
        ticket.status = "used"
        return self._employee_view(employee_id)

    @tool("write")
    def force_password_reset(self, employee_id: str) -> dict:
        """Expire an employee's password and sign them out everywhere: their next sign-in must
        set a new one.

        Args:
            employee_id: The employee's id.
        """
        employee = self._get("employees", employee_id)
        if employee.status != "active":
            raise ValueError(f"Employee {employee_id} is disabled")
        if employee.password_reset_required:
            raise ValueError(f"A password reset is already pending for {employee_id}")
        employee.password_reset_required = True
        return self._employee_view(employee_id)

    @tool("write")
    def disable_account(self, employee_id: str, reason: str, effective_on: str) -> dict:
        """Disable an employee's account. For a leaver it is scheduled for 17:00 on
        effective_on (at once if that day is today and their last day has already passed);
        for a compromised account it happens at once, so effective_on must be today.

        Args:
            employee_id: The employee's id.
            reason: "leaver" or "compromise".
            effective_on: The day it takes effect, YYYY-MM-DD.
        """
        employee = self._get("employees", employee_id)
        day = a_date(effective_on, "effective_on").isoformat()
        if reason not in DISABLE_REASONS:
            raise ValueError('reason must be "leaver" or "compromise"')
        if employee.status == "disabled":
            raise ValueError(f"Employee {employee_id} is already disabled")
        if day < self._today:
            raise ValueError(f"effective_on cannot be before today ({self._today})")
        if reason == "compromise":
            if day != self._today:
                raise ValueError(f"A compromised account is disabled at once: effective_on must be {self._today}")
            employee.status, employee.disable_at = "disabled", self.db.now
        elif day == self._today and employee.last_day is not None and employee.last_day < self._today:
            employee.status, employee.disable_at = "disabled", self.db.now
        else:
            employee.disable_at = f"{day} {LEAVER_HOUR}"
        return self._employee_view(employee_id)

    @tool("write")
    def request_exception(self, finding_id: str, requested_by: str, expires: str, approval_ticket: str = "") -> Finding:
        """Record a time-limited exception for an open finding: it is accepted as a risk
        until the expiry date instead of being fixed.

        Args:
            finding_id: The finding's id, e.g. "FND-50001".
            requested_by: The employee id of the asset owner asking for it.
            expires: The last day of the exception, YYYY-MM-DD.
            approval_ticket: The approved risk-acceptance ticket for this finding, or "" when none is needed.
        """
        finding = self._get("findings", finding_id)
        self._get("employees", requested_by)
        ticket = self._get("tickets", approval_ticket) if approval_ticket else None
        day = a_date(expires, "expires").isoformat()
        if finding.status != "open":
            raise ValueError(f"Finding {finding_id} is {finding.status}, not open")
        if day <= self._today:
            raise ValueError("expires must be after today")
        if ticket is not None:
            if ticket.kind != "risk_acceptance" or ticket.subject_id != finding_id:
                raise ValueError(f"Ticket {approval_ticket} is not a risk-acceptance ticket for {finding_id}")
            if ticket.status != "approved":
                raise ValueError(f"Ticket {approval_ticket} is {ticket.status}, not approved")
            ticket.status = "used"
        finding.status, finding.exception_expires = "excepted", day
        finding.exception_ticket, finding.exception_requested_by = approval_ticket or None, requested_by
        return finding

    @tool("write")
    def mark_remediated(self, finding_id: str, rescan_date: str) -> Finding:
        """Close a finding as fixed, citing the vulnerability scan that no longer shows it.

        Args:
            finding_id: The finding's id.
            rescan_date: The date of the scan that shows the fix, YYYY-MM-DD.
        """
        finding = self._get("findings", finding_id)
        day = a_date(rescan_date, "rescan_date").isoformat()
        if finding.status == "remediated":
            raise ValueError(f"Finding {finding_id} was already remediated (rescan {finding.remediated_on})")
        if day > self._today:
            raise ValueError("rescan_date cannot be after today")
        if day <= finding.detected_on:
            raise ValueError(f"rescan_date must be after the detection date ({finding.detected_on})")
        finding.status, finding.remediated_on = "remediated", day
        finding.exception_expires = finding.exception_ticket = None
        return finding

    @tool("write")
    def submit_access_request(
        self,
        employee_id: str,
        system_id: str,
        role: str,
        requested_by: str,
        approver_ids: Annotated[list[str], Unordered()],
    ) -> AccessRequest:
        """Submit a request for a role on a business system; it waits for its approvers.

        Args:
            employee_id: Who is to get the role.
            system_id: The system's id, e.g. "SYS-ERP".
            role: The role's name on that system, e.g. "ap_clerk".
            requested_by: The employee id of the caller making the request.
            approver_ids: The employee ids of the approvers, e.g. ["E1007", "E1120"].
        """
        employee, system = self._get("employees", employee_id), self._get("systems", system_id)
        self._get("employees", requested_by)
        if not isinstance(approver_ids, list) or not approver_ids:
            raise ValueError("approver_ids must be a non-empty list")
        if len(set(map(str, approver_ids))) != len(approver_ids):
            raise ValueError("An approver is listed twice")
        for approver in approver_ids:
            self._get("employees", approver)
        if role not in {entry.role for entry in system.roles}:
            raise ValueError(f"{system_id} has no role {role}")
        if employee.status != "active":
            raise ValueError(f"Employee {employee_id} is disabled")
        if employee_id in approver_ids:
            raise ValueError("No one may approve their own access")
        for held in self._of("access_requests", "employee_id", employee_id):
            if (held.system_id, held.role) == (system_id, role) and held.status in ("granted", "pending"):
                raise ValueError(f"{employee_id} already has {role} on {system_id} ({held.status}, {held.request_id})")
        request = AccessRequest(
            request_id=self._new_id("AR-", "next_request_number"),
            employee_id=employee_id,
            system_id=system_id,
            role=role,
            requested_by=requested_by,
            approver_ids=list(approver_ids),
            requested_on=self._today,
            status="pending",
        )
        self.db.access_requests[request.request_id] = request
        return request

    @tool("write")
    def attach_evidence(self, control_id: str, evidence_ref: str, dated: str) -> Control:
        """Attach a dated document to an audit control as evidence.

        Args:
            control_id: The control's id.
            evidence_ref: The document's number in the records system, e.g. "DOC-44120".
            dated: The day the document shows (the review, the test, the sign-off), YYYY-MM-DD.
        """
        control = self._get("controls", control_id)
        day = a_date(dated, "dated").isoformat()
        reference = str(evidence_ref).strip()
        if not re.fullmatch(r"DOC-\d+", reference):
            raise ValueError('evidence_ref must be a document number such as "DOC-44120"')
        if day > self._today:
            raise ValueError("dated cannot be after today")
        if any(item.evidence_ref == reference for item in control.evidence):
            raise ValueError(f"{reference} is already attached to {control_id}")
        evidence_id = self._new_id("EV-", "next_evidence_number")
        control.evidence.append(
            Evidence(evidence_id=evidence_id, evidence_ref=reference, dated=day, attached_on=self._today)
        )
        return control

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
