"""The clinical-operations help desk's tools: the sponsor's trial systems as the desk sees them
(identity checks, the participant register, protocols, visit calendars, screening labs, site
kit inventory) and the writes it makes there. They check what those systems check
(existence, status, the site calendar, a carton's size, a payment made twice); who may ask,
consent, eligibility, windows, kit expiry, reporting clocks and when to refuse or hand off
are the policy's, so the agent's. The treatment arm is never shown."""

import re
from datetime import date, timedelta
from typing import Annotated, Any, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date
from taubench.domains.pharmaceuticals.models import (
    AdverseEvent,
    Consent,
    Deviation,
    EnrollmentReport,
    KitOrder,
    LabResult,
    Participant,
    ParticipantMatch,
    ParticipantView,
    PharmaDB,
    SiteInventory,
    Staff,
    StipendPayment,
    Study,
    UnblindingRequest,
    UpcomingDispensing,
    Visit,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

SERIOUSNESS = (
    "death",
    "life_threatening",
    "hospitalization",
    "disability",
    "congenital_anomaly",
    "important_medical_event",
)
SEVERITIES = ("mild", "moderate", "severe")
RELATEDNESS = ("related", "not_related", "not_assessed")
CATEGORIES = ("visit_window", "missed_visit", "consent", "eligibility", "safety_reporting", "kit_expiry")
MAJOR = ("consent", "eligibility", "safety_reporting", "kit_expiry")
WITHDRAWAL_REASONS = (
    "participant_decision",
    "adverse_event",
    "investigator_decision",
    "relocation",
    "lost_to_follow_up",
)
UNBLINDING_REASONS = ("medical_emergency", "other")
TERMS = (
    "acute kidney injury",
    "anaemia",
    "atrial fibrillation",
    "back pain",
    "cellulitis",
    "chest pain",
    "cough",
    "diarrhoea",
    "dizziness",
    "fall",
    "fatigue",
    "fracture",
    "headache",
    "hypertension",
    "hypoglycaemia",
    "myocardial infarction",
    "nausea",
    "pancreatitis",
    "pneumonia",
    "rash",
    "stroke",
    "syncope",
    "upper respiratory tract infection",
    "urinary tract infection",
    "vomiting",
)
CARTON = 5
MOST_CARTONS = 20
LOOKAHEAD_DAYS = 28
MOMENT = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")
EARLY_WINDOW, LATE_WINDOW, WINDOW_SWITCH_DAY = 3, 7, 85


def window_days(study_day: int) -> int:
    """The visit window either side of the target date: +/-3 days through Day 85 (week 12), +/-7 after."""
    return 0 if study_day <= 0 else EARLY_WINDOW if study_day <= WINDOW_SWITCH_DAY else LATE_WINDOW


def view(db: PharmaDB, participant: Participant) -> ParticipantView:
    site = db.sites[participant.site_id]
    return ParticipantView(
        **participant.model_dump(),
        site_name=site.name,
        site_phone=site.phone,
        principal_investigator=db.staff[site.principal_investigator].name,
    )


def site_open(day: date, holidays: list[str]) -> bool:
    return day.weekday() < 5 and day.isoformat() not in holidays


class PharmaTools(RecordDesk):
    db: PharmaDB

    def _participant(self, participant_id: Any) -> Participant:
        return self._get("participants", participant_id)

    def _visit_of(self, participant_id: str, visit_id: Any) -> Visit:
        visit = self._get("visits", visit_id)
        if visit.participant_id != participant_id:
            raise ValueError(f"Visit {visit_id} is not participant {participant_id}'s")
        return visit

    @tool("read")
    def verify_staff(self, staff_id: str, site_id: str) -> Staff:
        """Check a site staff member's identity: their staff id and the code of their site.
        Returns their record, with their role and the duties the site's delegation log gives them.

        Args:
            staff_id: The staff id, e.g. "ST4102".
            site_id: The site code they give, e.g. "S104".
        """
        self._get("sites", site_id)
        member = self._get("staff", staff_id)
        if member.site_id != site_id:
            raise ValueError("Staff id and site code do not match")
        if member.status != "active":
            raise ValueError(f"Staff member {staff_id} is not active at the site")
        return member

    @tool("read")
    def verify_participant(self, participant_id: str, dob: str) -> ParticipantView:
        """Check a participant's identity: their participant id and date of birth.

        Args:
            participant_id: The participant id on their study card, e.g. "P1012".
            dob: Their date of birth, YYYY-MM-DD.
        """
        participant = self._participant(participant_id)
        a_date(dob, "dob")
        if participant.dob != dob:
            raise ValueError("Participant id and date of birth do not match")
        return view(self.db, participant)

    @tool("read")
    def find_participant(self, study_id: str, initials: str, dob: str) -> list[ParticipantMatch]:
        """Participants of a study with these initials and date of birth, at any site (empty
        when none match). Initials and date of birth alone can match more than one person.

        Args:
            study_id: The study, e.g. "CT-201".
            initials: The participant's initials, e.g. "J.R." (dots and case do not matter).
            dob: Their date of birth, YYYY-MM-DD.
        """
        self._get("studies", study_id)
        a_date(dob, "dob")
        if not isinstance(initials, str) or not re.sub(r"[^A-Za-z]", "", initials):
            raise ValueError("initials must contain letters")
        wanted = re.sub(r"[^A-Za-z]", "", initials).upper()
        return [
            ParticipantMatch(
                participant_id=p.participant_id,
                study_id=p.study_id,
                site_id=p.site_id,
                site_name=self.db.sites[p.site_id].name,
                initials=p.initials,
                dob=p.dob,
                sex=p.sex,
                status=p.status,
            )
            for p in self.db.participants.values()
            if p.study_id == study_id and p.dob == dob and re.sub(r"[^A-Za-z]", "", p.initials).upper() == wanted
        ]

    @tool("read")
    def get_participant(self, participant_id: str) -> ParticipantView:
        """A participant's record: study, site, status, consents, randomization (never the arm).

        Args:
            participant_id: The participant id, e.g. "P1012".
        """
        return view(self.db, self._participant(participant_id))

    @tool("read")
    def get_protocol(self, study_id: str) -> Study:
        """A study's protocol: visit schedule, eligibility limits, current consent version and
        amendment date, stipends, kit type and planned unblinding date.

        Args:
            study_id: The study, e.g. "CT-201".
        """
        return self._get("studies", study_id)

    @tool("read")
    def list_visits(self, participant_id: str) -> list[Visit]:
        """A participant's visits in study-day order, with their status and dates.

        Args:
            participant_id: The participant id.
        """
        self._participant(participant_id)
        return sorted(self._of("visits", "participant_id", participant_id), key=lambda visit: visit.study_day)

    @tool("read")
    def get_lab_results(self, participant_id: str, visit_id: str) -> list[LabResult]:
        """The laboratory results of one of a participant's visits, with reference ranges (for
        ALT, ref_high is the upper limit of normal).

        Args:
            participant_id: The participant id.
            visit_id: The visit, e.g. the screening visit's id.
        """
        self._participant(participant_id)
        self._visit_of(participant_id, visit_id)
        return [result for result in self._of("lab_results", "visit_id", visit_id)]

    @tool("read")
    def get_site_inventory(self, site_id: str) -> SiteInventory:
        """A site's kit lots (type, expiry, kits left), its kit orders, and its scheduled
        kit-dispensing visits of the next 28 days, today included.

        Args:
            site_id: The site code, e.g. "S104".
        """
        site = self._get("sites", site_id)
        last = (date.fromisoformat(self.db.today) + timedelta(days=LOOKAHEAD_DAYS - 1)).isoformat()
        upcoming = []
        for visit in self.db.visits.values():
            participant = self.db.participants[visit.participant_id]
            if (
                participant.site_id == site_id
                and visit.status == "scheduled"
                and visit.dispenses_kit
                and visit.scheduled_date is not None
                and self.db.today <= visit.scheduled_date <= last
            ):
                upcoming.append(
                    UpcomingDispensing(
                        visit_id=visit.visit_id,
                        participant_id=participant.participant_id,
                        scheduled_date=visit.scheduled_date,
                        kit_type=self.db.studies[participant.study_id].kit_type,
                        kits=self.db.studies[participant.study_id].kits_per_dispensing,
                    )
                )
        return SiteInventory(
            site_id=site_id,
            name=site.name,
            lots=self._of("kit_lots", "site_id", site_id),
            orders=self._of("kit_orders", "site_id", site_id),
            upcoming_dispensing_visits=sorted(upcoming, key=lambda item: (item.scheduled_date, item.visit_id)),
        )

    @tool("write")
    def record_consent(self, participant_id: str, version: int, signed_date: str) -> Consent:
        """Record an informed consent form the participant signed.

        Args:
            participant_id: The participant id.
            version: The consent form's version number, e.g. 4.
            signed_date: The day it was signed, YYYY-MM-DD.
        """
        participant = self._participant(participant_id)
        study = self.db.studies[participant.study_id]
        if (
            isinstance(version, bool)
            or not isinstance(version, int)
            or not 1 <= version <= study.current_consent_version
        ):
            raise ValueError(f"Study {study.study_id} has consent versions 1 to {study.current_consent_version}")
        signed = a_date(signed_date, "signed_date")
        if signed > date.fromisoformat(self.db.today):
            raise ValueError("signed_date is after today")
        if signed_date < participant.last_consent_date:
            raise ValueError(f"signed_date is before the last consent on record ({participant.last_consent_date})")
        if participant.status in ("screen_failed", "withdrawn", "completed"):
            raise ValueError(f"Participant is {participant.status}; no consent can be recorded")
        consent = Consent(
            consent_id=self._new_id("IC", "next_consent_number"),
            participant_id=participant_id,
            version=version,
            signed_date=signed_date,
            recorded_on=self.db.today,
        )
        self.db.consents[consent.consent_id] = consent
        participant.consent_version, participant.last_consent_date = version, signed_date
        return consent

    @tool("write")
    def enroll_participant(self, participant_id: str) -> ParticipantView:
        """Randomize a participant who finished screening: takes the next number of the study's
        blinded randomization list, records today's Day 1 visit as completed and plans the rest
        of the schedule.

        Args:
            participant_id: The participant id.
        """
        participant = self._participant(participant_id)
        if participant.status != "screening":
            raise ValueError(f"Participant is {participant.status}, not screening")
        free = sorted(
            (slot for slot in self.db.randomization.values() if slot.study_id == participant.study_id),
            key=lambda slot: slot.sequence,
        )
        slot_number = next((slot.randomization_number for slot in free if slot.participant_id is None), None)
        if slot_number is None:
            raise ValueError(f"No randomization number left for study {participant.study_id}")
        slot = self.db.randomization[slot_number]
        slot.participant_id = participant_id
        participant.status, participant.randomization_number = "enrolled", slot_number
        participant.randomization_date = self.db.today
        for planned in self.db.studies[participant.study_id].schedule:
            if planned.study_day < 1:
                continue
            visit_id = self._new_id("V", "next_visit_number")
            first = planned.study_day == 1
            self.db.visits[visit_id] = Visit(
                visit_id=visit_id,
                participant_id=participant_id,
                visit_name=planned.visit_name,
                study_day=planned.study_day,
                window_days=window_days(planned.study_day),
                dispenses_kit=planned.dispenses_kit,
                extended=planned.extended,
                scheduled_date=self.db.today if first else None,
                actual_date=self.db.today if first else None,
                status="completed" if first else "planned",
                stipend_paid=False,
            )
        return view(self.db, participant)

    @tool("write")
    def schedule_visit(self, visit_id: str, date: str) -> Visit:
        """Book (or move) a planned or scheduled visit to a day the site is open.

        Args:
            visit_id: The visit's id.
            date: The visit day, YYYY-MM-DD, after today.
        """
        visit = self._get("visits", visit_id)
        participant = self.db.participants[visit.participant_id]
        if participant.status != "enrolled":
            raise ValueError(f"Participant is {participant.status}; only enrolled participants' visits are booked")
        if visit.status not in ("planned", "scheduled"):
            raise ValueError(f"Visit is {visit.status} and cannot be booked")
        day = a_date(date, "date")
        if date <= self.db.today:
            raise ValueError("date must be after today")
        if not site_open(day, self.db.holidays):
            raise ValueError(f"Site is closed on {date} (weekends and holidays)")
        visit.scheduled_date, visit.status = date, "scheduled"
        return visit

    @tool("write")
    def report_adverse_event(
        self,
        participant_id: str,
        term: str,
        onset_date: str,
        seriousness: Annotated[list[str], Unordered()],
        severity: str,
        related: str,
        site_aware_at: str,
    ) -> AdverseEvent:
        """Report an adverse event to the sponsor's safety database; it is stamped with the
        desk's current time as its report time.

        Args:
            participant_id: The participant id.
            term: The coded term, one of: acute kidney injury, anaemia, atrial fibrillation, back
                pain, cellulitis, chest pain, cough, diarrhoea, dizziness, fall, fatigue, fracture,
                headache, hypertension, hypoglycaemia, myocardial infarction, nausea, pancreatitis,
                pneumonia, rash, stroke, syncope, upper respiratory tract infection, urinary tract
                infection, vomiting.
            onset_date: The day the event began, YYYY-MM-DD.
            seriousness: The seriousness criteria met, any of "death", "life_threatening",
                "hospitalization", "disability", "congenital_anomaly", "important_medical_event";
                empty for a non-serious event.
            severity: "mild", "moderate" or "severe".
            related: The investigator's causality assessment: "related", "not_related" or
                "not_assessed".
            site_aware_at: When the site first learned of the event, YYYY-MM-DD HH:MM.
        """
        participant = self._participant(participant_id)
        if participant.status in ("screen_failed",):
            raise ValueError("Participant is screen_failed; events are reported for consented participants on study")
        if not isinstance(term, str) or term.strip().lower() not in TERMS:
            raise ValueError("term must be one of the coded terms listed")
        if not isinstance(seriousness, list) or any(item not in SERIOUSNESS for item in seriousness):
            raise ValueError(f"seriousness lists only: {', '.join(SERIOUSNESS)}")
        if severity not in SEVERITIES:
            raise ValueError("severity must be mild, moderate or severe")
        if related not in RELATEDNESS:
            raise ValueError("related must be related, not_related or not_assessed")
        onset = a_date(onset_date, "onset_date")
        if onset > date.fromisoformat(self.db.today):
            raise ValueError("onset_date is after today")
        if not isinstance(site_aware_at, str) or not MOMENT.fullmatch(site_aware_at):
            raise ValueError("site_aware_at must be written YYYY-MM-DD HH:MM")
        a_date(site_aware_at[:10], "site_aware_at")
        if site_aware_at > self.db.now:
            raise ValueError("site_aware_at is after now")
        if site_aware_at[:10] < onset_date:
            raise ValueError("site_aware_at is before the onset date")
        event = AdverseEvent(
            ae_id=self._new_id("AE", "next_ae_number"),
            participant_id=participant_id,
            term=term.strip().lower(),
            onset_date=onset_date,
            serious=bool(seriousness),
            seriousness=sorted(set(seriousness)),
            severity=severity,
            related=related,
            site_aware_at=site_aware_at,
            reported_at=self.db.now,
        )
        self.db.adverse_events[event.ae_id] = event
        return event

    @tool("write")
    def log_deviation(self, participant_id: str, category: str, visit_id: Optional[str] = None) -> Deviation:
        """Log a protocol deviation. A missed_visit deviation also marks its visit missed.

        Args:
            participant_id: The participant id.
            category: "visit_window" (a visit booked outside its window), "missed_visit",
                "consent", "eligibility", "safety_reporting" (a late report) or "kit_expiry".
            visit_id: The visit it concerns; required for visit_window and missed_visit, left
                empty for the others.
        """
        self._participant(participant_id)
        if category not in CATEGORIES:
            raise ValueError(f"category must be one of {', '.join(CATEGORIES)}")
        visit = self._visit_of(participant_id, visit_id) if visit_id else None
        if category in ("visit_window", "missed_visit") and visit is None:
            raise ValueError(f"A {category} deviation needs its visit")
        if category == "missed_visit" and visit is not None and visit.status not in ("planned", "scheduled"):
            raise ValueError(f"Visit is {visit.status} and cannot be missed")
        for other in self.db.deviations.values():
            if (other.participant_id, other.visit_id, other.category) == (participant_id, visit_id or None, category):
                raise ValueError(f"Deviation already logged: {other.deviation_id}")
        deviation = Deviation(
            deviation_id=self._new_id("DV", "next_deviation_number"),
            participant_id=participant_id,
            visit_id=visit_id or None,
            category=category,
            severity="major" if category in MAJOR else "minor",
            logged_on=self.db.today,
        )
        self.db.deviations[deviation.deviation_id] = deviation
        if category == "missed_visit" and visit is not None:
            visit.status, visit.scheduled_date = "missed", None
        return deviation

    @tool("write")
    def order_kits(self, site_id: str, kit_type: str, quantity: int) -> KitOrder:
        """Order study drug kits for a site from the depot; kits ship in cartons of 5.

        Args:
            site_id: The site code.
            kit_type: The kit type, e.g. "K318".
            quantity: The number of kits: a multiple of 5, from 5 to 100.
        """
        site = self._get("sites", site_id)
        if kit_type not in {self.db.studies[study].kit_type for study in site.studies}:
            raise ValueError(f"Site {site_id} runs no study using kit {kit_type}")
        if (
            isinstance(quantity, bool)
            or not isinstance(quantity, int)
            or quantity % CARTON
            or not CARTON <= quantity <= CARTON * MOST_CARTONS
        ):
            raise ValueError("quantity must be whole cartons of 5 kits, from 5 to 100")
        order = KitOrder(
            order_id=self._new_id("KO", "next_order_number"),
            site_id=site_id,
            kit_type=kit_type,
            quantity=quantity,
            ordered_on=self.db.today,
            status="ordered",
        )
        self.db.kit_orders[order.order_id] = order
        return order

    @tool("write")
    def withdraw_participant(self, participant_id: str, reason: str, follow_up_consent: bool) -> ParticipantView:
        """Withdraw a participant from the study; their planned and scheduled visits are cancelled.

        Args:
            participant_id: The participant id.
            reason: "participant_decision", "adverse_event", "investigator_decision",
                "relocation" or "lost_to_follow_up".
            follow_up_consent: Whether the participant agrees that follow-up data (health status,
                survival) may still be collected.
        """
        participant = self._participant(participant_id)
        if participant.status not in ("screening", "enrolled"):
            raise ValueError(f"Participant is {participant.status}; only screening or enrolled participants withdraw")
        if reason not in WITHDRAWAL_REASONS:
            raise ValueError(f"reason must be one of {', '.join(WITHDRAWAL_REASONS)}")
        if not isinstance(follow_up_consent, bool):
            raise ValueError("follow_up_consent must be true or false")
        participant.status, participant.withdrawal_date = "withdrawn", self.db.today
        participant.withdrawal_reason, participant.follow_up_consent = reason, follow_up_consent  # type: ignore[assignment]
        open_visits = [
            visit.visit_id
            for visit in self._of("visits", "participant_id", participant_id)
            if visit.status in ("planned", "scheduled")
        ]
        for visit_id in open_visits:
            self.db.visits[visit_id].status = "cancelled"
        return view(self.db, participant)

    @tool("write")
    def record_stipend(self, participant_id: str, visit_id: str) -> StipendPayment:
        """Pay a participant's stipend for one completed visit, at the protocol's rate for that
        visit (the extended rate for an extended visit).

        Args:
            participant_id: The participant id.
            visit_id: The completed visit.
        """
        participant = self._participant(participant_id)
        visit = self._visit_of(participant_id, visit_id)
        if visit.status != "completed":
            raise ValueError(f"Visit is {visit.status}; stipends are paid for completed visits only")
        if visit.stipend_paid:
            raise ValueError(f"The stipend for visit {visit_id} was already paid")
        study = self.db.studies[participant.study_id]
        payment = StipendPayment(
            payment_id=self._new_id("SP", "next_payment_number"),
            participant_id=participant_id,
            visit_id=visit_id,
            amount=study.extended_visit_stipend if visit.extended else study.stipend_per_visit,
            paid_on=self.db.today,
        )
        self.db.stipend_payments[payment.payment_id] = payment
        visit.stipend_paid = True
        return payment

    @tool("write")
    def generate_enrollment_report(self, study_id: str, site_id: str) -> EnrollmentReport:
        """File the sponsor's enrollment report of one study at one site: everyone screened
        there, screen failures, enrolled, withdrawn and completed participants, as of today.

        Args:
            study_id: The study.
            site_id: The site code.
        """
        study = self._get("studies", study_id)
        site = self._get("sites", site_id)
        if study_id not in site.studies:
            raise ValueError(f"Site {site_id} does not run study {study_id}")
        statuses = [
            p.status for p in self.db.participants.values() if p.study_id == study.study_id and p.site_id == site_id
        ]
        report = EnrollmentReport(
            report_id=self._new_id("ER", "next_report_number"),
            study_id=study_id,
            site_id=site_id,
            screened=len(statuses),
            screen_failed=statuses.count("screen_failed"),
            enrolled=statuses.count("enrolled"),
            withdrawn=statuses.count("withdrawn"),
            completed=statuses.count("completed"),
            generated_on=self.db.today,
        )
        self.db.enrollment_reports[report.report_id] = report
        return report

    @tool("write")
    def request_unblinding(self, participant_id: str, requested_by: str, reason: str) -> UnblindingRequest:
        """Send an emergency unblinding request to the medical monitor, who decides and tells the
        investigator the arm directly. The desk never sees the arm.

        Args:
            participant_id: The participant id.
            requested_by: The staff id of the investigator asking.
            reason: "medical_emergency" or "other".
        """
        participant = self._participant(participant_id)
        member = self._get("staff", requested_by)
        if member.status != "active":
            raise ValueError(f"Staff member {requested_by} is not active at the site")
        if participant.randomization_number is None:
            raise ValueError("Participant has not been randomized")
        if reason not in UNBLINDING_REASONS:
            raise ValueError("reason must be medical_emergency or other")
        for other in self.db.unblinding_requests.values():
            if other.participant_id == participant_id and other.status == "pending_medical_monitor":
                raise ValueError(f"An unblinding request is already pending: {other.request_id}")
        request = UnblindingRequest(
            request_id=self._new_id("UB", "next_unblinding_number"),
            participant_id=participant_id,
            requested_by=requested_by,
            reason=reason,
            status="pending_medical_monitor",
            requested_at=self.db.now,
        )
        self.db.unblinding_requests[request.request_id] = request
        return request

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
