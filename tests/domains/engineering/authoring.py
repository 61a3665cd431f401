"""The engineering tasks, written as data here and checked by replaying each gold path:
``python tests/domains/engineering/authoring.py`` rewrites ``data/tasks.json`` and
``data/split_tasks.json`` (after ``cast_source.py`` and ``python -m taubench.domains generate
engineering``). Every write is preceded by the look-ups a careful engineer makes, and every
task starts by verifying the caller."""

from pathlib import Path

from taubench.domains.kit import failing_gold_calls, gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src/taubench/domains/engineering/data"
TASKS: list[dict] = []
B, W, L = "billing-service", "web-portal", "ledger-sync"
WRITES = {
    "create_branch",
    "apply_patch",
    "open_pull_request",
    "submit_review",
    "run_ci",
    "merge_pull_request",
    "update_issue",
    "bump_dependency",
    "tag_release",
}
EMAILS = {
    "dana.okafor": "dana.okafor@quillstone.dev",
    "jchen": "jia.chen@quillstone.dev",
    "jia.chen": "jchen.web@quillstone.dev",
    "lin.wei": "wei.lin@quillstone.dev",
    "mruiz": "marta.ruiz@quillstone.dev",
    "kmensah": "kofi.mensah@quillstone.dev",
    "rhossain": "rafi.hossain@quillstone.dev",
    "evolkov": "elena.volkov@quillstone.dev",
    "ana.silva": "ana.silva@quillstone.dev",
    "tomas.berg": "tomas.berg@quillstone.dev",
    "leo.park": "leo.park@quillstone.dev",
    "nadia.farouk": "nadia.farouk@quillstone.dev",
    "sam.price": "sam.price@quillstone.dev",
    "ben.adeyemi": "ben.adeyemi@quillstone.dev",
    "pkumar": "priya.kumar@quillstone.dev",
}
NAMES = {
    "dana.okafor": "Dana Okafor",
    "jchen": "Jia Chen",
    "jia.chen": "Jia Chen",
    "lin.wei": "Wei Lin",
    "mruiz": "Marta Ruiz",
    "kmensah": "Kofi Mensah",
    "rhossain": "Rafi Hossain",
    "evolkov": "Elena Volkov",
    "ana.silva": "Ana Silva",
    "tomas.berg": "Tomas Berg",
    "leo.park": "Leo Park",
    "nadia.farouk": "Nadia Farouk",
    "sam.price": "Sam Price",
    "ben.adeyemi": "Ben Adeyemi",
    "pkumar": "Priya Kumar",
}
# the arguments the ACTION check compares where not all: none of a hand-off's, only a patch search's repository
COMPARED = {"transfer_to_human_agents": [], "find_patches": ["repo"]}


def act(tool_name, /, **arguments):
    return (tool_name, arguments)


def me(username):
    return act("get_user", username=username)


def who(username, email=None):
    return f"You are {NAMES[username]}, username {username}, work e-mail {email or EMAILS[username]}."


def pr(pr_id):
    return act("get_pull_request", pr_id=pr_id)


def run(run_id):
    return act("get_ci_run", run_id=run_id)


def repo(name):
    return act("get_repository", repo=name)


def issue(issue_id):
    return act("get_issue", issue_id=issue_id)


def patches(name, **filters):
    return act("find_patches", repo=name, **filters)


def task(
    persona, reason, known, instructions, actions, *, rules, tags=(), say=(), basis=None, unknown=None, arith=None
):
    if basis is None:
        basis = ["DB"] + (["COMMUNICATE"] if say else [])
    task_id = str(len(TASKS))
    TASKS.append(
        task_record(
            task_id,
            "engineering",
            persona=persona,
            reason=reason,
            known=known,
            unknown=unknown,
            instructions=instructions,
            actions=[gold_action(task_id, i, name, args, COMPARED.get(name)) for i, (name, args) in enumerate(actions)],
            say=say,
            basis=basis,
            rules=sorted(set(rules) | {1} | ({2} if any(n in WRITES for n, _ in actions) else set())),
            tags=tags,
            arithmetic=arith,
        )
    )


MERGE_RULES = [3, 9, 10, 11, 13]

# ---------------------------------------------------------------- who may act
task(
    "Elena, a billing engineer back from leave; brisk.",
    "You want the rounding pull request PR-1103 in billing-service merged.",
    who("evolkov"),
    "Ask for the merge. If told your account cannot be used, accept and end the call.",
    [me("evolkov")],
    rules=[1],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Someone claiming to be Wei Lin, in a hurry and evasive.",
    "You want PR-1103 in billing-service merged right now.",
    "You say you are Wei Lin, username lin.wei, and that your work e-mail is wei.lin@quillstone.io.",
    "Give the username and that e-mail when asked. If the agent says the details do not match, insist once that it "
    "is urgent, then give up. You do not know any other e-mail.",
    [me("lin.wei")],
    rules=[1],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Rafi, a contractor helping the billing team; polite.",
    "You want to approve PR-1103 in billing-service; Dana asked you to take a look and you think it is fine.",
    who("rhossain"),
    "Ask the agent to approve PR-1103 with the comment 'Rounding looks right to me.' If refused, accept and end.",
    [me("rhossain")],
    rules=[3, 8],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Kofi, a support engineer who triages billing issues.",
    "You want IS-4131 (refund totals off by a cent) in billing-service labelled, and a branch fix/refund-cent made "
    "from main so you can start on it.",
    who("kmensah"),
    "First ask for the labels 'bug' and 'billing' on IS-4131 and confirm. Then ask for the branch. If the branch is "
    "refused, accept it.",
    [
        me("kmensah"),
        issue("IS-4131"),
        act("update_issue", issue_id="IS-4131", labels=["billing", "bug"]),
    ],
    rules=[3],
    tags=["refusal", "compound"],
    basis=["DB", "ACTION"],
)

# ---------------------------------------------------------------- merges
task(
    "Wei, the billing maintainer, wrapping up a release.",
    "You want the rounding fix PR-1103 in billing-service merged, its issue closed and a release tagged.",
    who("lin.wei"),
    "Ask for the merge, then for closing the issue it fixes, then for the release tag. You do not know the next "
    "version number: ask the agent which version the release gets. Confirm each step.",
    [
        me("lin.wei"),
        pr("PR-1103"),
        repo(B),
        run("RUN-7001"),
        act("merge_pull_request", pr_id="PR-1103", method="squash", username="lin.wei"),
        issue("IS-4101"),
        act("update_issue", issue_id="IS-4101", state="closed"),
        act("tag_release", repo=B, level="patch", username="lin.wei"),
    ],
    rules=MERGE_RULES + [18, 21],
    tags=["compound", "arithmetic"],
    say=["2.7.4"],
)
task(
    "Ana, the web-portal maintainer; efficient.",
    "You want the coupon fix PR-1205 in web-portal merged and then a release tagged.",
    who("ana.silva"),
    "Ask for the merge, then for the release. You assume it is a small patch release, but do not insist on a number: "
    "ask which version it gets and accept the agent's number if it explains it. Confirm each step.",
    [
        me("ana.silva"),
        pr("PR-1205"),
        repo(W),
        run("RUN-7014"),
        act("merge_pull_request", pr_id="PR-1205", method="squash", username="ana.silva"),
        act("tag_release", repo=W, level="minor", username="ana.silva"),
    ],
    rules=MERGE_RULES + [21],
    tags=["compound", "arithmetic"],
    say=["4.13.0"],
)
task(
    "Ana, the web-portal maintainer, tidying up after a hotfix.",
    "You want PR-1206, which brings release/4.12 back into main in web-portal, merged, and the free-shipping issue "
    "IS-4206 it fixes closed.",
    who("ana.silva"),
    "Ask for the merge first and confirm; then ask for the issue to be closed and confirm.",
    [
        me("ana.silva"),
        pr("PR-1206"),
        repo(W),
        run("RUN-7018"),
        act("merge_pull_request", pr_id="PR-1206", method="merge", username="ana.silva"),
        issue("IS-4206"),
        act("update_issue", issue_id="IS-4206", state="closed"),
    ],
    rules=MERGE_RULES + [18],
    tags=["compound"],
)
task(
    "Wei, the billing maintainer.",
    "You want the docs pull request PR-1105 in billing-service merged.",
    who("lin.wei"),
    "Ask for the merge. If the agent wonders about approvals, say Marta reviewed it. Confirm when asked.",
    [
        me("lin.wei"),
        pr("PR-1105"),
        repo(B),
        run("RUN-7005"),
        act("merge_pull_request", pr_id="PR-1105", method="squash", username="lin.wei"),
    ],
    rules=MERGE_RULES,
)
task(
    "Wei, the billing maintainer; trusts his team.",
    "You want the discount codes pull request PR-1104 in billing-service merged today.",
    who("lin.wei"),
    "Ask for the merge. If refused, ask why; do not add a review yourself. Accept the refusal.",
    [me("lin.wei"), pr("PR-1104")],
    rules=[9],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Priya, a platform admin helping billing ship the PDF feature.",
    "You want PR-1106 (render invoices as PDF) in billing-service merged.",
    who("pkumar"),
    "Ask for the merge. If refused, ask whose objection is holding it up. Accept the refusal.",
    [me("pkumar"), pr("PR-1106")],
    rules=[10],
    tags=["refusal"],
    say=["lin.wei"],
)
task(
    "Priya, a platform admin; impatient.",
    "You want PR-1107 (skip empty invoice lines) in billing-service merged; you think one approval is plenty.",
    who("pkumar"),
    "Ask for the merge. If refused, ask which test is failing. Accept the refusal.",
    [me("pkumar"), pr("PR-1107"), repo(B), run("RUN-7007")],
    rules=[9, 11],
    tags=["refusal"],
    say=["T-1002"],
)
task(
    "Priya, a platform admin.",
    "You want PR-1108 (cap discounts at 100 percent) in billing-service merged; it has two approvals.",
    who("pkumar"),
    "Ask for the merge. If the agent says an approval is too old, ask until which date that approval still counted. "
    "Accept the refusal.",
    [me("pkumar"), pr("PR-1108"), repo(B)],
    rules=[9, 10],
    tags=["refusal", "arithmetic"],
    say=["2025-06-17"],
    arith={"2025-06-17": "2025-06-03 + 14 days"},
)
task(
    "Wei, the billing maintainer and a code owner of the invoice code.",
    "You want to approve PR-1108 (cap discounts at 100 percent) in billing-service yourself and then merge it.",
    who("lin.wei"),
    "Ask to approve it with the comment 'Cap is correct; ship it.' and confirm; then ask for the merge and confirm.",
    [
        me("lin.wei"),
        pr("PR-1108"),
        repo(B),
        act(
            "submit_review", pr_id="PR-1108", reviewer="lin.wei", verdict="approve", comment="Cap is correct; ship it."
        ),
        run("RUN-7008"),
        act("merge_pull_request", pr_id="PR-1108", method="squash", username="lin.wei"),
    ],
    rules=MERGE_RULES + [8],
    tags=["compound"],
)
task(
    "Wei, the billing maintainer.",
    "You want Dana's account lockout pull request PR-1109 in billing-service merged.",
    who("lin.wei"),
    "Ask for the merge. If refused, ask who still has to approve it (the username). Accept the refusal.",
    [me("lin.wei"), pr("PR-1109"), repo(B)],
    rules=[10],
    tags=["refusal"],
    say=["jchen"],
)
task(
    "Jia, a billing engineer who owns the auth code.",
    "You want to approve Dana's lockout pull request PR-1109 in billing-service, and then get it merged.",
    who("jchen"),
    "Ask to approve it with the comment 'Lockout logic reviewed for auth.' and confirm. Then ask the agent to merge it "
    "too. If the merge is refused, accept.",
    [
        me("jchen"),
        pr("PR-1109"),
        act(
            "submit_review",
            pr_id="PR-1109",
            reviewer="jchen",
            verdict="approve",
            comment="Lockout logic reviewed for auth.",
        ),
    ],
    rules=[3, 8],
    tags=["refusal", "compound"],
    basis=["DB", "ACTION"],
)
task(
    "Dana, a billing engineer in a rush to ship her fix.",
    "You want your own rounding pull request PR-1103 in billing-service approved so it can merge; Wei is out today.",
    who("dana.okafor"),
    "Ask the agent to record your approval on PR-1103 with the comment 'Tested locally.' If refused, accept.",
    [me("dana.okafor"), pr("PR-1103")],
    rules=[8],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)

# ---------------------------------------------------------------- CI
task(
    "Wei, the billing maintainer.",
    "You want CI re-run on the billing-service pull request titled 'Fix flaky login test'.",
    who("lin.wei"),
    "Ask for a re-run of 'the Fix flaky login test PR'. If asked which one, say the one from jchen's branch "
    "fix/login-retry. Confirm, and ask whether the re-run passed.",
    [me("lin.wei"), repo(B), pr("PR-1101"), run("RUN-7001"), act("run_ci", pr_id="PR-1101")],
    rules=[3, 14],
    tags=["clarify"],
)
task(
    "Dana, a billing engineer sure her test fix just hit a flake.",
    "You want CI re-run on the billing-service pull request titled 'Fix flaky login test'.",
    who("dana.okafor"),
    "Ask for a re-run of 'the Fix flaky login test PR'. If asked which one, say the one you opened. If refused, ask "
    "which test failed (its id). Accept the refusal.",
    [me("dana.okafor"), repo(B), pr("PR-1102"), run("RUN-7002")],
    rules=[14],
    tags=["clarify", "refusal"],
    say=["T-1007"],
)
task(
    "Wei, the billing maintainer, closing the flaky-login saga.",
    "You want PR-1101 in billing-service re-run, merged if it passes, and the flaky login issue IS-4125 closed.",
    who("lin.wei"),
    "Ask for the re-run, then the merge, then closing IS-4125. Confirm each step.",
    [
        me("lin.wei"),
        pr("PR-1101"),
        run("RUN-7001"),
        act("run_ci", pr_id="PR-1101"),
        repo(B),
        act("merge_pull_request", pr_id="PR-1101", method="squash", username="lin.wei"),
        issue("IS-4125"),
        act("update_issue", issue_id="IS-4125", state="closed"),
    ],
    rules=MERGE_RULES + [14, 18],
    tags=["compound"],
)
task(
    "Dana, a billing engineer tired of her e-mail test.",
    "You want CI re-run on PR-1110 in billing-service; the e-mail test is marked flaky so it should pass eventually.",
    who("dana.okafor"),
    "Ask for a re-run. If refused, ask which test id is the problem. Accept the refusal.",
    [me("dana.okafor"), pr("PR-1110"), run("RUN-7012")],
    rules=[14],
    tags=["refusal"],
    say=["T-1009"],
)
task(
    "Dana, a billing engineer preparing a status update on the tax engine refactor.",
    "You want to know how many tests of required checks failed in the latest CI run of PR-1111 in billing-service.",
    who("dana.okafor"),
    "Ask for that count only (not the tests outside required checks). Do not ask for any change.",
    [me("dana.okafor"), pr("PR-1111"), repo(B), run("RUN-7013")],
    rules=[11],
    tags=["arithmetic"],
    say=["11"],
    arith={"11": "7 + 4"},
)

# ---------------------------------------------------------------- branches and patches
task(
    "Dana, a billing engineer picking up the negative-quantity bug.",
    "You want a branch fix/negative-qty from main in billing-service with the catalog fix for IS-4107 and its test, a "
    "pull request titled 'Reject negative quantities' for IS-4107 into main, and CI run on it.",
    who("dana.okafor"),
    "Give the whole plan at once and confirm the read-back. Ask whether CI passed.",
    [
        me("dana.okafor"),
        issue("IS-4107"),
        patches(B, issue_id="IS-4107"),
        act("create_branch", repo=B, from_branch="main", name="fix/negative-qty"),
        act("apply_patch", repo=B, branch="fix/negative-qty", patch_id="P-206", username="dana.okafor"),
        act("apply_patch", repo=B, branch="fix/negative-qty", patch_id="P-207", username="dana.okafor"),
        act(
            "open_pull_request",
            repo=B,
            source="fix/negative-qty",
            target="main",
            title="Reject negative quantities",
            issue_ids=["IS-4107"],
            username="dana.okafor",
        ),
        act("run_ci", pr_id="PR-3001"),
    ],
    rules=[3, 4, 5, 14],
    tags=["compound"],
)
task(
    "Jia, a billing engineer.",
    "You want a branch fix/currency-codes from main in billing-service with patch P-210 on it.",
    who("jchen"),
    "Ask for the branch and P-210. Agree if the agent says something else must go on first. Confirm when asked.",
    [
        me("jchen"),
        patches(B, issue_id="IS-4109"),
        act("create_branch", repo=B, from_branch="main", name="fix/currency-codes"),
        act("apply_patch", repo=B, branch="fix/currency-codes", patch_id="P-209", username="jchen"),
        act("apply_patch", repo=B, branch="fix/currency-codes", patch_id="P-210", username="jchen"),
    ],
    rules=[3, 5],
    tags=["fallback"],
)
task(
    "Dana, a billing engineer starting the late-fee feature over.",
    "You want a branch feat/late-fees-v2 from main in billing-service with the late fee feature patch P-270.",
    who("dana.okafor"),
    "Ask for the branch and P-270. Agree to whatever else the agent says must go with it. Confirm when asked.",
    [
        me("dana.okafor"),
        patches(B, issue_id="IS-4130"),
        act("create_branch", repo=B, from_branch="main", name="feat/late-fees-v2"),
        act("apply_patch", repo=B, branch="feat/late-fees-v2", patch_id="P-270", username="dana.okafor"),
        act("apply_patch", repo=B, branch="feat/late-fees-v2", patch_id="P-271", username="dana.okafor"),
    ],
    rules=[3, 5],
)
task(
    "Jia, a billing engineer working on session length.",
    "You want a branch fix/session-timeout from main in billing-service with patch P-412 on it.",
    who("jchen"),
    "Ask for the branch and P-412. If P-412 cannot go on, accept whatever the catalog offers instead. Confirm.",
    [
        me("jchen"),
        patches(B, issue_id="IS-4112"),
        act("create_branch", repo=B, from_branch="main", name="fix/session-timeout"),
        act("apply_patch", repo=B, branch="fix/session-timeout", patch_id="P-412b", username="jchen"),
    ],
    rules=[3, 6],
    tags=["fallback"],
)
task(
    "Jia, a billing engineer who wants the session fix reviewed today.",
    "You want a branch fix/session-30 from main in billing-service with patch P-412, and a pull request titled "
    "'Extend sessions to 30 minutes' for IS-4112 into main.",
    who("jchen"),
    "Give both requests. If P-412 cannot go on, accept the catalog's alternative. Confirm each step.",
    [
        me("jchen"),
        patches(B, issue_id="IS-4112"),
        act("create_branch", repo=B, from_branch="main", name="fix/session-30"),
        act("apply_patch", repo=B, branch="fix/session-30", patch_id="P-412b", username="jchen"),
        issue("IS-4112"),
        act(
            "open_pull_request",
            repo=B,
            source="fix/session-30",
            target="main",
            title="Extend sessions to 30 minutes",
            issue_ids=["IS-4112"],
            username="jchen",
        ),
    ],
    rules=[3, 6],
    tags=["fallback", "compound"],
)
task(
    "Dana, a billing engineer rotating the payment gateway key.",
    "You want patch P-415 applied to your existing branch fix/gateway-config in billing-service.",
    who("dana.okafor"),
    "Ask for P-415 on fix/gateway-config. If the agent stops and offers a transfer, accept.",
    [
        me("dana.okafor"),
        patches(B, issue_id="IS-4115"),
        act(
            "transfer_to_human_agents",
            summary="P-415 in billing-service contains a secret; dana.okafor asked to apply it: security.",
        ),
    ],
    rules=[7],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Dana, a billing engineer with two things on her list.",
    "You want IS-4131 in billing-service assigned to you, and patch P-415 applied to your branch fix/gateway-config.",
    who("dana.okafor"),
    "Ask for the assignment first and confirm it. Then ask for P-415. If the agent stops and offers a transfer, "
    "accept.",
    [
        me("dana.okafor"),
        issue("IS-4131"),
        act("update_issue", issue_id="IS-4131", assignee="dana.okafor"),
        patches(B, issue_id="IS-4115"),
        act(
            "transfer_to_human_agents",
            summary="P-415 in billing-service contains a secret; dana.okafor asked to apply it: security.",
        ),
    ],
    rules=[3, 7, 20],
    tags=["refusal", "compound"],
    basis=["DB", "ACTION"],
)
task(
    "Dana, a billing engineer; does not remember patch numbers.",
    "You want the catalog fix for IS-4115 (rotate the payment gateway key) applied to your branch fix/gateway-config "
    "in billing-service.",
    who("dana.okafor"),
    "Ask for 'the fix for IS-4115'. If the agent says one of the fixes cannot be used, accept the other one. Confirm.",
    [
        me("dana.okafor"),
        patches(B, issue_id="IS-4115"),
        act("apply_patch", repo=B, branch="fix/gateway-config", patch_id="P-416", username="dana.okafor"),
    ],
    rules=[3, 4, 7],
    tags=["fallback"],
)

# ---------------------------------------------------------------- release branches
task(
    "Wei, the billing maintainer, preparing a 2.7 patch.",
    "You want the zero-rated fix P-198 cherry-picked onto release/2.7 in billing-service, and its issue IS-4090 "
    "closed.",
    who("lin.wei"),
    "Ask for both; confirm each.",
    [
        me("lin.wei"),
        patches(B, issue_id="IS-4090"),
        repo(B),
        act("apply_patch", repo=B, branch="release/2.7", patch_id="P-198", username="lin.wei"),
        issue("IS-4090"),
        act("update_issue", issue_id="IS-4090", state="closed"),
    ],
    rules=[3, 4, 12, 18],
    tags=["compound"],
)
task(
    "Wei, the billing maintainer, eager to get rounding into 2.7.",
    "You want patch P-201 (half-up rounding) cherry-picked onto release/2.7 in billing-service.",
    who("lin.wei"),
    "Ask for the cherry-pick. If refused, ask which pull request has to merge first. Accept the refusal.",
    [me("lin.wei"), patches(B, issue_id="IS-4101"), repo(B)],
    rules=[12],
    tags=["refusal"],
    say=["PR-1103"],
)
task(
    "Marta, the technical writer, helping with the 2.7 patch.",
    "You want the zero-rated fix P-198 cherry-picked onto release/2.7 in billing-service.",
    who("mruiz"),
    "Ask for the cherry-pick. If refused, accept.",
    [me("mruiz")],
    rules=[3, 12],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Wei, the billing maintainer.",
    "You want the session-limit fix P-398 cherry-picked onto release/2.7 in billing-service.",
    who("lin.wei"),
    "Ask for it; confirm when asked.",
    [
        me("lin.wei"),
        patches(B, issue_id="IS-4091"),
        repo(B),
        act("apply_patch", repo=B, branch="release/2.7", patch_id="P-398", username="lin.wei"),
    ],
    rules=[3, 12],
)

# ---------------------------------------------------------------- dependencies
task(
    "Nadia, the ledger-sync maintainer, closing a security ticket.",
    "IS-5120 says fastjson in ledger-sync is vulnerable. Sam's pull request PR-1301 bumps it. You want the bump made "
    "right, CI green, the pull request merged and IS-5120 closed.",
    who("nadia.farouk"),
    "Explain the goal and let the agent work out the version; ask which version fastjson ends on. Confirm each step.",
    [
        me("nadia.farouk"),
        issue("IS-5120"),
        pr("PR-1301"),
        act("list_dependencies", repo=L, branch="deps/fastjson"),
        act("get_package", package="fastjson"),
        act("get_advisories", package="fastjson", version="2.5.1"),
        act(
            "bump_dependency",
            repo=L,
            branch="deps/fastjson",
            package="fastjson",
            version="2.5.1",
            username="nadia.farouk",
        ),
        act("run_ci", pr_id="PR-1301"),
        repo(L),
        act("merge_pull_request", pr_id="PR-1301", method="squash", username="nadia.farouk"),
        act("update_issue", issue_id="IS-5120", state="closed"),
    ],
    rules=MERGE_RULES + [4, 15, 17, 18],
    tags=["fallback", "compound", "arithmetic"],
    say=["2.5.1"],
)
task(
    "Sam, a data engineer who likes to stay on the latest.",
    "You want fastjson on your branch deps/fastjson in ledger-sync bumped to 3.0.0.",
    who("sam.price"),
    "Ask for 3.0.0. If refused, ask what the highest version is that you could get without extra approval. Do not ask "
    "for that one to be applied.",
    [
        me("sam.price"),
        act("list_dependencies", repo=L, branch="deps/fastjson"),
        act("get_package", package="fastjson"),
        act("get_advisories", package="fastjson", version="2.5.1"),
    ],
    rules=[15, 16, 17],
    tags=["refusal", "arithmetic"],
    say=["2.5.1"],
)
task(
    "Sam, a data engineer.",
    "You want yamlparse in ledger-sync moved to 5.2.0 on a new branch deps/yamlparse from main (IS-5121).",
    who("sam.price"),
    "Ask for the branch and 5.2.0. If 5.2.0 is refused, accept the highest version the agent can offer in 5.x. "
    "Confirm each step.",
    [
        me("sam.price"),
        act("list_dependencies", repo=L, branch="main"),
        act("get_package", package="yamlparse"),
        act("get_advisories", package="yamlparse", version="5.2.0"),
        act("get_advisories", package="yamlparse", version="5.1.4"),
        act("create_branch", repo=L, from_branch="main", name="deps/yamlparse"),
        act(
            "bump_dependency",
            repo=L,
            branch="deps/yamlparse",
            package="yamlparse",
            version="5.1.4",
            username="sam.price",
        ),
    ],
    rules=[3, 4, 15],
    tags=["fallback"],
)
task(
    "Ben, a data engineer who wants the newest charts.",
    "You want chartkit in ledger-sync moved to 1.9.0 on a new branch deps/chartkit from main.",
    who("ben.adeyemi"),
    "Ask for the branch and 1.9.0. If 1.9.0 is refused, accept the best version the agent can offer. Confirm.",
    [
        me("ben.adeyemi"),
        act("list_dependencies", repo=L, branch="main"),
        act("get_package", package="chartkit"),
        act("get_advisories", package="chartkit", version="1.8.2"),
        act("create_branch", repo=L, from_branch="main", name="deps/chartkit"),
        act(
            "bump_dependency",
            repo=L,
            branch="deps/chartkit",
            package="chartkit",
            version="1.8.2",
            username="ben.adeyemi",
        ),
    ],
    rules=[3, 4, 15, 17],
    tags=["fallback"],
)
task(
    "Sam, a data engineer.",
    "You want httpcore in ledger-sync on 4.0.0; you would do it on a new branch deps/httpcore.",
    who("sam.price"),
    "Ask for 4.0.0. If refused, ask what the highest version is that you could have without that approval. Do not "
    "ask for any change after that.",
    [
        me("sam.price"),
        act("list_dependencies", repo=L, branch="main"),
        act("get_package", package="httpcore"),
        act("get_advisories", package="httpcore", version="3.5.0"),
        act("get_advisories", package="httpcore", version="3.4.1"),
    ],
    rules=[15, 16],
    tags=["refusal", "arithmetic"],
    say=["3.4.1"],
)
task(
    "Sam, a data engineer who thinks branches are overhead for a one-line bump.",
    "You want fastjson in ledger-sync fixed straight on main (IS-5120).",
    who("sam.price"),
    "Ask for the bump on main. If the agent refuses main, agree to a branch named deps/fastjson-safe from main and a "
    "pull request titled 'Pin fastjson to a safe release' for IS-5120 into main. Let the agent choose the version; ask "
    "which one. Confirm each step.",
    [
        me("sam.price"),
        issue("IS-5120"),
        act("list_dependencies", repo=L, branch="main"),
        act("get_package", package="fastjson"),
        act("get_advisories", package="fastjson", version="2.5.1"),
        act("create_branch", repo=L, from_branch="main", name="deps/fastjson-safe"),
        act(
            "bump_dependency",
            repo=L,
            branch="deps/fastjson-safe",
            package="fastjson",
            version="2.5.1",
            username="sam.price",
        ),
        act(
            "open_pull_request",
            repo=L,
            source="deps/fastjson-safe",
            target="main",
            title="Pin fastjson to a safe release",
            issue_ids=["IS-5120"],
            username="sam.price",
        ),
    ],
    rules=[3, 4, 15, 17],
    tags=["fallback", "compound"],
    say=["2.5.1"],
)
task(
    "Tomas, a web engineer tidying dependencies.",
    "You want yamlparse in web-portal on the highest safe 5.x release, on a new branch deps/yaml-safe from main, and a "
    "pull request titled 'Pin yamlparse to a safe release' into main.",
    who("tomas.berg"),
    "Ask for it all; ask which version it gets. Confirm each step.",
    [
        me("tomas.berg"),
        act("list_dependencies", repo=W, branch="main"),
        act("get_package", package="yamlparse"),
        act("get_advisories", package="yamlparse", version="5.1.4"),
        act("create_branch", repo=W, from_branch="main", name="deps/yaml-safe"),
        act(
            "bump_dependency",
            repo=W,
            branch="deps/yaml-safe",
            package="yamlparse",
            version="5.1.4",
            username="tomas.berg",
        ),
        act(
            "open_pull_request",
            repo=W,
            source="deps/yaml-safe",
            target="main",
            title="Pin yamlparse to a safe release",
            issue_ids=[],
            username="tomas.berg",
        ),
    ],
    rules=[3, 4, 15, 17],
    tags=["compound", "arithmetic"],
    say=["5.1.4"],
)

# ---------------------------------------------------------------- issues
task(
    "Wei, the billing maintainer, grooming the backlog.",
    "You want IS-4090 in billing-service closed (its fix merged) and IS-4107 assigned to Dana Okafor (dana.okafor).",
    who("lin.wei"),
    "Ask for both; confirm each.",
    [
        me("lin.wei"),
        issue("IS-4090"),
        act("update_issue", issue_id="IS-4090", state="closed"),
        issue("IS-4107"),
        act("get_user", username="dana.okafor"),
        act("update_issue", issue_id="IS-4107", assignee="dana.okafor"),
    ],
    rules=[3, 18, 20],
    tags=["compound"],
)
task(
    "Kofi, a support engineer who triages billing issues.",
    "A customer says rounding is fixed, so you want IS-4101 in billing-service closed.",
    who("kmensah"),
    "Ask to close it. If refused, ask which pull request still has to merge. Accept the refusal.",
    [me("kmensah"), issue("IS-4101")],
    rules=[18],
    tags=["refusal"],
    say=["PR-1103"],
)
task(
    "Kofi, a support engineer who triages billing issues.",
    "You want IS-4109 (currency codes not validated) in billing-service closed; you think it was dealt with.",
    who("kmensah"),
    "Ask to close it. If refused, accept.",
    [me("kmensah"), issue("IS-4109")],
    rules=[18],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Kofi, a support engineer during an outage; stressed.",
    "You want the label customer-impact added to IS-4120 in billing-service, the invoice outage.",
    who("kmensah"),
    "Ask for the label. If the agent offers a transfer, accept.",
    [
        me("kmensah"),
        issue("IS-4120"),
        act(
            "transfer_to_human_agents",
            summary="IS-4120 in billing-service is a P0 incident; kmensah wants to update it: on-call.",
        ),
    ],
    rules=[19],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Leo, a web engineer who wants to own the EU checkout outage.",
    "You want IS-4215 in web-portal assigned to you.",
    who("leo.park"),
    "Ask for the assignment. If the agent offers a transfer, accept.",
    [
        me("leo.park"),
        issue("IS-4215"),
        act(
            "transfer_to_human_agents",
            summary="IS-4215 in web-portal is a P0 incident; leo.park wants it assigned: on-call.",
        ),
    ],
    rules=[19],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Wei, the billing maintainer, handing out work.",
    "You want IS-4107 (negative quantities) in billing-service assigned to Jia Chen.",
    who("lin.wei"),
    "Say 'assign it to Jia Chen'. If asked which one, say the Jia Chen on the billing team, username jchen. Confirm.",
    [
        me("lin.wei"),
        issue("IS-4107"),
        act("get_user", username="jchen"),
        act("update_issue", issue_id="IS-4107", assignee="jchen"),
    ],
    rules=[3, 20],
    tags=["clarify"],
)
task(
    "Ana, the web-portal maintainer.",
    "You want IS-4214 (broken avatars) in web-portal assigned to jchen, whom you met at a billing meeting.",
    who("ana.silva"),
    "Ask to assign IS-4214 to jchen. If the agent says jchen cannot take it, ask for jia.chen instead. Confirm.",
    [
        me("ana.silva"),
        issue("IS-4214"),
        act("get_user", username="jchen"),
        act("get_user", username="jia.chen"),
        act("update_issue", issue_id="IS-4214", assignee="jia.chen"),
    ],
    rules=[3, 20],
    tags=["fallback"],
)
task(
    "Nadia, the ledger-sync maintainer.",
    "You want IS-5121 (upgrade yamlparse) in ledger-sync assigned to Ana Silva.",
    who("nadia.farouk"),
    "Say 'assign it to Ana Silva'. If asked which one, say the Ana Silva who works on ledger-sync, username "
    "ana.silva2. Confirm.",
    [
        me("nadia.farouk"),
        issue("IS-5121"),
        act("get_user", username="ana.silva2"),
        act("update_issue", issue_id="IS-5121", assignee="ana.silva2"),
    ],
    rules=[3, 20],
    tags=["clarify"],
)
task(
    "Kofi, a support engineer who triages billing issues.",
    "You want IS-4131 in billing-service labelled 'bug' and 'billing' and assigned to Dana Okafor (dana.okafor).",
    who("kmensah"),
    "Ask for the labels and the assignee together; confirm.",
    [
        me("kmensah"),
        issue("IS-4131"),
        act("get_user", username="dana.okafor"),
        act("update_issue", issue_id="IS-4131", labels=["billing", "bug"], assignee="dana.okafor"),
    ],
    rules=[3, 20],
)

# ---------------------------------------------------------------- releases
task(
    "Wei, the billing maintainer; the two recent fixes should ship.",
    "You want a new release of billing-service tagged.",
    who("lin.wei"),
    "Ask for the tag; you do not know the number: ask which version it gets. Confirm when asked.",
    [me("lin.wei"), repo(B), act("tag_release", repo=B, level="patch", username="lin.wei")],
    rules=[3, 21],
    tags=["arithmetic"],
    say=["2.7.4"],
)
task(
    "Ana, the web-portal maintainer.",
    "You want web-portal tagged as 4.12.1.",
    who("ana.silva"),
    "Ask for 4.12.1. If the agent says the number must be different, ask which and accept it. Confirm.",
    [me("ana.silva"), repo(W), act("tag_release", repo=W, level="minor", username="ana.silva")],
    rules=[3, 21],
    tags=["arithmetic", "fallback"],
    say=["4.13.0"],
)
task(
    "Nadia, the ledger-sync maintainer.",
    "You want Ben's retry pull request PR-1302 in ledger-sync merged and a release tagged.",
    who("nadia.farouk"),
    "Ask for the merge, then the tag; ask which version it gets. Confirm each step.",
    [
        me("nadia.farouk"),
        pr("PR-1302"),
        repo(L),
        run("RUN-7017"),
        act("merge_pull_request", pr_id="PR-1302", method="squash", username="nadia.farouk"),
        act("tag_release", repo=L, level="patch", username="nadia.farouk"),
    ],
    rules=MERGE_RULES + [21],
    tags=["compound", "arithmetic"],
    say=["1.4.10"],
)
task(
    "Nadia, the ledger-sync maintainer.",
    "You want a release of ledger-sync tagged today.",
    who("nadia.farouk"),
    "Ask for the tag. If refused, accept.",
    [me("nadia.farouk"), repo(L)],
    rules=[21],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Dana, a billing engineer.",
    "You want billing-service tagged as 2.7.4.",
    who("dana.okafor"),
    "Ask for the tag. If refused, accept.",
    [me("dana.okafor")],
    rules=[3, 21],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)

# ---------------------------------------------------------------- more reviews and merges
task(
    "Marta, the technical writer, also a reviewer on billing.",
    "You want to approve Dana's late fee pull request PR-1112 in billing-service and get CI started on it.",
    who("mruiz"),
    "Ask to approve it with the comment 'Docstrings read well.' and confirm; then ask for CI and confirm.",
    [
        me("mruiz"),
        pr("PR-1112"),
        act("submit_review", pr_id="PR-1112", reviewer="mruiz", verdict="approve", comment="Docstrings read well."),
        act("run_ci", pr_id="PR-1112"),
    ],
    rules=[3, 8, 14],
    tags=["compound"],
)
task(
    "Wei, the billing maintainer; wants the late fee feature out.",
    "You want PR-1112 (late fees) in billing-service merged and a release tagged.",
    who("lin.wei"),
    "Ask for the merge and the release. Agree to any step the agent says is needed first. Ask which version the "
    "release gets. Confirm each step.",
    [
        me("lin.wei"),
        pr("PR-1112"),
        repo(B),
        act("run_ci", pr_id="PR-1112"),
        act("merge_pull_request", pr_id="PR-1112", method="squash", username="lin.wei"),
        act("tag_release", repo=B, level="minor", username="lin.wei"),
    ],
    rules=MERGE_RULES + [14, 21],
    tags=["fallback", "compound", "arithmetic"],
    say=["2.8.0"],
)
task(
    "Jia, a billing engineer and the auth code owner.",
    "You want to approve one of Dana's login pull requests in billing-service.",
    who("jchen"),
    "Say 'approve Dana's login PR'. If asked which, say the one about locking accounts. Comment: 'Auth side looks "
    "good.' Confirm.",
    [
        me("jchen"),
        repo(B),
        pr("PR-1109"),
        act("submit_review", pr_id="PR-1109", reviewer="jchen", verdict="approve", comment="Auth side looks good."),
    ],
    rules=[3, 8],
    tags=["clarify"],
)
task(
    "Ana, the web-portal maintainer.",
    "You want Jia's gift wrapping pull request PR-1207 in web-portal merged.",
    who("ana.silva"),
    "Ask for the merge. If refused, ask whose approval is missing (the username). Accept the refusal.",
    [me("ana.silva"), pr("PR-1207"), repo(W)],
    rules=[10],
    tags=["refusal"],
    say=["leo.park"],
)
task(
    "Priya, a platform admin covering for Wei.",
    "You want to know if the billing-service pull request 'Fix flaky login test' is ready, and if it only needs a "
    "re-run, to re-run it and merge it.",
    who("pkumar"),
    "Ask about 'the Fix flaky login test PR'. If asked which, say the one from the fix/login-retry branch. Agree to a "
    "re-run and the merge if the agent proposes them. Confirm each step.",
    [
        me("pkumar"),
        repo(B),
        pr("PR-1101"),
        run("RUN-7001"),
        act("run_ci", pr_id="PR-1101"),
        act("merge_pull_request", pr_id="PR-1101", method="squash", username="pkumar"),
    ],
    rules=MERGE_RULES + [14],
    tags=["clarify"],
)
task(
    "Dana, a billing engineer; vague about patch names.",
    "You want a new branch fix/currency-v2 from main in billing-service with the currency validation patch on it.",
    who("dana.okafor"),
    "Ask for 'the currency patch'. If asked which, say the one that validates currency codes. Confirm.",
    [
        me("dana.okafor"),
        patches(B, issue_id="IS-4109"),
        act("create_branch", repo=B, from_branch="main", name="fix/currency-v2"),
        act("apply_patch", repo=B, branch="fix/currency-v2", patch_id="P-209", username="dana.okafor"),
    ],
    rules=[3, 5],
    tags=["clarify"],
)
task(
    "Wei, the billing maintainer.",
    "You want to approve one of Jia's discount pull requests in billing-service.",
    who("lin.wei"),
    "Say 'approve Jia's discount PR'. If asked which, say the one capping discounts at 100 percent. Comment: 'Cap "
    "verified.' Confirm.",
    [
        me("lin.wei"),
        repo(B),
        pr("PR-1108"),
        act("submit_review", pr_id="PR-1108", reviewer="lin.wei", verdict="approve", comment="Cap verified."),
    ],
    rules=[3, 8],
    tags=["clarify"],
)
task(
    "Kofi, a support engineer who triages billing issues.",
    "You want the discount issue in billing-service closed; a customer says discounts work now.",
    who("kmensah"),
    "Say 'close the discount issue'. If asked which, say the one about discounts over 100 percent. If refused, ask "
    "which pull request has to merge first. Accept the refusal.",
    [me("kmensah"), issue("IS-4128")],
    rules=[18],
    tags=["clarify", "refusal"],
    say=["PR-1108"],
)
task(
    "Ben, a data engineer reviewing Sam's security bump.",
    "Sam's pull request PR-1301 in ledger-sync pins fastjson to a release you doubt. You want fastjson on its branch "
    "pinned to the highest release the rules allow, CI run, and then your approval recorded on PR-1301.",
    who("ben.adeyemi"),
    "Ask for the pin (let the agent find the version; ask which it is), then the CI run, then approve with the "
    "comment 'Safe pin verified.' Confirm each step.",
    [
        me("ben.adeyemi"),
        pr("PR-1301"),
        act("list_dependencies", repo=L, branch="deps/fastjson"),
        act("get_package", package="fastjson"),
        act("get_advisories", package="fastjson", version="2.5.1"),
        act(
            "bump_dependency",
            repo=L,
            branch="deps/fastjson",
            package="fastjson",
            version="2.5.1",
            username="ben.adeyemi",
        ),
        act("run_ci", pr_id="PR-1301"),
        act("submit_review", pr_id="PR-1301", reviewer="ben.adeyemi", verdict="approve", comment="Safe pin verified."),
    ],
    rules=[3, 4, 8, 14, 15, 17],
    tags=["compound", "arithmetic"],
    say=["2.5.1"],
)
task(
    "Tomas, a web engineer.",
    "You want a branch feat/gift-wrap-v2 from main in web-portal with the gift wrapping feature patch P-540, and a "
    "pull request titled 'Gift wrapping, take two' for IS-4212 into main.",
    who("tomas.berg"),
    "Ask for it all. Agree to anything else the agent says must go with the patch. Confirm each step.",
    [
        me("tomas.berg"),
        patches(W, issue_id="IS-4212"),
        act("create_branch", repo=W, from_branch="main", name="feat/gift-wrap-v2"),
        act("apply_patch", repo=W, branch="feat/gift-wrap-v2", patch_id="P-540", username="tomas.berg"),
        act("apply_patch", repo=W, branch="feat/gift-wrap-v2", patch_id="P-541", username="tomas.berg"),
        issue("IS-4212"),
        act(
            "open_pull_request",
            repo=W,
            source="feat/gift-wrap-v2",
            target="main",
            title="Gift wrapping, take two",
            issue_ids=["IS-4212"],
            username="tomas.berg",
        ),
    ],
    rules=[3, 4, 5],
    tags=["compound"],
)
task(
    "Leo, a web engineer.",
    "You want patch P-545 (test for the avatar fallback) on a new branch fix/avatar from main in web-portal.",
    who("leo.park"),
    "Ask for the branch and P-545. Agree if the agent says something else must go on first. Confirm.",
    [
        me("leo.park"),
        patches(W, issue_id="IS-4214"),
        act("create_branch", repo=W, from_branch="main", name="fix/avatar"),
        act("apply_patch", repo=W, branch="fix/avatar", patch_id="P-544", username="leo.park"),
        act("apply_patch", repo=W, branch="fix/avatar", patch_id="P-545", username="leo.park"),
    ],
    rules=[3, 5],
    tags=["fallback"],
)
task(
    "Jia, a billing engineer who wants the discount feature on main quickly.",
    "You want patch P-203 (discount codes) put straight onto main in billing-service.",
    who("jchen"),
    "Ask for P-203 on main. If refused, accept and end the call.",
    [me("jchen")],
    rules=[4],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)


task(
    "Kofi, a support engineer who triages billing issues.",
    "You want the flaky test issue in billing-service closed; the team told you it is handled.",
    who("kmensah"),
    "Say 'close the flaky test issue'. If asked which, say the one about the login test. If refused, accept.",
    [me("kmensah"), issue("IS-4125")],
    rules=[18],
    tags=["clarify", "refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Priya, a platform admin who wants the login flake gone.",
    "You want the billing-service pull request titled 'Fix flaky login test' merged.",
    who("pkumar"),
    "Ask to merge 'the Fix flaky login test PR'. If asked which, say Dana's. If refused, ask which test failed (its "
    "id). Accept the refusal.",
    [me("pkumar"), repo(B), pr("PR-1102"), run("RUN-7002")],
    rules=[11, 14],
    tags=["clarify", "refusal"],
    say=["T-1007"],
)
task(
    "Wei, the billing maintainer, handing out security work.",
    "You want the account lockout issue IS-4126 in billing-service assigned to Jia Chen.",
    who("lin.wei"),
    "Say 'assign it to Jia Chen'. If asked which one, say the billing engineer who owns the auth code, username "
    "jchen. Confirm.",
    [
        me("lin.wei"),
        issue("IS-4126"),
        act("get_user", username="jchen"),
        act("update_issue", issue_id="IS-4126", assignee="jchen"),
    ],
    rules=[3, 20],
    tags=["clarify"],
)


def main() -> None:
    for failure in failing_gold_calls("engineering", TASKS):
        print(failure)
    ids = [spec["id"] for spec in TASKS]
    test = [i for n, i in enumerate(ids) if n % 5 in (1, 3)]
    split = {"base": ids, "train": [i for i in ids if i not in test], "test": test}
    write_task_files(DATA, TASKS, split)
    print(len(TASKS), "tasks")


if __name__ == "__main__":
    main()
