"""Fair grading in the domains we write (issue: an equivalent solution scores the same, a
required figure means what it says). Each reproduction is a real task of ours worked another
valid way, graded by the real grader; the originals' domains keep their own rules."""

import json
from typing import Annotated, Optional

import pytest
from conftest import loaded
from pydantic import BaseModel

from taubench.core.environment import GREETING
from taubench.core.evaluation import evaluate
from taubench.core.figures import says
from taubench.core.markers import Unordered
from taubench.core.messages import AssistantMessage, UserMessage
from taubench.core.pristine import PristineDB, db_hash
from taubench.core.renaming import NewRecord, name_new_records, new_records
from taubench.core.toolkit import Toolkit, tool
from taubench.domains import load_domain
from taubench.domains.fair_checks import reward_of, score, worked
from taubench.domains.subject import Subject


def gold_calls(domain, task_id):
    return [(action.requestor, action.name, action.arguments) for action in domain.tasks[task_id].gold_actions]


def reversed_list(calls, index, argument):
    requestor, name, arguments = calls[index]
    variant = list(calls)
    variant[index] = (requestor, name, {**arguments, argument: list(reversed(arguments[argument]))})
    return variant


def swapped(calls, first, second):
    variant = list(calls)
    variant[first], variant[second] = variant[second], variant[first]
    return variant


@pytest.mark.parametrize(
    "domain_name, task_id, index, argument",
    [
        ("healthcare", "21", 2, "record_types"),  # ["imaging", "visit_notes"]
        ("banking", "16", 6, "transaction_ids"),  # newest first, as list_transactions shows them
        ("hospitality", "21", 5, "preferences"),
        ("real_estate", "15", 6, "contingencies"),  # ["financing", "inspection"]
    ],
)
def test_a_list_whose_order_means_nothing_scores_the_same_in_any_order(domain_name, task_id, index, argument):
    domain = loaded(domain_name)
    calls = gold_calls(domain, task_id)
    assert calls[index][2][argument] != list(reversed(calls[index][2][argument]))
    assert score(Subject(domain), domain.tasks[task_id], reversed_list(calls, index, argument)) == (1.0, False)


@pytest.mark.parametrize(
    "domain_name, task_id, first, second",
    [
        ("events", "16", 2, 3),  # session S108 enrolled before S103
        ("events", "21", 2, 3),  # wheelchair seating requested before the ASL interpreter
        ("real_estate", "3", 5, 8),  # the buyer agreement, then the two tours the other way round
        ("hr", "18", 2, 3),  # the medical leave filed before the FMLA leave
        ("insurance", "31", 4, 5),  # two claim documents
        ("fitness", "28", None, None),  # two activities logged
    ],
)
def test_independent_writes_in_another_order_score_the_same(domain_name, task_id, first, second):
    domain = loaded(domain_name)
    calls = gold_calls(domain, task_id)
    if first is None:
        first, second = [index for index, call in enumerate(calls) if call[1] == "log_activity"][:2]
    assert calls[first][1] == calls[second][1] or domain_name == "real_estate"
    assert score(Subject(domain), domain.tasks[task_id], swapped(calls, first, second)) == (1.0, False)


def test_events_21_other_order_passes_the_database_check_not_only_the_actions():
    domain = load_domain("events")
    task = domain.tasks["21"]
    sides = domain.new_sides(task)
    for requestor, name, arguments in swapped(gold_calls(domain, "21"), 2, 3):
        sides.of(requestor).invoke(name, arguments)
    assert domain.end_state(sides, task).hash == domain.gold_end_state(task).hash


def test_a_new_records_id_the_agent_must_say_is_its_own_records_id():
    """hr 18 asks for the FMLA leave's request id (a variant of the task): filed second, the
    FMLA request gets the other id, and that is the one a correct agent says."""
    domain = load_domain("hr")
    gold = gold_calls(domain, "18")
    sides = domain.new_sides(domain.tasks["18"])
    fmla_id = json.loads([sides.agent.invoke(name, arguments) for _, name, arguments in gold][2].content)["leave_id"]
    task = domain.tasks["18"].model_copy(deep=True)
    task.evaluation_criteria.communicate_info = [fmla_id]
    other_order = swapped(gold, 2, 3)
    assert score(Subject(domain), task, other_order) == (1.0, False)  # says its own FMLA request's id
    assert reward_of(domain, task, other_order, f"Your FMLA request is {fmla_id}.") == 0.0  # now the medical leave's id


@pytest.mark.parametrize(
    "domain_name, task_id, accidental, meant",
    [
        ("hr", "18", "Your leave starts 2025-12-08.", "You have 12 FMLA workdays left."),
        ("hr", "3", "You are off from 2025-11-24 to 2025-11-26.", "Your balance will then be 26 hours."),
    ],
)
def test_a_figure_is_said_as_itself_not_inside_a_date(domain_name, task_id, accidental, meant):
    domain = loaded(domain_name)
    calls = gold_calls(domain, task_id)
    task = domain.tasks[task_id]
    assert reward_of(domain, task, calls, accidental) == 0.0
    assert reward_of(domain, task, calls, accidental + " " + meant) == 1.0


def test_figures_match_whole_tokens_and_numbers_by_value():
    assert not says("on 2025-12-08", "12") and not says("id T5912", "12") and not says("112 days", "12")
    assert says("12 weeks", "12") and says("12.", "12") and says("(12)", "12")
    assert says("$26.00 left", "26") and says("26 hours", "26.0") and says("a total of 1,350.00", "1350")
    assert says("Dr. Elena Vasquez will get them", "Dr. Elena Vasquez") and not says(
        "Dr. Elena Vasquezo", "Elena Vasquez"
    )
    assert says("You earned a B+.", "B+") and not says("Your grade was a B-.", "B+") and not says("a C+", "C-")
    assert not says("a B+ average", "B") and says("a B, not a B+", "B")
    assert says("on 2025-12-08", "12", whole_tokens=False)  # the originals' rule, kept for their domains


def test_the_originals_keep_their_substring_rule(retail):
    task = next(task for task in retail.tasks.values() if task.communicate_info)
    figure = task.communicate_info[0]
    messages = [
        AssistantMessage(content=GREETING),
        UserMessage(content="hi"),
        AssistantMessage(content=f"ref{figure}9"),
    ]
    component = evaluate(retail, task, messages, "user_stop").components["COMMUNICATE"]
    assert component.details["found"] == {figure: True}


def test_records_alike_but_for_who_refers_to_them_are_told_apart():
    """Two new cards holding the same, each on another customer's list: named by who refers
    to them, so that the customers' lists agree whichever card was made first."""

    def state(first_for, second_for):
        card = {"status": "active"}
        parts = {
            ("cards", "K1"): dict(card),
            ("cards", "K2"): dict(card),
            ("customers", "C1"): {"card_ids": [first_for]},
            ("customers", "C2"): {"card_ids": [second_for]},
        }
        new = {key: NewRecord("cards", parts["cards", key], None) for key in ("K1", "K2")}
        renaming = name_new_records(parts, new)
        return {(table, renaming.key(key)): renaming.apply(dump) for (table, key), dump in parts.items()}

    assert state("K1", "K2") == state("K2", "K1")


class _Note(BaseModel):
    tags: Annotated[list[str], Unordered()]


class _Notebook(BaseModel):
    notes: dict[str, _Note]


def test_a_table_empty_at_load_grades_its_first_record_as_any_other():
    """A table a domain ships empty (requests no one has made yet) takes an episode's first
    record: it is known as a new record of that table's model, and hashed in canonical order."""
    pristine = PristineDB(_Notebook, '{"notes": {}}', in_canonical_order=True)
    ends = []
    for tags in (["urgent", "billing"], ["billing", "urgent"]):
        db = pristine.fresh()
        db.notes["N-1"] = _Note(tags=tags)
        parts = pristine.own_parts(db)
        assert set(new_records(pristine.db, parts, pristine.record_model)) == {"N-1"}
        assert pristine.hash(db) == db_hash(db, in_canonical_order=True)
        ends.append(pristine.hash(db))
    assert ends[0] == ends[1]


class _Tagging(Toolkit):
    @tool("write")
    def tag_note(self, note_id: str, tags: Optional[Annotated[list[str], Unordered()]] = None) -> str:
        """Tag a note.

        Args:
            note_id: The note.
            tags: Its tags, in any order.
        """
        return note_id


def test_an_optional_list_declared_unordered_is_compared_in_one_order():
    """``Optional[Annotated[list[str], Unordered()]]`` declares what ``Annotated[Optional[...], Unordered()]``
    does: the check that asks every list to choose accepts both, so grading honours both."""
    assert _Tagging.unordered_parameters() == {"tag_note": frozenset({"tags"})}
    called = {"note_id": "N-1", "tags": ["urgent", "billing"]}
    assert _Tagging.in_canonical_order("tag_note", called)["tags"] == ["billing", "urgent"]


def test_a_database_left_for_a_caller_never_identified_scores_0():
    """Healthcare 0: the right booking made without looking the patient up scores 0, and the
    DB check says why; the look-up with the name as a caller might type it is the same."""
    domain = loaded("healthcare")
    task = domain.tasks["0"]
    subject = Subject(domain)
    gold = gold_calls(domain, "0")
    assert score(subject, task, gold) == (1.0, False)
    assert score(subject, task, gold[1:]) == (0.0, False)
    unverified = evaluate(domain, task, worked(domain, task, gold[1:])[0], "user_stop")
    assert "never identified" in unverified.components["DB"].note
    typed = [("assistant", "find_patient", {"last_name": "gonzalez", "dob": "1984-06-02"}), *gold[1:]]
    assert score(subject, task, typed) == (1.0, False)


def test_where_the_policy_allows_two_ways_to_identify_either_will_do():
    """Hospitality 5 (a reservation look-up, or loyalty number and ZIP) and fitness 10 (member
    number, or birth date): the other way, naming the same caller, scores 1; naming another
    guest, or nobody, scores 0."""
    hotel = loaded("hospitality")
    task, gold = hotel.tasks["5"], gold_calls(hotel, "5")
    guests = hotel.fresh_db().guests

    def by_loyalty(guest_id):
        guest = guests[guest_id]
        return ("assistant", "find_guest", {"loyalty_number": guest.loyalty_number, "zip_code": guest.zip_code})

    assert score(Subject(hotel), task, gold) == (1.0, False)
    assert score(Subject(hotel), task, [by_loyalty("G1012"), *gold[1:]]) == (1.0, False)
    assert score(Subject(hotel), task, [by_loyalty("G1002"), *gold[1:]]) == (0.0, False)
    assert score(Subject(hotel), task, gold[1:]) == (0.0, False)
    gym = loaded("fitness")
    member = gym.fresh_db().members["M20013"]
    by_birth = ("assistant", "find_member", {"name": member.name.upper(), "birth_date": member.birth_date})
    assert score(Subject(gym), gym.tasks["10"], [by_birth, *gold_calls(gym, "10")[1:]]) == (1.0, False)


def test_a_look_up_that_lists_twins_identifies_either_way_it_is_narrowed():
    """Education 54: the gold's look-up by last name and birth date lists the Okoro twins, and
    the caller is one of them; the same look-up narrowed by first name lists only her, and
    identifies her as well. Without any look-up: 0."""
    school = loaded("education")
    task, gold = school.tasks["54"], gold_calls(school, "54")
    student = school.fresh_db().students["ST10003"]
    narrowed = ("assistant", "find_student", {**gold[0][2], "first_name": student.first_name})
    assert score(Subject(school), task, gold) == (1.0, False)
    assert score(Subject(school), task, [narrowed, *gold[1:]]) == (1.0, False)
    assert score(Subject(school), task, gold[1:]) == (0.0, False)


def test_the_action_check_counts_the_identifying_call_by_whom_it_identified():
    """Education 44 and hospitality 20 are graded on ACTION too: the look-up narrowed by first
    name (the policy's own next step), and Marcus Bell identified by his confirmation number
    instead of his loyalty number, match the gold's identifying call; no look-up naming him does not."""
    school = loaded("education")
    gold = gold_calls(school, "44")
    student = next(s for s in school.fresh_db().students.values() if s.last_name == "Price" and s.dob == "2004-02-02")
    narrowed = ("assistant", "find_student", {**gold[0][2], "first_name": student.first_name})
    assert score(Subject(school), school.tasks["44"], [narrowed, *gold[1:]]) == (1.0, False)
    hotel = loaded("hospitality")
    gold = gold_calls(hotel, "20")
    by_booking = [("assistant", "get_reservation", {"confirmation": "LK-500142"}), *gold[1:]]
    assert score(Subject(hotel), hotel.tasks["20"], by_booking) == (1.0, False)
    assert score(Subject(hotel), hotel.tasks["20"], gold[1:]) == (1.0, False)  # his stay's look-up names him
    assert score(Subject(hotel), hotel.tasks["20"], gold[2:]) == (0.0, False)


def test_the_caller_is_whom_one_of_the_golds_first_look_ups_identifies():
    """HR 14: Teresa Alvarez gives her old (terminated) id and her current one; the gold tries
    the old one first. An agent that verifies the current one alone has identified her too;
    one that verifies neither has not."""
    hr = loaded("hr")
    task, gold = hr.tasks["14"], gold_calls(hr, "14")
    assert [call[1] for call in gold[:2]] == ["verify_employee", "verify_employee"]
    assert score(Subject(hr), task, gold) == (1.0, False)
    assert score(Subject(hr), task, gold[1:]) == (1.0, False)
    assert score(Subject(hr), task, gold[2:]) == (0.0, False)
