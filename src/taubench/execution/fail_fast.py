"""Stopping a run whose episodes all fail the same way before any succeeds.

A model error retrying cannot fix (the provider rejects every request, the reply is never a
usable completion) ends each episode as an agent or user error, scored 0: right for one
episode, wrong for a whole run, which would record a column of zeros for a model that was
never reached. An endpoint that was never reached at all (connection refused, a name that does
not resolve) ends each episode as an infrastructure error after its retries: not scored, but a
run of them would go on retrying for hours. So while no episode has finished otherwise, episodes ending in such an error
are held back; once ``FAIL_FAST_EPISODES`` of them (or every planned episode, if fewer) share
one error, the run stops with it and they are dropped: they run again when the run is
resumed after the cause is fixed. The first episode that finishes any other way (another
error included) writes the held ones and ends the watch for the rest of the run.
"""

import re
from collections.abc import Iterable, Iterator
from typing import Callable, Optional

from taubench.core.episode import EpisodeResult

FAIL_FAST_EPISODES = 5
MODEL_ERRORS = ("LLMRequestError", "LLMReplyError")  # errors no retry changes (taubench.models.client)
UNREACHED = "LLMUnreachableError"  # the endpoint never answered (taubench.models.client)

Finished = tuple[int, EpisodeResult]  # plan index, record


def model_error(result: EpisodeResult) -> Optional[str]:
    """What two episodes share when they failed the same way: role, error, message (numbers
    aside: token counts and ids vary between requests)."""
    error = result.error
    if error is not None and error.type == UNREACHED:  # the address it could not reach, not how long it tried
        return f"{error.kind} {error.type}: {error.message.split(' (gave up')[0]}"
    if error is None or error.type not in MODEL_ERRORS or error.kind not in ("agent_error", "user_error"):
        return None
    return f"{error.kind} {error.type}: {re.sub(r'[0-9]+', '#', error.message)}"


class FailFast:
    """Stands between the episodes as they finish and the run's record: ``stop`` is called
    once, with the reason, when the run must stop."""

    def __init__(self, planned: int, stop: Callable[[str], None]):
        self.threshold = min(FAIL_FAST_EPISODES, planned)
        self.stop = stop
        self.held: list[Finished] = []
        self.watching = planned > 0
        self.stopped_on: Optional[str] = None

    def recordable(self, finished: Iterable[tuple[int, Optional[EpisodeResult]]]) -> Iterator[Finished]:
        """The finished episodes (``None``: never started) to record, each when it may be."""
        for index, result in finished:
            if result is not None:
                yield from self._admit(index, result)
        yield from self.held  # the run ended (budget, every episode done) before the threshold

    def _admit(self, index: int, result: EpisodeResult) -> list[Finished]:
        signature = model_error(result)
        if self.stopped_on is not None:  # after the stop: the same error again is not a result either
            return [] if signature == self.stopped_on else [(index, result)]
        if not self.watching:
            return [(index, result)]
        if signature is None or (self.held and signature != model_error(self.held[0][1])):
            self.watching = False
            released, self.held = self.held, []
            return released + [(index, result)]
        self.held.append((index, result))
        if len(self.held) >= self.threshold:
            error = result.error
            assert error is not None  # it has a model error's signature
            self.stopped_on, self.held = signature, []
            what = (
                "without reaching the model"
                if error.type == UNREACHED
                else ("with the same model error, which no retry changes")
            )
            self.stop(
                f"stopped: the first {self.threshold} episodes all ended {what}, so they are not recorded "
                f"({error.kind}: {error.message})"
            )
        return []
