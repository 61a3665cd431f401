"""taubench.core.retrying: the one retry loop of model, Dialogflow CX and A2A calls."""

import pytest

from taubench.core.remote_errors import stops_the_run
from taubench.core.retrying import GaveUp, RetryPolicy, with_retries
from taubench.models.errors import LLMAccessError


def failing(times: int, failure: Exception, calls: list):
    def call() -> str:
        calls.append(1)
        if len(calls) <= times:
            raise failure
        return "answer"

    return call


def transient(failure: BaseException) -> bool:
    return isinstance(failure, TimeoutError)


@pytest.fixture
def waits(monkeypatch) -> list:
    waited: list = []
    monkeypatch.setattr("taubench.core.retrying.time.sleep", waited.append)
    return waited


def test_an_answer_after_transient_failures_says_how_many_retries_it_took(waits):
    calls: list = []
    policy = RetryPolicy(initial_backoff=1, max_backoff=1)
    assert with_retries(failing(2, TimeoutError("slow"), calls), policy, transient) == ("answer", 2)
    assert len(calls) == 3 and len(waits) == 2 and all(0 <= wait <= 1 for wait in waits)


def test_the_attempts_run_out(waits):
    calls: list = []
    with pytest.raises(GaveUp, match=r"^gave up after 3 attempts and 0\.0 s of waiting$") as gave_up:
        with_retries(failing(9, TimeoutError("slow"), calls), RetryPolicy(max_attempts=3, initial_backoff=0), transient)
    assert isinstance(gave_up.value.failure, TimeoutError) and len(calls) == 3 and waits == [0, 0]


def test_the_wait_budget_stops_before_a_wait_that_would_pass_it(waits):
    calls: list = []
    policy = RetryPolicy(max_attempts=10, max_wait=10)
    with pytest.raises(GaveUp, match=r"^gave up after 3 attempts and 8\.0 s of waiting$"):
        with_retries(failing(9, TimeoutError("slow"), calls), policy, transient, wait=lambda attempt, failure: 4.0)
    assert waits == [4.0, 4.0] and len(calls) == 3


def test_the_caller_may_allow_fewer_attempts_than_the_policy(waits):
    calls: list = []
    with pytest.raises(GaveUp, match="after 1 attempt and"):
        with_retries(failing(9, TimeoutError("slow"), calls), RetryPolicy(), transient, attempts=1)
    assert len(calls) == 1 and waits == []


def test_any_other_failure_is_raised_as_it_is_at_once(waits):
    calls: list = []
    with pytest.raises(ValueError, match="bad request"):
        with_retries(failing(1, ValueError("bad request"), calls), RetryPolicy(), transient)
    assert len(calls) == 1 and waits == []


def test_an_access_failure_of_any_remote_service_stops_the_run():
    assert stops_the_run(LLMAccessError.__name__) and stops_the_run("AgentServiceAccessError")
    assert not stops_the_run("LLMTransientError") and not stops_the_run("AgentServiceTransientError")
    assert not stops_the_run("ValueError")
