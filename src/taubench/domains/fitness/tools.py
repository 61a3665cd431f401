"""The member-support desk's writes, on the look-ups of ``desk.py``. They check what the
club's systems check (records exist, a class has places, a start is still ahead, a package has
sessions and a trainer is free, a duplicate import or reading is refused, a measurement is
within what a body can measure) and charge what the price list says; the judgement rules
(booking windows and weekly caps, freeze and cancellation terms, routine levels, goal limits,
back-dating, plausible changes) are the policy's, so the agent's job."""

from typing import Optional

from taubench.core.toolkit import tool
from taubench.domains.fitness.desk import MemberDesk
from taubench.domains.fitness.models import (
    Activity,
    Booking,
    Charge,
    Freeze,
    Goal,
    Measurement,
    Member,
    PtSession,
    RoutinePlan,
)
from taubench.domains.fitness.records import open_slots, spots_left
from taubench.domains.fitness.terms import (
    DISTANCE_TYPES,
    DUES,
    FREEZE_FEE_PER_MONTH,
    LATE_CANCEL_FEE,
    LATE_CANCEL_HOURS,
    NOTICE_DAYS,
    PT_FORFEIT_HOURS,
    TIER_ORDER,
    add_days,
    add_months,
    day_of,
    early_termination_fee,
    hours_between,
    one_decimal,
    upgrade_proration,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

BODY_LIMITS = {"weight_kg": (30.0, 250.0), "waist_cm": (40.0, 200.0)}  # what the scales and tapes can read


class FitnessTools(MemberDesk):
    """The desk's tools: the look-ups it inherits, then the writes."""

    def _charge(self, member_id: str, kind: str, amount: float) -> None:
        charge_id = self._new_id("CH", "next_charge_number")
        self.db.charges[charge_id] = Charge(
            charge_id=charge_id, member_id=member_id, date=self._today, kind=kind, amount=amount
        )

    @tool("write")
    def log_activity(
        self,
        member_id: str,
        activity_type: str,
        date: str,
        start_time: str,
        duration_min: int,
        distance_km: Optional[float] = None,
        avg_hr: Optional[int] = None,
    ) -> Activity:
        """Add an activity to the member's log, entered by the desk.

        Args:
            member_id: The member number.
            activity_type: One of run, ride, swim, walk, row, strength.
            date: The day it was done, YYYY-MM-DD.
            start_time: When it started, HH:MM (24-hour).
            duration_min: How long it lasted, minutes.
            distance_km: The distance in km (needed for run, ride, swim, walk, row; not for strength).
            avg_hr: The average heart rate in beats per minute, if the member knows it.
        """
        self._get("members", member_id)
        if activity_type not in DISTANCE_TYPES + ("strength",):
            raise ValueError("Unknown activity type")
        if date > self._today:
            raise ValueError("An activity cannot be logged for a future date")
        if not isinstance(duration_min, int) or duration_min <= 0:
            raise ValueError("Duration must be a whole number of minutes above 0")
        if (activity_type in DISTANCE_TYPES) != (distance_km is not None):
            raise ValueError("Distance is needed for run, ride, swim, walk and row, and not given for strength")
        wanted = (member_id, activity_type, date, start_time)
        for activity in self.db.activities.values():
            if (activity.member_id, activity.activity_type, activity.date, activity.start_time) == wanted:
                raise ValueError(
                    f"Duplicate: {activity.activity_id} is already logged for that type, date and start time"
                )
        activity = Activity(
            activity_id=self._new_id("A", "next_activity_number"),
            member_id=member_id,
            activity_type=activity_type,
            date=date,
            start_time=start_time,
            duration_min=duration_min,
            distance_km=distance_km,
            avg_hr=avg_hr,
            source="desk",
        )
        self.db.activities[activity.activity_id] = activity
        member = self._get("members", member_id)
        if member.logging_since is None or date < member.logging_since:
            member.logging_since = date
        return activity

    @tool("write")
    def log_measurement(
        self, member_id: str, date: str, weight_kg: Optional[float] = None, waist_cm: Optional[float] = None
    ) -> Measurement:
        """Add the member's weight and/or waist measurement to their log, entered by the desk and
        stored to one decimal. A weight newer than every other weight entry becomes the member's
        weight on file.

        Args:
            member_id: The member number.
            date: The day it was measured, YYYY-MM-DD.
            weight_kg: The body weight in kg.
            waist_cm: The waist circumference in cm.
        """
        member = self._get("members", member_id)
        given = {
            measure: value for measure, value in (("weight_kg", weight_kg), ("waist_cm", waist_cm)) if value is not None
        }
        if not given:
            raise ValueError("Give a weight, a waist measurement or both")
        if date > self._today:
            raise ValueError("A measurement cannot be logged for a future date")
        for measure, value in given.items():
            low, high = BODY_LIMITS[measure]
            if not low <= value <= high:
                raise ValueError(f"{measure} must be between {low:g} and {high:g}")
        earlier = [m for m in self.db.measurements.values() if m.member_id == member_id]
        for entry in earlier:
            if entry.date == date and any(getattr(entry, measure) is not None for measure in given):
                raise ValueError(f"Duplicate: {entry.measurement_id} already records that measure for {date}")
        measurement = Measurement(
            measurement_id=self._new_id("MS", "next_measurement_number"),
            member_id=member_id,
            date=date,
            weight_kg=one_decimal(weight_kg),
            body_fat_pct=None,
            waist_cm=one_decimal(waist_cm),
            source="desk",
        )
        self.db.measurements[measurement.measurement_id] = measurement
        if weight_kg is not None and all(entry.date < date for entry in earlier if entry.weight_kg is not None):
            member.weight_kg = measurement.weight_kg
        return measurement

    @tool("write")
    def book_class(self, member_id: str, class_id: str, waitlist: bool = False) -> Booking:
        """Book the member a place on a class, or put them on its waitlist when it is full.

        Args:
            member_id: The member number.
            class_id: The class, e.g. "K10234".
            waitlist: True to join the waitlist of a full class instead of booking a place.
        """
        member, gym_class = self._get("members", member_id), self._get("classes", class_id)
        if member.status == "cancelled":
            raise ValueError("Membership is cancelled")
        if gym_class.start <= self.db.now:
            raise ValueError("Class has already started")
        for booking in self.db.bookings.values():
            if (
                booking.member_id == member_id
                and booking.class_id == class_id
                and booking.status in ("booked", "waitlisted")
            ):
                raise ValueError(f"Member already holds {booking.booking_id} on this class")
        full = spots_left(self.db, gym_class) <= 0
        if full and not waitlist:
            raise ValueError("Class is full")
        if waitlist and not full:
            raise ValueError("Class has places free: book a place instead of the waitlist")
        booking = Booking(
            booking_id=self._new_id("B", "next_booking_number"),
            member_id=member_id,
            class_id=class_id,
            class_type=gym_class.class_type,
            club_id=gym_class.club_id,
            class_start=gym_class.start,
            status="waitlisted" if waitlist else "booked",
            fee=0.0,
        )
        self.db.bookings[booking.booking_id] = booking
        return booking

    @tool("write")
    def cancel_class_booking(self, booking_id: str) -> Booking:
        """Cancel a class booking or waitlist place. A booked place cancelled less than 2 hours
        before the class starts is a late cancellation and is charged 10.00 USD.

        Args:
            booking_id: The booking, e.g. "B50012".
        """
        booking = self._get("bookings", booking_id)
        if booking.status not in ("booked", "waitlisted"):
            raise ValueError(f"Booking is {booking.status}, not active")
        if booking.class_start <= self.db.now:
            raise ValueError("Class has already started")
        if booking.status == "booked" and hours_between(self.db.now, booking.class_start) < LATE_CANCEL_HOURS:
            booking.status, booking.fee = "late_cancel", LATE_CANCEL_FEE
            self._charge(booking.member_id, "late_cancel", LATE_CANCEL_FEE)
        else:
            booking.status = "cancelled"
        return booking

    @tool("write")
    def assign_routine(self, member_id: str, routine_id: str, start_date: str) -> Member:
        """Put a routine on the member's training plan in the app, replacing any current one.

        Args:
            member_id: The member number.
            routine_id: The routine, e.g. "R104".
            start_date: The first day of the plan, YYYY-MM-DD, today or later.
        """
        member = self._get("members", member_id)
        self._get("routines", routine_id)
        if start_date < self._today:
            raise ValueError("Start date is in the past")
        member.routine = RoutinePlan(routine_id=routine_id, start_date=start_date)
        return member

    @tool("write")
    def set_goal(self, member_id: str, metric: str, target: float, deadline: str) -> Goal:
        """Set a goal in the member's app. An active goal on the same metric is replaced.

        Args:
            member_id: The member number.
            metric: One of body_weight_kg, longest_run_km, weekly_distance_km, sessions_per_week.
            target: The target value in the metric's unit.
            deadline: The date to reach it by, YYYY-MM-DD, after today.
        """
        member = self._get("members", member_id)
        if metric not in ("body_weight_kg", "longest_run_km", "weekly_distance_km", "sessions_per_week"):
            raise ValueError("Unknown goal metric")
        if deadline <= self._today:
            raise ValueError("Deadline must be after today")
        if not target > 0:
            raise ValueError("Target must be above 0")
        for goal in member.goals:
            if goal.metric == metric and goal.status == "active":
                goal.status = "replaced"
        goal = Goal(
            goal_id=self._new_id("G", "next_goal_number"),
            metric=metric,
            target=target,
            deadline=deadline,
            set_on=self._today,
            status="active",
        )
        member.goals.append(goal)
        return goal

    @tool("write")
    def freeze_membership(self, member_id: str, start_date: str, months: int) -> Member:
        """Freeze a membership for whole months, charging the 10.00 USD per month freeze fee.
        Billing, and an annual term's end, move back by the months frozen.

        Args:
            member_id: The member number.
            start_date: The first frozen day, YYYY-MM-DD, today or later.
            months: 1, 2 or 3.
        """
        member = self._get("members", member_id)
        if member.status != "active" or member.cancel_effective:
            raise ValueError("Only an active membership without a cancellation can be frozen")
        if months not in (1, 2, 3):
            raise ValueError("A freeze lasts 1, 2 or 3 months")
        if start_date < self._today:
            raise ValueError("Start date is in the past")
        fee = FREEZE_FEE_PER_MONTH * months
        member.freezes.append(
            Freeze(start_date=start_date, end_date=add_months(start_date, months), months=months, fee=fee)
        )
        member.next_billing_date = add_months(member.next_billing_date, months)
        if member.contract_end:
            member.contract_end = add_months(member.contract_end, months)
        if start_date == self._today:
            member.status = "frozen"
        self._charge(member_id, "freeze_fee", fee)
        return member

    @tool("write")
    def change_tier(self, member_id: str, tier: str) -> Member:
        """Change the member's tier. An upgrade starts now and charges the dues difference
        for the days left to the next billing date (per 30 days); a downgrade waits for the
        next billing date.

        Args:
            member_id: The member number.
            tier: One of basic, plus, premium.
        """
        member = self._get("members", member_id)
        if tier not in TIER_ORDER:
            raise ValueError("Unknown tier")
        if member.status == "cancelled":
            raise ValueError("Membership is cancelled")
        if tier == member.tier:
            raise ValueError(f"Member is already on {tier}")
        if TIER_ORDER.index(tier) > TIER_ORDER.index(member.tier):
            charge = upgrade_proration(member.tier, tier, self._today, member.next_billing_date)
            self._charge(member_id, "upgrade_proration", charge)
            member.tier, member.monthly_dues, member.pending_tier = tier, DUES[tier], None
        else:
            member.pending_tier = tier
        return member

    @tool("write")
    def book_pt_session(self, package_id: str, slot: str) -> PtSession:
        """Book a one-hour personal-training session with the package's trainer.

        Args:
            package_id: The package, e.g. "P3012".
            slot: The start, YYYY-MM-DDTHH:MM, one of the trainer's free slots.
        """
        package = self._get("pt_packages", package_id)
        if slot <= self.db.now:
            raise ValueError("Slot is in the past")
        if day_of(slot) > package.expires:
            raise ValueError(f"Slot is after the package expires on {package.expires}")
        if package.sessions_used >= package.sessions_total:
            raise ValueError("No sessions left on the package")
        if slot not in open_slots(self.db, self._get("trainers", package.trainer_id), day_of(slot)):
            raise ValueError("Trainer is not free at that slot")
        session = PtSession(
            session_id=self._new_id("S", "next_session_number"), package_id=package_id, slot=slot, status="booked"
        )
        self.db.pt_sessions[session.session_id] = session
        package.sessions_used += 1
        return session

    @tool("write")
    def cancel_pt_session(self, session_id: str) -> PtSession:
        """Cancel a booked personal-training session. Cancelled 24 hours or more ahead, the
        session goes back to the package; later, it is forfeited (still counted as used).

        Args:
            session_id: The session, e.g. "S7003".
        """
        session = self._get("pt_sessions", session_id)
        if session.status != "booked" or session.slot <= self.db.now:
            raise ValueError("Session is not booked ahead")
        if hours_between(self.db.now, session.slot) < PT_FORFEIT_HOURS:
            session.status = "forfeited"
        else:
            session.status = "cancelled"
            self._get("pt_packages", session.package_id).sessions_used -= 1
        return session

    @tool("write")
    def cancel_membership(self, member_id: str) -> Member:
        """Give the member's notice: the membership ends 30 days from today. An annual contract
        is charged half the monthly dues for each billing date left from then to the term's end.

        Args:
            member_id: The member number.
        """
        member = self._get("members", member_id)
        if member.status == "cancelled" or member.cancel_effective:
            raise ValueError("Notice has already been given")
        effective = add_days(self._today, NOTICE_DAYS)
        if member.contract == "annual" and member.contract_end:
            fee = early_termination_fee(member.monthly_dues, member.next_billing_date, effective, member.contract_end)
            if fee:
                self._charge(member_id, "early_termination", fee)
        member.cancel_effective = effective
        return member

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
