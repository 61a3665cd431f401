"""Look-ups the tools share over the timetable and the trainers' diaries: places still free on
a class and a trainer's open slots. They only read the tables they iterate."""

from taubench.domains.fitness.models import FitnessDB, GymClass, Trainer

HOLDING_PLACES = ("booked",)  # waitlist places hold none


def spots_left(db: FitnessDB, gym_class: GymClass) -> int:
    taken = sum(
        booking.class_id == gym_class.class_id and booking.status in HOLDING_PLACES for booking in db.bookings.values()
    )
    return gym_class.capacity - taken


def open_slots(db: FitnessDB, trainer: Trainer, day: str) -> list[str]:
    """The trainer's working slots on ``day`` that are still ahead and not booked."""
    taken = {
        session.slot
        for session in db.pt_sessions.values()
        if session.status == "booked" and db.pt_packages[session.package_id].trainer_id == trainer.trainer_id
    }
    return [slot for slot in trainer.working_slots if slot.startswith(day) and slot not in taken and slot > db.now]
