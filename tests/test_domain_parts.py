"""The kit's shared parts, each on its own: the desk's one wording of "not found", the checks
of rules every policy has, the cast file and the population generator."""

import json
from collections import Counter
from datetime import date
from typing import ClassVar

import pytest
from pydantic import BaseModel

from taubench.core.tasks import GoldAction
from taubench.domains import load_domain
from taubench.domains.gold_trace import gold_trace
from taubench.domains.kit import (
    Population,
    RuleBook,
    a_date,
    an_amount,
    identified_first,
    load_cast,
    looked_up_before_change,
    owner_of,
    records_named,
    said,
)
from taubench.domains.kit.cast import CastError
from taubench.domains.kit.desk import record_noun
from taubench.domains.kit.population import NAMESAKE_SHARE


class TutoringSlot(BaseModel):
    slot_id: str


class PtPackage(BaseModel):
    noun: ClassVar[str] = "PT package"
    package_id: str


class IDCard(BaseModel):
    card_id: str


class Desk(BaseModel):
    tutoring_slots: dict[str, TutoringSlot]
    packages: dict[str, PtPackage]
    cards: dict[str, IDCard]


def test_a_record_is_named_after_its_model_or_its_own_noun():
    assert record_noun(Desk, "tutoring_slots") == "Tutoring slot"
    assert record_noun(Desk, "packages") == "PT package"
    assert record_noun(Desk, "cards") == "ID card"
    with pytest.raises(KeyError, match="no table 'slots'"):
        record_noun(Desk, "slots")


@pytest.mark.parametrize("written", ["2025-02-30", "20250228", "2025-W09-5", "28/02/2025", None, 20250228])
def test_a_date_is_written_yyyy_mm_dd_and_is_a_day_of_the_calendar(written):
    with pytest.raises(ValueError, match="^Loss date must be a date written YYYY-MM-DD$"):
        a_date(written, "Loss date")


def test_arguments_of_the_right_form_are_taken_as_values():
    assert a_date("2024-02-29", "Day") == date(2024, 2, 29)
    assert an_amount(12, "Amount") == 12.0 and an_amount(3.14159, "Amount") == 3.14
    for wrong in (True, "12", None):
        with pytest.raises(ValueError, match="^Amount must be a number$"):
            an_amount(wrong, "Amount")


def _mock_trace(task_id: str, *extra: GoldAction, communicate: list[str] | None = None):
    domain = load_domain("mock")
    task = domain.tasks[task_id].model_copy(deep=True)
    task.evaluation_criteria.actions = [*task.evaluation_criteria.actions, *extra]
    if communicate is not None:
        task.evaluation_criteria.communicate_info = communicate
    return gold_trace(domain, task)


def test_a_figure_is_said_as_the_grader_reads_it_by_value_and_by_size():
    trace = _mock_trace("2", communicate=["1.50", "2026-03-10", "T12"])
    assert said(trace, 1.5) and said(trace, -1.5) and said(trace, "2026-03-10")
    assert not said(trace, 15) and not said(trace, 12) and not said(trace, "2026")  # whole tokens only


def _member_of(step):
    return step.arguments.get("member_id")


def test_identity_comes_before_the_records_it_opens():
    def identifies(step):
        return [step.observation] if step.name == "find_member" else []

    def concerns(step):
        return [_member_of(step)] if _member_of(step) else []

    assert identified_first(_mock_trace("2"), identifies, concerns) == []
    stranger = GoldAction(action_id="x", name="get_member", arguments={"member_id": "M1005"})
    assert identified_first(_mock_trace("2", stranger), identifies, concerns, who="the member") == [
        "get_member on M1005 before the member was identified"
    ]


def test_a_change_follows_a_look_up_that_showed_the_record():
    def changed(step):
        return [step.arguments[key] for key in ("loan_id", "book_id") if key in step.arguments]

    assert looked_up_before_change(_mock_trace("2"), changed) == []  # L3002 came in list_loans
    blind = GoldAction(action_id="x", name="renew_loan", arguments={"loan_id": "L3001"})
    assert looked_up_before_change(_mock_trace("2", blind), changed) == [
        "renew_loan changes L3001 before any look-up showed it"
    ]


def test_a_rule_book_numbers_each_check_where_it_is_written():
    rules = RuleBook()

    @rules.trace(1)
    def writes_counted(trace):
        return [f"{len(trace.writes)} writes"]

    @rules.each(2, "renew_loan", "get_member")
    def every_call(step, trace):
        yield f"{step.name} {'refused' if step.error else 'done'}"

    @rules.each(3, "renew_loan", done=True)
    def successful_calls(step, trace):
        yield f"{step.arguments['loan_id']} renewed"

    refused = GoldAction(action_id="x", name="renew_loan", arguments={"loan_id": "L9999"})
    renewed = GoldAction(action_id="y", name="renew_loan", arguments={"loan_id": "L3001"})
    trace = _mock_trace("2", refused, renewed)  # find, list, return, get_member, pay_fine, then these two
    assert sorted(rules) == [1, 2, 3] and rules[1](trace) == ["4 writes"]
    assert rules[2](trace) == ["get_member done", "renew_loan refused", "renew_loan done"]
    assert rules[3](trace) == ["L3001 renewed"]
    with pytest.raises(ValueError, match="rule 2 has two checks"):
        rules.trace(2)(writes_counted)


def test_the_owner_of_a_call_is_the_one_it_names_or_the_holder_of_the_record_it_names():
    renew = GoldAction(action_id="x", name="renew_loan", arguments={"loan_id": "L3002"})
    steps = {step.name: step for step in _mock_trace("2", renew).steps}
    holder = steps["renew_loan"].before.loans["L3002"].member_id
    assert owner_of(steps["pay_fine"], "member_id", ("loans", "loan_id")) == "M1003"  # named
    assert owner_of(steps["renew_loan"], "member_id", ("books", "book_id"), ("loans", "loan_id")) == holder
    assert owner_of(steps["renew_loan"], "member_id", ("books", "book_id")) is None  # names no record of those


def test_the_records_a_call_names_are_its_arguments_that_are_keys_of_the_tables_asked():
    pay = next(step for step in _mock_trace("2").steps if step.name == "pay_fine")  # member_id M1003, amount 1.5
    assert records_named(pay, ["members", "loans"]) == ["M1003"]
    assert records_named(pay, ["loans"]) == []


class Row(BaseModel):
    member_id: str
    fines: float


def _cast_package(tmp_path, monkeypatch, sections) -> str:
    name = f"cast_of_{tmp_path.name}"  # a name of its own: a package once imported stays in sys.modules
    package = tmp_path / name
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "data" / "cast.json").write_text(json.dumps(sections))
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_the_cast_is_read_by_field_name_and_validated_section_by_section(tmp_path, monkeypatch):
    package = _cast_package(
        tmp_path, monkeypatch, {"members": [{"member_id": "M1", "fines": 2.5}, {"member_id": "M2", "fines": "x"}]}
    )
    with pytest.raises(CastError, match=r"(?s)members\[1\].*fines"):
        load_cast(package, {"members": Row})
    with pytest.raises(CastError, match=r"sections \['members'\], expected \['books', 'members'\]"):
        load_cast(package, {"members": Row, "books": Row})


def test_the_cast_loads_into_its_models(tmp_path, monkeypatch):
    package = _cast_package(tmp_path, monkeypatch, {"members": [{"member_id": "M1", "fines": 2.5}]})
    assert load_cast(package, {"members": Row}) == {"members": [Row(member_id="M1", fines=2.5)]}


def test_the_population_is_seeded_and_keeps_its_stated_policy():
    def draw(seed):
        people = Population(seed, "2025-02-28")
        people.know("Maya", "Lopez", "F", "312-555-0101")
        return [people.person("312", ages=(18, 30)) for _ in range(2000)]

    crowd = draw(5)
    assert crowd == draw(5) and crowd != draw(6)
    phones = [person.phone for person in crowd]
    assert len(set(phones)) == len(phones) and "312-555-0101" not in phones
    assert len({person.email for person in crowd}) == len(crowd)
    ages = [(date(2025, 2, 28) - date.fromisoformat(person.birth_date)).days / 365.2425 for person in crowd]
    assert 18 <= min(ages) and max(ages) < 31
    repeated = sum(count - 1 for count in Counter(person.name for person in crowd).values())
    assert repeated >= NAMESAKE_SHARE * len(crowd)  # at least the stated share of namesakes
    assert any(person.name == "Maya Lopez" for person in crowd)  # the cast's names are among those repeated
