"""Money spent by all the model clients of a run."""

import threading
from typing import Optional


class SpendMeter:
    """Money spent by all the clients of a run, updated after every paid call, and how many
    calls cost an unknown amount (``None``: no price, or token counts that make no sense)."""

    def __init__(self, already_spent: float = 0.0):
        self._lock = threading.Lock()
        self._spent = already_spent
        self._unknown = 0

    def add(self, cost: Optional[float]) -> None:
        with self._lock:
            if cost is None:
                self._unknown += 1
            else:
                self._spent += cost

    @property
    def spent(self) -> float:
        with self._lock:
            return self._spent

    @property
    def unknown_costs(self) -> int:
        with self._lock:
            return self._unknown
