"""One way to retry a remote call (a model provider, Dialogflow CX, an A2A agent), run by
tenacity: the run's ``llm.*`` policy bounds the attempts and the total wait between them, and
the caller says which failures may pass with time and how long to wait after one."""

import random
import time
from typing import Callable, Optional, TypeVar

import tenacity
from pydantic import BaseModel, ConfigDict, Field

T = TypeVar("T")


class RetryPolicy(BaseModel):
    model_config = ConfigDict(extra="forbid")

    timeout: float = Field(120.0, gt=0)  # seconds per call
    max_attempts: int = Field(8, ge=1)  # calls per request, the first included
    max_wait: float = Field(600.0, ge=0)  # total seconds spent waiting between attempts
    initial_backoff: float = Field(1.0, ge=0)
    max_backoff: float = Field(60.0, ge=0)

    def backoff(self, attempt: int) -> float:
        """Seconds to wait after failed attempt ``attempt`` (1-based): full jitter, doubling."""
        return random.uniform(0, min(self.max_backoff, self.initial_backoff * 2 ** (attempt - 1)))


class GaveUp(Exception):
    """The last failure once the attempts or the wait ran out, and what it took to get there."""

    def __init__(self, failure: BaseException, attempts: int, waited: float):
        super().__init__(f"gave up after {attempts} attempt{'s' * (attempts != 1)} and {waited:.1f} s of waiting")
        self.failure, self.attempts, self.waited = failure, attempts, waited


def with_retries(
    call: Callable[[], T],
    policy: RetryPolicy,
    transient: Callable[[BaseException], bool],
    wait: Optional[Callable[[int, BaseException], float]] = None,
    attempts: Optional[int] = None,
) -> tuple[T, int]:
    """``call()``'s result and how many retries it took. A failure ``transient`` accepts is
    tried again after ``wait(attempt, failure)`` seconds (default: the policy's backoff) while
    attempts (``attempts``, default the policy's) and ``policy.max_wait`` last; then
    ``GaveUp``. Any other failure is raised as it is, at once."""
    limit = attempts or policy.max_attempts

    def out_of_budget(state: tenacity.RetryCallState) -> bool:
        return state.attempt_number >= limit or state.idle_for + (state.upcoming_sleep or 0) > policy.max_wait

    def delay(state: tenacity.RetryCallState) -> float:
        failure = state.outcome.exception() if state.outcome else None
        assert failure is not None  # waits follow failures only
        return wait(state.attempt_number, failure) if wait else policy.backoff(state.attempt_number)

    retrying = tenacity.Retrying(
        stop=out_of_budget,
        wait=delay,
        retry=tenacity.retry_if_exception(transient),
        sleep=lambda seconds: time.sleep(seconds),  # looked up at each wait, so that a test can stand in
        reraise=True,
    )
    try:
        result = retrying(call)
    except BaseException as failure:
        statistics = retrying.statistics
        if not transient(failure):
            raise
        raise GaveUp(failure, statistics.get("attempt_number", 1), statistics.get("idle_for", 0.0)) from failure
    return result, retrying.statistics.get("attempt_number", 1) - 1
