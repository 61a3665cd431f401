"""Eight test-split tasks worked by hand from the handbook and the engineer's words: the right
actions score 1.0 however the agent orders or phrases them, and the lazy shortcut scores 0."""

from taubench.domains.fair_checks import reward_of


def call(tool_name, /, **arguments):
    return ("assistant", tool_name, arguments)


def gold(task):
    return [(action.requestor, action.name, action.arguments) for action in task.gold_actions]


def test_1_a_wrong_e_mail_gets_nothing_done(domain):
    """The caller gives lin.wei with wei.lin@quillstone.io; the account's e-mail is
    wei.lin@quillstone.dev, so nothing is done for them (rule 1)."""
    task = domain.tasks["1"]
    look = call("get_user", username="lin.wei")
    assert reward_of(domain, task, [look], "That e-mail does not match the account, so I cannot act.") == 1.0
    lazy = [look, call("merge_pull_request", pr_id="PR-1103", method="squash", username="lin.wei")]
    assert reward_of(domain, task, lazy, "Merged PR-1103.") == 0.0
    assert reward_of(domain, task, [], "I cannot help.") == 0.0


def test_11_an_approval_three_weeks_old_counted_until_2025_06_17(domain):
    """PR-1108: Dana approved on 2025-06-03, Marta on 2025-06-18. On 2025-06-24 only approvals
    from 2025-06-10 on count, so there is one, and no code owner of src/invoices/ among them;
    Dana's counted through 2025-06-03 + 14 days = 2025-06-17 (rules 9 and 10)."""
    task = domain.tasks["11"]
    head = [call("get_user", username="pkumar"), call("get_pull_request", pr_id="PR-1108")]
    said = "Dana's approval of 2025-06-03 stopped counting after 2025-06-17, so PR-1108 cannot merge."
    assert reward_of(domain, task, head, said) == 1.0
    assert reward_of(domain, task, head, "Dana's approval is from 2025-06-03, too old.") == 0.0
    lazy = [*head, call("merge_pull_request", pr_id="PR-1108", method="squash", username="pkumar")]
    assert reward_of(domain, task, lazy, "Merged; the approval counted until 2025-06-17.") == 0.0


def test_28_the_gateway_fix_without_the_key_in_it(domain):
    """IS-4115 has two catalog fixes: P-415 writes a live key into config/settings.py (never
    applied, rule 7), P-416 reads it from the vault. The engineer asked for 'the fix', so P-416
    goes onto fix/gateway-config as her commit."""
    task = domain.tasks["28"]
    dana = call("get_user", username="dana.okafor")
    right = call(
        "apply_patch", repo="billing-service", branch="fix/gateway-config", patch_id="P-416", username="dana.okafor"
    )
    assert reward_of(domain, task, [dana, right], "Applied P-416; P-415 has a key in it.") == 1.0
    secret = call(
        "apply_patch", repo="billing-service", branch="fix/gateway-config", patch_id="P-415", username="dana.okafor"
    )
    assert reward_of(domain, task, [dana, secret], "Applied P-415.") == 0.0
    as_someone_else = call(
        "apply_patch", repo="billing-service", branch="fix/gateway-config", patch_id="P-416", username="jchen"
    )
    assert reward_of(domain, task, [dana, as_someone_else], "Applied P-416.") == 0.0


def test_33_fastjson_ends_on_2_5_1_not_on_the_relicensed_2_6_0(domain):
    """ledger-sync pins fastjson 2.3.1 (ADV-2025-0142, high). PR-1301 pins 2.6.0, which is
    SSPL-1.0; 2.4.0 has a critical advisory; 2.5.1 has only a medium one and is Apache-2.0, so
    it is the highest allowed 2.x (rules 15 to 17). Bump on the branch, run CI on the new head,
    merge by squash, close IS-5120 (rule 18)."""
    task = domain.tasks["33"]
    nadia = call("get_user", username="nadia.farouk")
    bump = call(
        "bump_dependency",
        repo="ledger-sync",
        branch="deps/fastjson",
        package="fastjson",
        version="2.5.1",
        username="nadia.farouk",
    )
    ci = call("run_ci", pr_id="PR-1301")
    merge = call("merge_pull_request", pr_id="PR-1301", method="squash", username="nadia.farouk")
    close = call("update_issue", issue_id="IS-5120", state="closed")
    assert reward_of(domain, task, [nadia, bump, ci, merge, close], "fastjson is now on 2.5.1.") == 1.0
    assert reward_of(domain, task, [nadia, bump, ci, close, merge], "fastjson is now on 2.5.1.") == 1.0
    lazy = [nadia, ci, merge, close]
    assert reward_of(domain, task, lazy, "Merged as it was; fastjson 2.5.1 would also do.") == 0.0
    stale = [nadia, bump, merge, close]
    assert reward_of(domain, task, stale, "fastjson is now on 2.5.1.") == 0.0


def test_51_two_fixes_make_1_4_10_not_1_5_0(domain):
    """PR-1302 brings two fixes (P-601, P-602) to ledger-sync 1.4.9 and nothing else is
    unreleased, so the release is a patch: 1.4.10 (rule 21), after a squash merge."""
    task = domain.tasks["51"]
    nadia = call("get_user", username="nadia.farouk")
    merge = call("merge_pull_request", pr_id="PR-1302", method="squash", username="nadia.farouk")
    assert reward_of(domain, task, gold(task), "Merged and tagged 1.4.10.") == 1.0
    minor = [nadia, merge, call("tag_release", repo="ledger-sync", level="minor", username="nadia.farouk")]
    assert reward_of(domain, task, minor, "Merged and tagged 1.4.10.") == 0.0
    merge_commit = call("merge_pull_request", pr_id="PR-1302", method="merge", username="nadia.farouk")
    tagged = call("tag_release", repo="ledger-sync", level="patch", username="nadia.farouk")
    assert reward_of(domain, task, [nadia, merge_commit, tagged], "Merged and tagged 1.4.10.") == 0.0


def test_21_a_fix_goes_with_its_test_and_the_pull_request_may_come_first(domain):
    """IS-4107: P-206 and its test P-207 (which requires it) on fix/negative-qty, the pull
    request, then CI. Opening the pull request between the two patches is the same work; leaving
    the test out is not (rule 5)."""
    task = domain.tasks["21"]
    dana = call("get_user", username="dana.okafor")
    branch = call("create_branch", repo="billing-service", from_branch="main", name="fix/negative-qty")
    fix = call(
        "apply_patch", repo="billing-service", branch="fix/negative-qty", patch_id="P-206", username="dana.okafor"
    )
    test = call(
        "apply_patch", repo="billing-service", branch="fix/negative-qty", patch_id="P-207", username="dana.okafor"
    )
    opened = call(
        "open_pull_request",
        repo="billing-service",
        source="fix/negative-qty",
        target="main",
        title="Reject negative quantities",
        issue_ids=["IS-4107"],
        username="dana.okafor",
    )
    ci = call("run_ci", pr_id="PR-3001")
    assert reward_of(domain, task, [dana, branch, fix, opened, test, ci], "Done; CI is green.") == 1.0
    assert reward_of(domain, task, [dana, branch, fix, opened, ci], "Done; CI is green.") == 0.0


def test_31_a_writer_cannot_cherry_pick_onto_a_release_branch(domain):
    """Marta has write on billing-service; a cherry-pick onto release/2.7 needs maintain (rules
    3 and 12), so she is refused; doing it for her anyway scores 0."""
    task = domain.tasks["31"]
    marta = call("get_user", username="mruiz")
    assert reward_of(domain, task, [marta], "Cherry-picks onto release/2.7 need the maintain role.") == 1.0
    lazy = [
        marta,
        call("apply_patch", repo="billing-service", branch="release/2.7", patch_id="P-198", username="mruiz"),
    ]
    assert reward_of(domain, task, lazy, "Cherry-picked P-198.") == 0.0
    assert reward_of(domain, task, [], "Cherry-picks need the maintain role.") == 0.0


def test_16_two_pull_requests_share_the_title_and_the_caller_means_the_flaky_one(domain):
    """PR-1101 (jchen, fix/login-retry) and PR-1102 (dana.okafor, fix/login-wait) are both
    'Fix flaky login test'. The caller means PR-1101, whose only failure is the flaky T-1008:
    a re-run is allowed (rule 14). Re-running the other, or both, scores 0."""
    task = domain.tasks["16"]
    wei = call("get_user", username="lin.wei")
    assert reward_of(domain, task, [wei, call("run_ci", pr_id="PR-1101")], "Re-ran PR-1101; it passed.") == 1.0
    assert reward_of(domain, task, [wei, call("run_ci", pr_id="PR-1102")], "Re-ran PR-1102.") == 0.0
    both = [wei, call("run_ci", pr_id="PR-1101"), call("run_ci", pr_id="PR-1102")]
    assert reward_of(domain, task, both, "Re-ran both.") == 0.0
