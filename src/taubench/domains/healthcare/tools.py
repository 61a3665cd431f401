"""The healthcare domain's tools: the patient-access desk's screens. They check what the
scheduling, pharmacy and records systems check (existence, status, open slots, referral
visits left, the 24-hour cancellation clock); who may be served, what may be said and what
is allowed (proxies, referrals, refill timing, waivers, telehealth locations) is the
policy's, so the agent's job."""

from datetime import date, datetime, timedelta
from typing import Annotated, Literal, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.healthcare.models import (
    Appointment,
    HealthcareDB,
    Patient,
    PatientMatch,
    Pharmacy,
    Plan,
    Prescription,
    Provider,
    RecordsRequest,
    RecordType,
    Referral,
    Slot,
    Specialty,
)
from taubench.domains.kit import RecordDesk
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

LATE_CANCEL_HOURS = 24
LATE_CANCEL_FEE = 50.0
ELECTRONIC_COPY_FEE = 6.5
PAPER_FREE_PAGES = 10
PAPER_FEE_PER_PAGE = 0.25
RECORDS_DUE_DAYS = 30
CancelReason = Literal["patient_request", "illness", "schedule_conflict", "transportation", "feeling_better", "other"]


class HealthcareTools(RecordDesk):
    db: HealthcareDB

    def _now(self) -> datetime:
        return datetime.fromisoformat(self.db.now)

    def _today(self) -> str:
        return self.db.now[:10]

    def _open_slot(self, slot_id: str) -> Slot:
        slot = self._get("slots", slot_id)
        if slot.status != "open":
            raise ValueError("Slot is already taken")
        if datetime.fromisoformat(f"{slot.date} {slot.time}") <= self._now():
            raise ValueError("Slot is in the past")
        return slot

    def _booked(self, appointment_id: str) -> Appointment:
        appointment = self._get("appointments", appointment_id)
        if appointment.status != "booked":
            raise ValueError(f"Appointment is {appointment.status}, not booked")
        return appointment

    def _clashes(self, patient_id: str, slot: Slot) -> bool:
        return any(
            other.patient_id == patient_id
            and other.status == "booked"
            and (other.date, other.time) == (slot.date, slot.time)
            for other in self.db.appointments.values()
        )

    @tool("read")
    def find_patient(self, last_name: str, dob: str) -> list[PatientMatch]:
        """Patients with this last name (any case) and date of birth, with their zip and the last
        4 digits of their phone, to tell namesakes apart. Empty when nobody matches.

        Args:
            last_name: The patient's last name, e.g. "Gonzalez".
            dob: Their date of birth, YYYY-MM-DD.
        """
        return [
            PatientMatch(
                patient_id=p.patient_id,
                first_name=p.first_name,
                last_name=p.last_name,
                dob=p.dob,
                zip=p.zip,
                phone_last4=p.phone[-4:],
            )
            for p in self.db.patients.values()
            if p.last_name.lower() == last_name.strip().lower() and p.dob == dob
        ]

    @tool("read")
    def get_patient(self, patient_id: str) -> Patient:
        """A patient's full record: contact details, insurance, primary care provider (PCP),
        preferred pharmacy, proxies, release authorizations, chart size and balance.

        Args:
            patient_id: The patient's id, e.g. "P10001".
        """
        return self._get("patients", patient_id)

    @tool("read")
    def get_provider(self, provider_id: str) -> Provider:
        """A provider's specialty, clinic, licensed states, whether they accept new patients and
        the plans they are in network with.

        Args:
            provider_id: The provider's id, e.g. "DR101".
        """
        return self._get("providers", provider_id)

    @tool("read")
    def search_providers(
        self, specialty: Specialty, plan_id: Optional[str] = None, clinic_id: Optional[str] = None
    ) -> list[Provider]:
        """Providers of a specialty, in id order, optionally only those in network with a plan
        and/or working at one clinic.

        Args:
            specialty: One of family_medicine, internal_medicine, pediatrics, cardiology,
                dermatology, orthopedics, endocrinology, gastroenterology, neurology, psychiatry,
                obstetrics_gynecology.
            plan_id: Optional: only providers in network with this plan, e.g. "PL-HMO1".
            clinic_id: Optional: only providers at this clinic, e.g. "CL1".
        """
        if plan_id is not None:
            self._get("plans", plan_id)
        if clinic_id is not None:
            self._get("clinics", clinic_id)
        return [
            provider
            for provider in self.db.providers.values()
            if provider.specialty == specialty
            and (plan_id is None or plan_id in provider.plans_in_network)
            and (clinic_id is None or provider.clinic_id == clinic_id)
        ]

    @tool("read")
    def list_open_slots(
        self, provider_id: str, date_from: str, date_to: str, mode: Optional[Literal["in_person", "telehealth"]] = None
    ) -> list[Slot]:
        """A provider's open slots between two dates (both included), earliest first.

        Args:
            provider_id: The provider's id.
            date_from: First day, YYYY-MM-DD.
            date_to: Last day, YYYY-MM-DD.
            mode: Optional: only in_person or only telehealth slots.
        """
        self._get("providers", provider_id)
        slots = [
            slot
            for slot in self.db.slots.values()
            if slot.provider_id == provider_id
            and slot.status == "open"
            and date_from <= slot.date <= date_to
            and mode in (None, slot.mode)
        ]
        return sorted(slots, key=lambda slot: (slot.date, slot.time, slot.slot_id))

    @tool("read")
    def list_appointments(self, patient_id: str) -> list[Appointment]:
        """All of a patient's appointments, past and future, in date order.

        Args:
            patient_id: The patient's id.
        """
        self._get("patients", patient_id)
        found = self._of("appointments", "patient_id", patient_id)
        return sorted(found, key=lambda appointment: (appointment.date, appointment.time, appointment.appointment_id))

    @tool("read")
    def list_referrals(self, patient_id: str) -> list[Referral]:
        """A patient's referrals (active, requested or expired), with visits authorized and used.

        Args:
            patient_id: The patient's id.
        """
        self._get("patients", patient_id)
        return self._of("referrals", "patient_id", patient_id)

    @tool("read")
    def list_plans(self) -> list[Plan]:
        """Every insurance plan we know, in id order: its type, whether specialist visits need a
        referral, the copays, and the date our contract with it ended, if it did."""
        return sorted(self.db.plans.values(), key=lambda plan: plan.plan_id)

    @tool("read")
    def list_pharmacies(self, zip: Optional[str] = None) -> list[Pharmacy]:
        """The pharmacies we send prescriptions to, in id order, optionally only those in one zip.

        Args:
            zip: Optional: a 5-digit zip, e.g. "60614".
        """
        return [pharmacy for pharmacy in self.db.pharmacies.values() if zip is None or pharmacy.zip == zip]

    @tool("read")
    def list_prescriptions(self, patient_id: str) -> list[Prescription]:
        """A patient's prescriptions: drug, DEA schedule, days supply, refills left, last fill.

        Args:
            patient_id: The patient's id.
        """
        self._get("patients", patient_id)
        return self._of("prescriptions", "patient_id", patient_id)

    @tool("write")
    def book_appointment(
        self, patient_id: str, slot_id: str, visit_type: Literal["new", "follow_up"], referral_id: Optional[str] = None
    ) -> Appointment:
        """Book an open slot for a patient; the slot's mode (in_person or telehealth) is the visit's.
        A visit booked on a referral uses one of its visits.

        Args:
            patient_id: The patient's id.
            slot_id: The open slot's id, e.g. "S20001".
            visit_type: "new" (new patient visit) or "follow_up".
            referral_id: Optional: the referral the visit is booked on, e.g. "RF30001".
        """
        patient = self._get("patients", patient_id)
        slot = self._open_slot(slot_id)
        provider = self._get("providers", slot.provider_id)
        referral = None
        if referral_id is not None:
            referral = self._get("referrals", referral_id)
            if referral.patient_id != patient.patient_id:
                raise ValueError("Referral belongs to another patient")
            if referral.status != "active":
                raise ValueError(f"Referral is {referral.status}, not active")
            if referral.specialty != provider.specialty:
                raise ValueError("Referral is for another specialty")
            if referral.visits_used >= referral.visits_authorized:
                raise ValueError("Referral has no visits left")
        if self._clashes(patient_id, slot):
            raise ValueError("Patient already has an appointment at that time")
        appointment = Appointment(
            appointment_id=f"A{self.db.next_appointment_number}",
            patient_id=patient_id,
            provider_id=provider.provider_id,
            specialty=provider.specialty,
            slot_id=slot_id,
            date=slot.date,
            time=slot.time,
            mode=slot.mode,
            visit_type=visit_type,
            status="booked",
            referral_id=referral_id,
        )
        self.db.next_appointment_number += 1
        slot.status = "taken"
        if referral is not None:
            referral.visits_used += 1
        self.db.appointments[appointment.appointment_id] = appointment
        return appointment

    @tool("write")
    def reschedule_appointment(self, appointment_id: str, new_slot_id: str) -> Appointment:
        """Move a booked appointment to another open slot of the same provider; the old slot is
        freed and the appointment's reschedule count goes up by one.

        Args:
            appointment_id: The appointment's id, e.g. "A500001".
            new_slot_id: The open slot to move it to.
        """
        appointment = self._booked(appointment_id)
        slot = self._open_slot(new_slot_id)
        if slot.provider_id != appointment.provider_id:
            raise ValueError("New slot is with another provider")
        if self._clashes(appointment.patient_id, slot):
            raise ValueError("Patient already has an appointment at that time")
        if appointment.slot_id is not None:
            self.db.slots[appointment.slot_id].status = "open"
        slot.status = "taken"
        appointment.slot_id, appointment.date, appointment.time, appointment.mode = (
            slot.slot_id,
            slot.date,
            slot.time,
            slot.mode,
        )
        appointment.reschedule_count += 1
        return appointment

    @tool("write")
    def cancel_appointment(
        self, appointment_id: str, reason: CancelReason, waive_late_fee: bool = False
    ) -> Appointment:
        """Cancel a booked appointment and free its slot. Cancelling less than 24 hours before
        the visit charges the 50.00 USD late fee to the patient's balance unless it is waived;
        a waiver is recorded on the patient. A referral visit it used is given back.

        Args:
            appointment_id: The appointment's id.
            reason: One of patient_request, illness, schedule_conflict, transportation,
                feeling_better, other.
            waive_late_fee: true to waive the late fee (only when one applies).
        """
        appointment = self._booked(appointment_id)
        starts = datetime.fromisoformat(f"{appointment.date} {appointment.time}")
        late = starts - self._now() < timedelta(hours=LATE_CANCEL_HOURS)
        if waive_late_fee and not late:
            raise ValueError("No late fee applies to waive")
        patient = self._get("patients", appointment.patient_id)
        fee = LATE_CANCEL_FEE if late and not waive_late_fee else 0.0
        appointment.status, appointment.cancel_reason, appointment.fee_charged = "cancelled", reason, fee
        patient.balance = round(patient.balance + fee, 2)
        if waive_late_fee:
            patient.last_late_fee_waiver = self._today()
        if appointment.slot_id is not None:
            self.db.slots[appointment.slot_id].status = "open"
        if appointment.referral_id is not None:
            self.db.referrals[appointment.referral_id].visits_used -= 1
        return appointment

    @tool("write")
    def request_refill(self, rx_id: str, pharmacy_id: str) -> Prescription:
        """Send a refill of a prescription to a pharmacy today; uses one of its refills.

        Args:
            rx_id: The prescription's id, e.g. "RX40001".
            pharmacy_id: The pharmacy to fill it, e.g. "PH1".
        """
        rx = self._get("prescriptions", rx_id)
        self._get("pharmacies", pharmacy_id)
        if rx.status != "active":
            raise ValueError("Prescription is discontinued")
        if rx.refills_left < 1:
            raise ValueError("No refills left")
        rx.refills_left -= 1
        rx.last_fill, rx.pharmacy_id = self._today(), pharmacy_id
        return rx

    @tool("write")
    def create_records_request(
        self,
        patient_id: str,
        record_types: Annotated[list[RecordType], Unordered()],
        recipient: str,
        delivery_format: Literal["electronic", "paper"],
    ) -> RecordsRequest:
        """Open a request for copies of a patient's records, due 30 days from today. The copy fee
        (electronic 6.50 USD flat; paper 0.25 USD per page of the chart after the first 10) is
        added to the patient's balance.

        Args:
            patient_id: The patient's id.
            record_types: Any of visit_notes, lab_results, imaging, immunizations,
                medication_list, billing.
            recipient: Who receives the copy: "patient" for the patient themselves, else the
                third party's name as on the authorization.
            delivery_format: "electronic" or "paper".
        """
        patient = self._get("patients", patient_id)
        if not record_types or len(set(record_types)) != len(record_types):
            raise ValueError("List each record type once, at least one")
        if not recipient.strip():
            raise ValueError("Recipient is required")
        if delivery_format == "electronic":
            fee = ELECTRONIC_COPY_FEE
        else:
            fee = round(max(0, patient.chart_pages - PAPER_FREE_PAGES) * PAPER_FEE_PER_PAGE, 2)
        today = self._today()
        request = RecordsRequest(
            request_id=f"RR{self.db.next_request_number}",
            patient_id=patient_id,
            record_types=record_types,
            recipient=recipient,
            delivery_format=delivery_format,
            fee=fee,
            requested=today,
            due=(date.fromisoformat(today) + timedelta(days=RECORDS_DUE_DAYS)).isoformat(),
            status="open",
        )
        self.db.next_request_number += 1
        patient.balance = round(patient.balance + fee, 2)
        self.db.records_requests[request.request_id] = request
        return request

    @tool("write")
    def update_contact_info(
        self,
        patient_id: str,
        phone: Optional[str] = None,
        email: Optional[str] = None,
        address: Optional[str] = None,
        zip: Optional[str] = None,
    ) -> Patient:
        """Change a patient's phone, email and/or mailing address; fields left out stay as they are.

        Args:
            patient_id: The patient's id.
            phone: Optional: the new phone, NNN-NNN-NNNN.
            email: Optional: the new email address.
            address: Optional: the new street address, e.g. "18 Elm St, Evanston IL".
            zip: Optional: the new 5-digit zip (give it with a new address).
        """
        patient = self._get("patients", patient_id)
        if phone is None and email is None and address is None and zip is None:
            raise ValueError("Nothing to change")
        if phone is not None and not (
            len(phone) == 12 and phone[3] == phone[7] == "-" and phone.replace("-", "").isdigit()
        ):
            raise ValueError("Phone must look like NNN-NNN-NNNN")
        if email is not None and "@" not in email:
            raise ValueError("Email address is not valid")
        if zip is not None and not (len(zip) == 5 and zip.isdigit()):
            raise ValueError("Zip must be 5 digits")
        for field, value in (("phone", phone), ("email", email), ("address", address), ("zip", zip)):
            if value is not None:
                setattr(patient, field, value)
        return patient

    @tool("write")
    def update_insurance(self, patient_id: str, plan_id: str, member_id: str) -> Patient:
        """Put a new insurance plan and member id on a patient's record.

        Args:
            patient_id: The patient's id.
            plan_id: The plan's id.
            member_id: The member id printed on the insurance card.
        """
        patient = self._get("patients", patient_id)
        self._get("plans", plan_id)
        if not member_id.strip():
            raise ValueError("Member id is required")
        patient.plan_id, patient.member_id = plan_id, member_id
        return patient

    @tool("write")
    def request_referral(self, patient_id: str, specialty: Specialty) -> Referral:
        """Ask the patient's primary care provider (PCP) for a referral to a specialty. It starts
        as "requested"; the PCP's office calls the patient for the clinical details and makes it
        active if they approve it.

        Args:
            patient_id: The patient's id.
            specialty: The specialty the patient needs to see (as in search_providers).
        """
        patient = self._get("patients", patient_id)
        if patient.pcp_id is None:
            raise ValueError("Patient has no primary care provider on file")
        for existing in self.db.referrals.values():  # one still pending or with visits left makes a new one a duplicate
            if existing.patient_id != patient_id or existing.specialty != specialty:
                continue
            visits_left = existing.visits_used < existing.visits_authorized
            if existing.status == "requested" or (existing.status == "active" and visits_left):
                raise ValueError(f"Referral {existing.referral_id} for that specialty is still {existing.status}")
        referral = Referral(
            referral_id=f"RF{self.db.next_referral_number}",
            patient_id=patient_id,
            specialty=specialty,
            referred_by=patient.pcp_id,
            status="requested",
            reason="requested through the access desk",
            visits_authorized=0,
            visits_used=0,
        )
        self.db.next_referral_number += 1
        self.db.referrals[referral.referral_id] = referral
        return referral

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
