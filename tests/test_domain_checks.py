"""The validator (``python -m taubench.domains check``): the mock domain passes every check,
and each check fails on a copy of the mock broken in the way it exists to catch. Every other
domain's whole card is made by ``make cards``, which CI runs after the tests."""

import dataclasses
import itertools
import re
import subprocess
from pathlib import Path

import pytest
from conftest import run_cli

from taubench.core.domain import Domain
from taubench.core.tasks import GoldAction, RewardType
from taubench.core.toolkit import tool
from taubench.domains import DOMAINS, fair_checks
from taubench.domains.checks import CHECKS, Subject, _follows, _said_in, _tool_modules, tool_tests
from taubench.domains.mock.tools import LibraryTools
from taubench.domains.report_card import _bar, report_card

CHECK = {function.__name__: function for _, function in CHECKS}


def domains_command(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=cwd, seed_store=False, module="taubench.domains")


def test_the_command_prints_the_cards_and_fails_on_a_domain_that_is_not_ours(tmp_path):
    result = domains_command("check", "mock", "--jobs", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "== mock: PASS" in result.stdout and "17. pass  the oracle scores 1.0 on every task" in result.stdout
    assert re.search(r"^  checked in +\d+\.\d s$", result.stdout, flags=re.MULTILINE)
    refused = domains_command("check", "retail", cwd=tmp_path)
    assert refused.returncode == 2 and "not among the domains we write" in refused.stderr
    no_workers = domains_command("check", "--jobs", "0", cwd=tmp_path)
    assert no_workers.returncode == 2 and "--jobs must be 1 or more, not 0" in no_workers.stderr


def test_the_bar_fails_the_mock_which_is_below_it_on_purpose():
    card = report_card("mock", held_to_the_bar=True)
    failed = {line.name: line.problems for line in card.bar if not line.passed}
    assert not card.passed and "== mock: FAIL" in card.render()
    assert failed["12-20 agent tools, >= 5 read and >= 5 write"] == [
        "8 tools, 4 read, 4 write"
    ]  # the shared two not counted
    assert failed[">= 50 tasks in base; train and test split it"] == ["18 in base, train 9, test 9, overlap 0"]
    assert {">= 10% fallback", ">= 20% refusal"}.isdisjoint(failed)  # the mock's mix meets those two
    assert failed["identity tools named (a skipped verification scores 0), in >= half the tasks"] == [
        "Rules(identity_tools=()): 0 of 18 tasks call one"
    ]


def test_the_guide_numbers_the_lines_of_the_card_as_the_card_does():
    """The guide lists what each numbered line of the card checks: as many as the card has."""
    guide = (Path(__file__).resolve().parents[1] / "src" / "taubench" / "domains" / "README.md").read_text(
        encoding="utf-8"
    )
    listed = guide.split("The report card gives", 1)[1]
    numbers = [int(number) for number in re.findall(r"^(\d+)\. ", listed, flags=re.MULTILINE)]
    assert numbers == list(range(1, len(report_card("mock").checks) + 1))
    assert "seventeen numbered lines: the sixteen checks" in guide and len(CHECKS) == 16


def test_how_many_tasks_use_each_write_tool_and_rule_is_the_bars_and_only_one_is_asked_below_it():
    domain = mock_with()
    thin_coverage(domain)
    domain.splits = {
        split: [task_id for task_id in ids if task_id in domain.tasks] for split, ids in domain.splits.items()
    }
    subject = Subject(domain)
    assert CHECK["covered_and_distinct"](subject) == []
    bar = {line.name: line.problems for line in _bar(domain, subject, {"members": 0}, 0)}
    assert bar["each write tool in >= 3 tasks, each numbered rule in >= 2"] == [
        "write tool renew_loan used by 2 task(s)"
    ]
    assert report_card("mock").bar is None and all(line.passed for line in report_card("mock").checks)


def test_the_tool_tests_are_read_where_the_spec_says_and_need_not_name_the_shared_tools(tmp_path):
    """A domain in a package of its own names its tests (``BundledData(tool_tests=...)``, a path
    inside the package); the shared tools are taubench's, tested here, not in each domain."""
    spec = DOMAINS["mock"]
    assert tool_tests(spec) == Path(__file__).resolve().parent / "domains" / "mock" / "test_mock_tools.py"
    own = dataclasses.replace(spec, data=dataclasses.replace(spec.data, tool_tests="tests/test_tools.py"))
    assert tool_tests(own) == spec.data.folder.parent / "tests" / "test_tools.py"
    text = tool_tests(spec).read_text(encoding="utf-8")
    without_shared = re.sub(
        r"\ndef test_the_shared_tools_are_named_after_the_toolkit.*?\n\n\n", "\n", text, flags=re.DOTALL
    )
    assert "calculate" not in without_shared and "transfer_to_human_agents" not in without_shared
    tests = tmp_path / "test_tools.py"
    tests.write_text(without_shared, encoding="utf-8")
    elsewhere = dataclasses.replace(spec, data=dataclasses.replace(spec.data, tool_tests=str(tests)))
    assert CHECK["tools_behave"](Subject(Domain(elsewhere))) == []
    tests.write_text(without_shared.replace("pay_fine", "pay"), encoding="utf-8")
    assert CHECK["tools_behave"](Subject(Domain(elsewhere))) == ["tool pay_fine has no unit test in test_tools.py"]


def mock_with(toolkit: type = LibraryTools) -> Domain:
    """A fresh copy of the mock domain (its own tasks and records), with other tools if given."""
    return Domain(dataclasses.replace(DOMAINS["mock"], toolkit=toolkit))


def add_action(domain: Domain, task_id: str, name: str, **arguments) -> None:
    domain.tasks[task_id].evaluation_criteria.actions.append(
        GoldAction(action_id="extra", name=name, arguments=arguments)
    )


class ReadThatWrites(LibraryTools):
    def get_member(self, member_id: str):
        member = self._get("members", member_id)
        member.fines = round(member.fines + 0.01, 2)  # each look costs a cent
        return member

    get_member.tool_kind = "read"


_numbers = itertools.count(9000)


class IdsFromAProcessCounter(LibraryTools):
    def borrow_book(self, member_id: str, book_id: str):
        self.db.next_loan_number = next(_numbers)
        return super().borrow_book(member_id, book_id)

    borrow_book.tool_kind = "write"


class ListsUndeclared(LibraryTools):
    @tool("write")
    def borrow_books(self, member_id: str, book_ids: list[str]) -> list:
        """Lend several books at once.

        Args:
            member_id: The member's id.
            book_ids: The books' ids.
        """
        return [self.borrow_book(member_id, book_id) for book_id in book_ids]


class LoansDueAfterTheLatestRenewal(LibraryTools):
    """A new loan falls due with the latest loan out: the order of a renewal and a new loan,
    which the policy leaves to the agent, changes the new loan (mock task 3)."""

    def borrow_book(self, member_id: str, book_id: str):
        loan = super().borrow_book(member_id, book_id)
        self.db.loans[loan.loan_id].due_date = max(other.due_date for other in self.db.loans.values())
        return self.db.loans[loan.loan_id]

    borrow_book.tool_kind = "write"


def refusal_ungraded(domain):
    criteria = domain.tasks["10"].evaluation_criteria
    criteria.communicate_info, criteria.reward_basis = [], [RewardType.DB]


def dangling_reference(domain):
    domain._pristine.db.loans["L3001"].member_id = "M404"


def failing_gold(domain):
    add_action(domain, "6", "renew_loan", loan_id="L404")


def graded_on_nothing(domain):
    criteria = domain.tasks["1"].evaluation_criteria
    criteria.communicate_info, criteria.reward_basis = [], [RewardType.DB]


def undone_write(domain):
    add_action(domain, "13", "pay_fine", member_id="M1002", amount=99.0)  # refused: changes nothing


def rule_broken(domain):
    add_action(domain, "1", "renew_loan", loan_id="L3003")  # a third renewal


def unknown_rule(domain):
    domain.tasks["0"].policy_rules.append(99)


def underivable(domain):
    domain.tasks["0"].evaluation_criteria.actions[-1].arguments["book_id"] = "B205"


def unsound_criteria(domain):
    domain.tasks["6"].evaluation_criteria.communicate_info = ["2,026"]


def thin_coverage(domain):
    """renew_loan left in 2 tasks: below the bar's 3, which check 11 does not ask."""
    for task_id in ("6", "12"):
        del domain.tasks[task_id]


def unused_write_tool(domain):
    for task_id in [
        task.id for task in domain.tasks.values() if any(action.name == "pay_fine" for action in task.gold_actions)
    ]:
        del domain.tasks[task_id]


def tool_named(domain):
    domain.tasks["0"].user_scenario.instructions.task_instructions += " Ask for borrow_book."


def judge_only(domain):
    criteria = domain.tasks["0"].evaluation_criteria
    criteria.nl_assertions, criteria.reward_basis = ["The agent lends the book."], [RewardType.NL_ASSERTION]


@pytest.mark.parametrize(
    "check, toolkit, breakage",
    [
        ("db_resolves", LibraryTools, dangling_reference),
        ("tools_behave", ReadThatWrites, None),
        ("deterministic", IdsFromAProcessCounter, None),
        ("gold_executable", LibraryTools, failing_gold),
        ("idle_agent_fails", LibraryTools, graded_on_nothing),
        ("minimal", LibraryTools, undone_write),
        ("obeys_policy", LibraryTools, rule_broken),
        ("obeys_policy", LibraryTools, unknown_rule),
        ("derivable", LibraryTools, underivable),
        ("reads_are_harmless", ReadThatWrites, None),
        ("criteria_sound", LibraryTools, unsound_criteria),
        ("covered_and_distinct", LibraryTools, unused_write_tool),
        ("instructions_clean", LibraryTools, tool_named),
        ("criteria_sound", LibraryTools, judge_only),
        ("lists_declared", ListsUndeclared, None),
        ("equivalent_solutions", LoansDueAfterTheLatestRenewal, None),
        ("refusals_graded", LibraryTools, refusal_ungraded),
    ],
)
def test_each_check_fails_on_the_breakage_it_exists_for(check, toolkit, breakage):
    assert CHECK[check](Subject(mock_with())) == []
    domain = mock_with(toolkit)
    if breakage:
        breakage(domain)
    assert CHECK[check](Subject(domain)) != []


def test_the_figures_check_catches_a_rule_that_lets_a_date_say_a_figure(monkeypatch):
    """Mock task 10 must say the overdue loan's due date; asking it to say "24" as well passes
    the check under whole-token matching and fails it under the originals' substring rule, by
    which "2026-02-24" would say it."""
    domain = mock_with()
    domain.tasks["10"].evaluation_criteria.communicate_info.append("24")
    assert CHECK["specific_figures"](Subject(domain)) == []
    monkeypatch.setattr(fair_checks, "says", lambda text, figure: figure.lower() in text.lower())
    assert CHECK["specific_figures"](Subject(domain)) == ["task 10: '24' is said by '2026-02-24'"]


def test_the_tool_code_checks_read_a_domains_helper_modules_too():
    """Errors raised in a helper module (banking's ledger) must be unit-tested like the tools'
    own, and a clock read there is caught; the generator and the policy checks are not tool code."""
    modules = [module.__name__ for module in _tool_modules([DOMAINS["banking"].toolkit])]
    assert "taubench.domains.banking.records" in modules and "taubench.domains.banking.tools" in modules
    assert not {"taubench.domains.banking.generate", "taubench.domains.banking.policy_rules"} & set(modules)


def test_a_figure_may_be_shown_as_a_word_of_a_field_name_and_computed_from_a_dates_parts():
    """real_estate 18 must say "backup", which its gold observation shows only inside
    "accepts_backup_offers"; fitness 32's zone from the birth year takes 1984 from a date."""
    assert _said_in("backup", ['{"accepts_backup_offers": false}']) and not _said_in("backup", ['{"backups": 2}'])
    policy = "Zone 2 starts at 0.6 x (220 - age)."
    seen = ['{"birth_date": "1984-09-14", "today": "2024-12-01"}', policy]
    assert _follows("108", "(220 - (2024 - 1984)) * 0.6", seen) and not _follows(
        "108", "(220 - (2024 - 1984)) * 0.6", [policy]
    )


def test_a_window_s_end_follows_from_a_date_plus_days():
    """healthcare 16: atorvastatin filled 2025-01-20 for 90 days may be refilled once
    0.75 x 90 = 67.5 days have passed, so from 2025-03-29 (the days rounded up)."""
    seen = ['{"last_fill": "2025-01-20", "days_supply": 90}', "at least 0.75 x days_supply"]
    assert _follows("2025-03-29", "2025-01-20 + 0.75 * 90 days", seen)
    assert not _follows("2025-03-28", "2025-01-20 + 0.75 * 90 days", seen)
    assert not _follows("2025-03-30", "2025-01-21 + 0.75 * 90 days", seen)  # a date no observation shows
    assert not _follows("2025-03-29", "2025-01-20 + 68 days", seen)  # 68 comes from nowhere
    expiry = ['{"today": "2025-01-21", "expires_on": "2025-03-02"}']  # fitness 50: a package's days left
    assert _follows("40", "2025-03-02 - 2025-01-21 days", expiry) and not _follows(
        "41", "2025-03-02 - 2025-01-21 days", expiry
    )
    assert not _follows("40", "2025-03-02 - 2025-01-21 days", expiry[:0])
