"""The member-support desk's look-ups: members, their activity log and measurements, class
bookings, the timetable, routines, PT packages and trainers' diaries. The writes build on
them (``tools.py``)."""

from typing import Optional

from taubench.core.toolkit import tool
from taubench.domains.fitness.models import (
    Activity,
    Booking,
    ClassSlot,
    FitnessDB,
    MeasureEntry,
    Member,
    PackageView,
    ProgressSummary,
    Routine,
    TrainerDay,
)
from taubench.domains.fitness.records import open_slots, spots_left
from taubench.domains.fitness.terms import add_days, day_of, days_between
from taubench.domains.kit import RecordDesk

MEASURES = ("weight_kg", "body_fat_pct", "waist_cm")


class MemberDesk(RecordDesk):
    """The desk's look-ups."""

    db: FitnessDB

    @property
    def _today(self) -> str:
        return day_of(self.db.now)

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
        return self._get("members", member_id)

    @tool("read")
    def list_activities(self, member_id: str, date_from: str, date_to: str) -> list[Activity]:
        """The member's logged activities between two dates (both included), oldest first.

        Args:
            member_id: The member number.
            date_from: First day, YYYY-MM-DD.
            date_to: Last day, YYYY-MM-DD.
        """
        self._get("members", member_id)
        found = [a for a in self._of("activities", "member_id", member_id) if date_from <= a.date <= date_to]
        return sorted(found, key=lambda activity: (activity.date, activity.start_time, activity.activity_id))

    @tool("read")
    def get_progress_summary(self, member_id: str, measure: str, date_from: str, date_to: str) -> ProgressSummary:
        """One body measure's entries in the member's log between two dates (both included),
        oldest first, with the days from the first entry to the last.

        Args:
            member_id: The member number.
            measure: One of weight_kg, body_fat_pct, waist_cm.
            date_from: First day, YYYY-MM-DD.
            date_to: Last day, YYYY-MM-DD.
        """
        self._get("members", member_id)
        if measure not in MEASURES:
            raise ValueError("Unknown measure: use weight_kg, body_fat_pct or waist_cm")
        taken = [
            m
            for m in self._of("measurements", "member_id", member_id)
            if date_from <= m.date <= date_to and getattr(m, measure) is not None
        ]
        entries = [
            MeasureEntry(measurement_id=m.measurement_id, date=m.date, value=getattr(m, measure), source=m.source)
            for m in taken
        ]
        entries.sort(key=lambda entry: (entry.date, entry.measurement_id))
        spanned = days_between(entries[0].date, entries[-1].date) if entries else 0
        return ProgressSummary(
            member_id=member_id,
            measure=measure,
            date_from=date_from,
            date_to=date_to,
            entries=entries,
            days_spanned=spanned,
        )

    @tool("read")
    def list_bookings(self, member_id: str) -> list[Booking]:
        """All of the member's class bookings from the last 60 days on, by class start.

        Args:
            member_id: The member number.
        """
        self._get("members", member_id)
        since = add_days(self._today, -60)
        found = [b for b in self._of("bookings", "member_id", member_id) if b.class_start >= since]
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
        if club_id is not None:
            self._get("clubs", club_id)
        found = [
            c
            for c in self.db.classes.values()
            if c.start.startswith(date) and c.class_type == class_type and club_id in (None, c.club_id)
        ]
        found.sort(key=lambda gym_class: (gym_class.start, gym_class.club_id))
        return [ClassSlot(**c.model_dump(), spots_left=spots_left(self.db, c)) for c in found]

    @tool("read")
    def search_routines(self, goal: str, level: str) -> list[Routine]:
        """Training routines in the app's library for a goal and level.

        Args:
            goal: One of strength, weight_loss, endurance, mobility, muscle_gain, core, balance, general_fitness,
                sport_conditioning.
            level: One of beginner, intermediate, advanced.
        """
        return [r for r in self.db.routines.values() if r.goal == goal and r.level == level]

    @tool("read")
    def list_pt_packages(self, member_id: str) -> list[PackageView]:
        """The member's personal-training packages, each with its sessions.

        Args:
            member_id: The member number.
        """
        self._get("members", member_id)
        views = []
        for package in self._of("pt_packages", "member_id", member_id):
            sessions = self._of("pt_sessions", "package_id", package.package_id)
            views.append(PackageView(**package.model_dump(), sessions=sorted(sessions, key=lambda s: s.slot)))
        return views

    @tool("read")
    def get_trainer_schedule(self, trainer_id: str, date: str) -> TrainerDay:
        """A trainer's free one-hour slots on a day (slots already past are not shown).

        Args:
            trainer_id: The trainer's id, e.g. "T05".
            date: The day, YYYY-MM-DD.
        """
        trainer = self._get("trainers", trainer_id)
        return TrainerDay(
            trainer_id=trainer.trainer_id,
            name=trainer.name,
            club_id=trainer.club_id,
            date=date,
            open_slots=open_slots(self.db, trainer, date),
        )
