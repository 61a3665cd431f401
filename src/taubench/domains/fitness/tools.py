"""The member-support desk's tools. They check what the club's systems check (records exist,
a class has places, a start is still ahead, a package has sessions and a trainer is free,
a duplicate import is refused) and charge what the price list says; the judgement rules
(booking windows and weekly caps, freeze and cancellation terms, routine levels, goal
limits, back-dating) are the policy's, so the agent's job."""

from typing import Optional

from taubench.domains.fitness.models import (
    Activity, Booking, Charge, ClassSlot, FitnessDB, Freeze, Goal, GymClass, Member, PackageView, PtPackage, PtSession,
    Routine, RoutinePlan, Trainer, TrainerDay,
)  # fmt: skip
from taubench.domains.fitness.records import open_slots, spots_left
from taubench.domains.fitness.terms import (
    DISTANCE_TYPES, DUES, FREEZE_FEE_PER_MONTH, LATE_CANCEL_FEE, LATE_CANCEL_HOURS, NOTICE_DAYS, PT_FORFEIT_HOURS,
    TIER_ORDER, add_days, add_months, day_of, early_termination_fee, hours_between, upgrade_proration,
)  # fmt: skip
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents
from taubench.toolkit import Toolkit, tool


class FitnessTools(Toolkit):
    db: FitnessDB

    @property
    def _today(self) -> str:
        return day_of(self.db.now)

    def _member(self, member_id: str) -> Member:
        if member_id not in self.db.members:
            raise ValueError("Member not found")
        return self.db.members[member_id]

    def _class(self, class_id: str) -> GymClass:
        if class_id not in self.db.classes:
            raise ValueError("Class not found")
        return self.db.classes[class_id]

    def _package(self, package_id: str) -> PtPackage:
        if package_id not in self.db.pt_packages:
            raise ValueError("Package not found")
        return self.db.pt_packages[package_id]

    def _trainer(self, trainer_id: str) -> Trainer:
        if trainer_id not in self.db.trainers:
            raise ValueError("Trainer not found")
        return self.db.trainers[trainer_id]

    def _charge(self, member_id: str, kind: str, amount: float) -> None:
        charge_id = f"CH{self.db.next_charge_number}"
        self.db.next_charge_number += 1
        self.db.charges[charge_id] = Charge(charge_id=charge_id, member_id=member_id, date=self._today, kind=kind, amount=amount)

    @tool("read")
    def find_member(self, name: str, birth_date: str) -> Member:
        """Find a member by full name and date of birth.

        Args:
            name: The member's full name, e.g. "Dana Whitfield".
            birth_date: Their date of birth, YYYY-MM-DD.
        """
        for member_id, member in self.db.members.items():
            if member.name.lower() == name.strip().lower() and member.birth_date == birth_date:
                return self.db.members[member_id]
        raise ValueError("No member matches that name and date of birth")

    @tool("read")
    def get_member(self, member_id: str) -> Member:
        """A member's record by member number: tier, contract, billing, status, freezes, goals,
        routine, weight, health screening and injuries.

        Args:
            member_id: The member number, e.g. "M20001".
        """
        return self._member(member_id)

    @tool("read")
    def list_activities(self, member_id: str, date_from: str, date_to: str) -> list[Activity]:
        """The member's logged activities between two dates (both included), oldest first.

        Args:
            member_id: The member number.
            date_from: First day, YYYY-MM-DD.
            date_to: Last day, YYYY-MM-DD.
        """
        self._member(member_id)
        found = [a for a in self.db.activities.values() if a.member_id == member_id and date_from <= a.date <= date_to]
        return sorted(found, key=lambda activity: (activity.date, activity.start_time, activity.activity_id))

    @tool("read")
    def list_bookings(self, member_id: str) -> list[Booking]:
        """All of the member's class bookings from the last 60 days on, by class start.

        Args:
            member_id: The member number.
        """
        self._member(member_id)
        since = add_days(self._today, -60)
        found = [b for b in self.db.bookings.values() if b.member_id == member_id and b.class_start >= since]
        return sorted(found, key=lambda booking: (booking.class_start, booking.booking_id))

    @tool("read")
    def search_classes(self, date: str, class_type: str, club_id: Optional[str] = None) -> list[ClassSlot]:
        """The timetable for one day: classes of a type, at one club or at all clubs, by start
        time, each with the places still free.

        Args:
            date: The day, YYYY-MM-DD.
            class_type: One of spin, yoga, hiit, pilates, boxing, strength.
            club_id: The club, e.g. "C01"; leave out for every club.
        """
        if club_id is not None and club_id not in self.db.clubs:
            raise ValueError("Club not found")
        found = [c for c in self.db.classes.values() if c.start.startswith(date) and c.class_type == class_type
                 and club_id in (None, c.club_id)]  # fmt: skip
        found.sort(key=lambda gym_class: (gym_class.start, gym_class.club_id))
        return [ClassSlot(**c.model_dump(), spots_left=spots_left(self.db, c)) for c in found]

    @tool("read")
    def search_routines(self, goal: str, level: str) -> list[Routine]:
        """Training routines in the app's library for a goal and level.

        Args:
            goal: One of strength, weight_loss, endurance, mobility.
            level: One of beginner, intermediate, advanced.
        """
        return [r for r in self.db.routines.values() if r.goal == goal and r.level == level]

    @tool("read")
    def list_pt_packages(self, member_id: str) -> list[PackageView]:
        """The member's personal-training packages, each with its sessions.

        Args:
            member_id: The member number.
        """
        self._member(member_id)
        views = []
        for package in self.db.pt_packages.values():
            if package.member_id == member_id:
                sessions = [s for s in self.db.pt_sessions.values() if s.package_id == package.package_id]
                views.append(PackageView(**package.model_dump(), sessions=sorted(sessions, key=lambda s: s.slot)))
        return views

    @tool("read")
    def get_trainer_schedule(self, trainer_id: str, date: str) -> TrainerDay:
        """A trainer's free one-hour slots on a day (slots already past are not shown).

        Args:
            trainer_id: The trainer's id, e.g. "T05".
            date: The day, YYYY-MM-DD.
        """
        trainer = self._trainer(trainer_id)
        return TrainerDay(trainer_id=trainer.trainer_id, name=trainer.name, club_id=trainer.club_id, date=date,
                          open_slots=open_slots(self.db, trainer, date))  # fmt: skip

    @tool("write")
    def log_activity(
        self, member_id: str, activity_type: str, date: str, start_time: str, duration_min: int,
        distance_km: Optional[float] = None, avg_hr: Optional[int] = None,
    ) -> Activity:  # fmt: skip
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
        self._member(member_id)
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
                raise ValueError(f"Duplicate: {activity.activity_id} is already logged for that type, date and start time")
        activity = Activity(activity_id=f"A{self.db.next_activity_number}", member_id=member_id, activity_type=activity_type,
                            date=date, start_time=start_time, duration_min=duration_min, distance_km=distance_km,
                            avg_hr=avg_hr, source="desk")  # fmt: skip
        self.db.next_activity_number += 1
        self.db.activities[activity.activity_id] = activity
        member = self._member(member_id)
        if member.logging_since is None or date < member.logging_since:
            member.logging_since = date
        return activity

    @tool("write")
    def book_class(self, member_id: str, class_id: str, waitlist: bool = False) -> Booking:
        """Book the member a place on a class, or put them on its waitlist when it is full.

        Args:
            member_id: The member number.
            class_id: The class, e.g. "K10234".
            waitlist: True to join the waitlist of a full class instead of booking a place.
        """
        member, gym_class = self._member(member_id), self._class(class_id)
        if member.status == "cancelled":
            raise ValueError("Membership is cancelled")
        if gym_class.start <= self.db.now:
            raise ValueError("Class has already started")
        for booking in self.db.bookings.values():
            if booking.member_id == member_id and booking.class_id == class_id and booking.status in ("booked", "waitlisted"):
                raise ValueError(f"Member already holds {booking.booking_id} on this class")
        full = spots_left(self.db, gym_class) <= 0
        if full and not waitlist:
            raise ValueError("Class is full")
        if waitlist and not full:
            raise ValueError("Class has places free: book a place instead of the waitlist")
        booking = Booking(booking_id=f"B{self.db.next_booking_number}", member_id=member_id, class_id=class_id,
                          class_type=gym_class.class_type, club_id=gym_class.club_id, class_start=gym_class.start,
                          status="waitlisted" if waitlist else "booked", fee=0.0)  # fmt: skip
        self.db.next_booking_number += 1
        self.db.bookings[booking.booking_id] = booking
        return booking

    @tool("write")
    def cancel_class_booking(self, booking_id: str) -> Booking:
        """Cancel a class booking or waitlist place. A booked place cancelled less than 2 hours
        before the class starts is a late cancellation and is charged 10.00 USD.

        Args:
            booking_id: The booking, e.g. "B50012".
        """
        if booking_id not in self.db.bookings:
            raise ValueError("Booking not found")
        booking = self.db.bookings[booking_id]
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
        member = self._member(member_id)
        if routine_id not in self.db.routines:
            raise ValueError("Routine not found")
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
        member = self._member(member_id)
        if metric not in ("body_weight_kg", "longest_run_km", "weekly_distance_km", "sessions_per_week"):
            raise ValueError("Unknown goal metric")
        if deadline <= self._today:
            raise ValueError("Deadline must be after today")
        if not target > 0:
            raise ValueError("Target must be above 0")
        for goal in member.goals:
            if goal.metric == metric and goal.status == "active":
                goal.status = "replaced"
        goal = Goal(goal_id=f"G{self.db.next_goal_number}", metric=metric, target=target, deadline=deadline,
                    set_on=self._today, status="active")  # fmt: skip
        self.db.next_goal_number += 1
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
        member = self._member(member_id)
        if member.status != "active" or member.cancel_effective:
            raise ValueError("Only an active membership without a cancellation can be frozen")
        if months not in (1, 2, 3):
            raise ValueError("A freeze lasts 1, 2 or 3 months")
        if start_date < self._today:
            raise ValueError("Start date is in the past")
        fee = FREEZE_FEE_PER_MONTH * months
        member.freezes.append(Freeze(start_date=start_date, end_date=add_months(start_date, months), months=months, fee=fee))
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
        member = self._member(member_id)
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
        package = self._package(package_id)
        if slot <= self.db.now:
            raise ValueError("Slot is in the past")
        if day_of(slot) > package.expires:
            raise ValueError(f"Slot is after the package expires on {package.expires}")
        if package.sessions_used >= package.sessions_total:
            raise ValueError("No sessions left on the package")
        if slot not in open_slots(self.db, self._trainer(package.trainer_id), day_of(slot)):
            raise ValueError("Trainer is not free at that slot")
        session = PtSession(session_id=f"S{self.db.next_session_number}", package_id=package_id, slot=slot, status="booked")
        self.db.next_session_number += 1
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
        if session_id not in self.db.pt_sessions:
            raise ValueError("Session not found")
        session = self.db.pt_sessions[session_id]
        if session.status != "booked" or session.slot <= self.db.now:
            raise ValueError("Session is not booked ahead")
        if hours_between(self.db.now, session.slot) < PT_FORFEIT_HOURS:
            session.status = "forfeited"
        else:
            session.status = "cancelled"
            self._package(session.package_id).sessions_used -= 1
        return session

    @tool("write")
    def cancel_membership(self, member_id: str) -> Member:
        """Give the member's notice: the membership ends 30 days from today. An annual contract
        is charged half the monthly dues for each billing date left from then to the term's end.

        Args:
            member_id: The member number.
        """
        member = self._member(member_id)
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
