"""The platform desk's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing; plus the patch, CI and version arithmetic the handbook relies on."""

import pytest

from taubench.domains.engineering.models import Patch, SourceFile, TestCase
from taubench.domains.engineering.tools import apply_hunk, evaluate_ci, in_requires_order
from taubench.domains.engineering.versions import affected, bumped, next_version, parse_version

B, W, L = "billing-service", "web-portal", "ledger-sync"


def test_engineers_and_their_roles_are_looked_up(ok, no):
    jia = ok("get_user", username="jchen")
    web_jia = ok("get_user", username="jia.chen")
    assert jia["name"] == web_jia["name"] == "Jia Chen" and jia["email"] != web_jia["email"]
    assert {r["repo"]: r["role"] for r in jia["roles"]}[B] == "write"
    assert {r["repo"]: r["role"] for r in web_jia["roles"]}[B] == "read"
    assert ok("get_user", username="evolkov")["status"] == "suspended"
    assert no("get_user", username="nobody") == "Error: User nobody not found"


def test_a_repository_shows_protection_owners_branches_and_open_pull_requests(ok, no):
    billing = ok("get_repository", repo=B)
    assert (billing["version"], billing["required_checks"]) == ("2.7.3", ["build", "lint", "unit"])
    assert [p["patch_id"] for p in billing["unreleased_patches"]] == ["P-198", "P-398"]
    flaky = [p["pr_id"] for p in billing["open_pull_requests"] if p["title"] == "Fix flaky login test"]
    assert flaky == ["PR-1101", "PR-1102"]
    release = next(b for b in billing["branches"] if b["name"] == "release/2.7")
    assert release["protected"] and "P-198" not in release["patches"]
    assert [p["kind"] for p in ok("get_repository", repo=W)["unreleased_patches"]] == ["feature"]
    assert no("get_repository", repo="nowhere") == "Error: Repository nowhere not found"


def test_files_are_read_and_searched(ok, no):
    excerpt = ok("read_file", repo=B, branch="main", path="src/auth/session.py", start_line=11, end_line=12)
    assert excerpt["total_lines"] == 12
    assert excerpt["lines"][1]["text"].endswith(">= SESSION_SECONDS")
    older = ok("read_file", repo=B, branch="release/2.7", path="src/auth/session.py", start_line=12)
    assert older["lines"][0]["text"].endswith("> SESSION_SECONDS")
    assert no("read_file", repo=B, branch="main", path="src/nothing.py") == (
        "Error: File src/nothing.py not found on billing-service:main"
    )
    assert no("read_file", repo=B, branch="main", path="src/auth/session.py", start_line=5, end_line=2) == (
        "Error: start_line must be at least 1 and not after end_line"
    )
    assert no("read_file", repo=B, branch="dev", path="x") == "Error: Branch dev not found in billing-service"
    hits = ok("search_code", repo=B, branch="main", text="gateway_key")
    assert [(h["path"], h["number"]) for h in hits] == [("config/settings.py", 4)]
    assert no("search_code", repo=B, branch="main", text="  ") == "Error: Give some text to search for"


def test_the_patch_catalog(ok, no):
    session = ok("find_patches", repo=B, issue_id="IS-4112")
    assert [(p["patch_id"], p["rebased_from"]) for p in session] == [("P-412", None), ("P-412b", "P-412")]
    gateway = ok("find_patches", repo=B, issue_id="IS-4115")
    assert [(p["patch_id"], p["contains_secret"]) for p in gateway] == [("P-415", True), ("P-416", False)]
    assert [p["patch_id"] for p in ok("find_patches", repo=W, kind="docs")] == ["P-550"]
    assert no("find_patches", repo=B, kind="hotfix") == (
        "Error: Kind must be one of fix, feature, test, docs, dependency"
    )
    assert no("find_patches", repo=B, issue_id="IS-1") == "Error: Issue IS-1 not found"


def test_pull_requests_runs_and_issues(ok, no):
    lockout = ok("get_pull_request", pr_id="PR-1109")
    assert lockout["touched_paths"] == ["src/auth/login.py"]
    assert [r["reviewer"] for r in lockout["reviews"]] == ["lin.wei", "mruiz"]
    assert ok("get_pull_request", pr_id="PR-1110")["ci_runs"] == ["RUN-7010", "RUN-7011", "RUN-7012"]
    assert ok("get_pull_request", pr_id="PR-1301")["touched_paths"] == ["dependencies.lock"]
    assert ok("get_pull_request", pr_id="PR-1090")["state"] == "merged"
    tax = ok("get_ci_run", run_id="RUN-7013")
    assert {c["suite"]: c["failed"] for c in tax["checks"]} == {"build": 0, "integration": 6, "lint": 4, "unit": 7}
    flaky = ok("get_ci_run", run_id="RUN-7001")
    assert [(f["test_id"], f["flaky"]) for f in flaky["failures"]] == [("T-1008", True)]
    assert no("get_ci_run", run_id="RUN-1") == "Error: CI run RUN-1 not found"
    rounding = ok("get_issue", issue_id="IS-4101")
    assert [p["pr_id"] for p in rounding["linked_pull_requests"]] == ["PR-1103"]
    assert rounding["fixed_by_patches"] == ["P-201", "P-202"]
    assert no("get_pull_request", pr_id="PR-1") == "Error: Pull request PR-1 not found"


def test_dependencies_packages_and_advisories(ok, no):
    pins = {d["package"]: d["version"] for d in ok("list_dependencies", repo=L, branch="main")}
    assert pins["fastjson"] == "2.3.1"
    assert ok("list_dependencies", repo=L, branch="deps/fastjson")[1]["version"] == "2.6.0"
    fastjson = ok("get_package", package="fastjson")
    assert [(r["version"], r["license"]) for r in fastjson["releases"]][-2:] == [
        ("2.6.0", "SSPL-1.0"),
        ("3.0.0", "SSPL-1.0"),
    ]
    assert [a["advisory_id"] for a in ok("get_advisories", package="fastjson", version="2.3.1")] == ["ADV-2025-0142"]
    assert [a["severity"] for a in ok("get_advisories", package="fastjson", version="2.5.1")] == ["medium"]
    assert ok("get_advisories", package="chartkit", version="1.8.2") == []
    assert no("get_advisories", package="fastjson", version="9.9.9") == "Error: Package fastjson has no release 9.9.9"
    assert no("get_package", package="leftpad") == "Error: Package leftpad not found"


def test_branches_and_patches(ok, no):
    branch = ok("create_branch", repo=B, from_branch="main", name="fix/session-timeout")
    assert branch["created_from"] == "main" and "P-398" in branch["patches"]
    assert no("create_branch", repo=B, from_branch="main", name="fix/session-timeout") == (
        "Error: Branch fix/session-timeout already exists in billing-service"
    )
    assert no("create_branch", repo=B, from_branch="main", name="Fix Session") == (
        "Error: A branch name is lower-case letters, digits, '.', '_', '-' and '/'"
    )
    where = dict(repo=B, branch="fix/session-timeout", username="jchen")
    assert no("apply_patch", **where, patch_id="P-412") == (
        "Error: Patch P-412 does not apply to src/auth/session.py on billing-service:fix/session-timeout: "
        "lines 11-12 differ from what it expects"
    )
    commit = ok("apply_patch", **where, patch_id="P-412b")
    assert (commit["sha"], commit["kind"], commit["author"]) == ("c200000", "patch", "jchen")
    assert no("apply_patch", **where, patch_id="P-412b") == (
        "Error: Patch P-412b is already applied on billing-service:fix/session-timeout"
    )
    assert no("apply_patch", **where, patch_id="P-210") == (
        "Error: Patch P-210 requires P-209, not applied on billing-service:fix/session-timeout"
    )
    assert (
        no("apply_patch", **where, patch_id="P-540") == "Error: Patch P-540 belongs to web-portal, not billing-service"
    )
    assert no("apply_patch", **dict(where, username="ghost"), patch_id="P-206") == "Error: User ghost not found"
    picked = ok("apply_patch", repo=B, branch="release/2.7", patch_id="P-198", username="lin.wei")
    assert picked["kind"] == "cherry_pick"


def test_the_hunk_arithmetic():
    files = [SourceFile(path="a.py", lines=["x = 1", "y = 2"])]
    patch = Patch(
        patch_id="P-1",
        repo="r",
        title="t",
        kind="fix",
        path="b.py",
        start_line=1,
        old_lines=["x = 1"],
        new_lines=["x = 3"],
        requires=[],
        conflicts_with=[],
        fixes=[],
        rebased_from=None,
        contains_secret=False,
    )
    with pytest.raises(ValueError, match="Patch P-1 changes b.py, which is not on r:main"):
        apply_hunk(files, patch, "r:main")
    assert apply_hunk(files, patch.model_copy(update={"path": "a.py"}), "r:main")[0].lines == ["x = 3", "y = 2"]
    second = patch.model_copy(update={"patch_id": "P-0", "requires": ["P-1"]})
    assert [p.patch_id for p in in_requires_order([second, patch])] == ["P-1", "P-0"]


def test_pull_requests_are_opened_reviewed_and_tested(ok, no):
    ok("create_branch", repo=B, from_branch="main", name="fix/negative-qty")
    for patch_id in ("P-206", "P-207"):
        ok("apply_patch", repo=B, branch="fix/negative-qty", patch_id=patch_id, username="dana.okafor")
    args = dict(repo=B, source="fix/negative-qty", target="main", title="Reject negative quantities")
    opened = ok("open_pull_request", **args, issue_ids=["IS-4107"], username="dana.okafor")
    assert (opened["pr_id"], opened["head"]) == ("PR-3001", "c200001")
    assert no("open_pull_request", **args, issue_ids=[], username="dana.okafor") == (
        "Error: An open pull request from fix/negative-qty to main already exists (PR-3001)"
    )
    assert no("open_pull_request", **dict(args, target="fix/negative-qty"), issue_ids=[], username="jchen") == (
        "Error: Source and target must be different branches"
    )
    assert no("open_pull_request", **dict(args, title=" "), issue_ids=[], username="jchen") == (
        "Error: A pull request needs a title"
    )
    assert no("open_pull_request", **dict(args, target="release/2.7"), issue_ids="IS-4107", username="jchen") == (
        "Error: issue_ids must be a list of issue ids"
    )
    assert no("open_pull_request", **dict(args, target="release/2.7"), issue_ids=["IS-5120"], username="jchen") == (
        "Error: Issue IS-5120 belongs to ledger-sync, not billing-service"
    )
    assert no("open_pull_request", **dict(args, source="fix/gateway-config"), issue_ids=[], username="jchen") == (
        "Error: Nothing to merge: fix/gateway-config brings nothing that main lacks"
    )
    run = ok("run_ci", pr_id="PR-3001")
    assert (run["run_id"], run["attempt"], run["failures"]) == ("RUN-9901", 1, [])
    review = ok("submit_review", pr_id="PR-3001", reviewer="lin.wei", verdict="approve", comment="Good.")
    assert (review["review_id"], review["commit"]) == ("RV-20001", "c200001")
    assert no("submit_review", pr_id="PR-3001", reviewer="lin.wei", verdict="lgtm", comment="x") == (
        "Error: Verdict must be one of approve, request_changes, comment"
    )
    assert no("submit_review", pr_id="PR-3001", reviewer="lin.wei", verdict="approve", comment="") == (
        "Error: A review needs a comment"
    )
    assert no("run_ci", pr_id="PR-1090") == "Error: Pull request PR-1090 is merged"


def test_a_flaky_test_passes_its_re_run_and_a_real_failure_does_not(ok):
    assert ok("run_ci", pr_id="PR-1101")["attempt"] == 2 and ok("get_ci_run", run_id="RUN-9901")["failures"] == []
    again = ok("run_ci", pr_id="PR-1102")
    assert [f["test_id"] for f in again["failures"]] == ["T-1007"]
    assert ok("run_ci", pr_id="PR-1110")["attempt"] == 4


def test_ci_evaluates_predicates_over_the_applied_patches():
    cases = [
        TestCase(
            test_id="T-1",
            repo="r",
            suite="unit",
            name="a",
            added_by=None,
            needs=["P-2"],
            broken_by=[],
            flaky=False,
            flake_runs=0,
        ),
        TestCase(
            test_id="T-2",
            repo="r",
            suite="unit",
            name="b",
            added_by="P-3",
            needs=[],
            broken_by=[],
            flaky=True,
            flake_runs=1,
        ),
    ]
    checks, failures = evaluate_ci(cases, ["build", "unit"], {"P-2", "P-3"}, 1)
    assert [(c.suite, c.conclusion, c.failed, c.total) for c in checks] == [
        ("build", "success", 0, 0),
        ("unit", "failure", 1, 2),
    ]
    assert [f.test_id for f in failures] == ["T-2"]
    assert evaluate_ci(cases, ["unit"], {"P-2", "P-3"}, 2)[1] == []
    assert [f.test_id for f in evaluate_ci(cases, ["unit"], set(), 2)[1]] == ["T-1"]


def test_merges_and_their_refusals(ok, no):
    merged = ok("merge_pull_request", pr_id="PR-1103", method="squash", username="lin.wei")
    assert (merged["state"], merged["merge_method"], merged["merged_by"]) == ("merged", "squash", "lin.wei")
    assert ok("get_repository", repo=B)["latest_merge"] == "PR-1103"
    lines = ok("read_file", repo=B, branch="main", path="src/invoices/totals.py", start_line=13, end_line=13)
    assert "ROUND_HALF_UP" in lines["lines"][0]["text"]
    assert no("merge_pull_request", pr_id="PR-1103", method="squash", username="lin.wei") == (
        "Error: Pull request PR-1103 is merged"
    )
    assert no("merge_pull_request", pr_id="PR-1105", method="fast-forward", username="lin.wei") == (
        "Error: Method must be one of squash, merge, rebase"
    )
    back = ok("merge_pull_request", pr_id="PR-1206", method="merge", username="ana.silva")
    assert back["merge_method"] == "merge"
    fastjson = ok("merge_pull_request", pr_id="PR-1301", method="squash", username="nadia.farouk")
    assert fastjson["state"] == "merged"
    pins = {d["package"]: d["version"] for d in ok("list_dependencies", repo=L, branch="main")}
    assert pins["fastjson"] == "2.6.0"


def test_a_merge_that_no_longer_applies_is_refused(ok, no):
    ok("apply_patch", repo=B, branch="fix/gateway-config", patch_id="P-416", username="dana.okafor")
    ok(
        "open_pull_request",
        repo=B,
        source="fix/gateway-config",
        target="main",
        title="Vault key",
        issue_ids=[],
        username="dana.okafor",
    )
    ok("create_branch", repo=B, from_branch="main", name="fix/gw2")
    ok("apply_patch", repo=B, branch="fix/gw2", patch_id="P-415", username="dana.okafor")
    ok("open_pull_request", repo=B, source="fix/gw2", target="main", title="Key", issue_ids=[], username="dana.okafor")
    ok("merge_pull_request", pr_id="PR-3001", method="squash", username="lin.wei")
    assert no("merge_pull_request", pr_id="PR-3002", method="squash", username="lin.wei") == (
        "Error: Patch P-415 does not apply to config/settings.py on billing-service:main (merge conflict): "
        "lines 4-4 differ from what it expects"
    )


def test_issues_are_updated(ok, no):
    changed = ok("update_issue", issue_id="IS-4131", labels=["bug", "billing", "bug"], assignee="dana.okafor")
    assert (changed["labels"], changed["assignee"], changed["state"]) == (["billing", "bug"], "dana.okafor", "open")
    assert ok("update_issue", issue_id="IS-4090", state="closed")["state"] == "closed"
    assert no("update_issue", issue_id="IS-4090") == "Error: Nothing to change: give a state, labels or an assignee"
    assert no("update_issue", issue_id="IS-4090", state="done") == "Error: State must be open or closed"
    assert no("update_issue", issue_id="IS-4090", labels="bug") == "Error: labels must be a list of label names"
    assert no("update_issue", issue_id="IS-4090", assignee="ghost") == "Error: User ghost not found"


def test_dependencies_are_bumped_on_a_branch(ok, no):
    args = dict(repo=L, branch="deps/fastjson", package="fastjson", username="nadia.farouk")
    commit = ok("bump_dependency", **args, version="2.5.1")
    assert (commit["kind"], commit["message"]) == ("dependency", "Bump fastjson from 2.6.0 to 2.5.1")
    assert ok("get_pull_request", pr_id="PR-1301")["head"] == commit["sha"]
    assert no("bump_dependency", **args, version="2.5.1") == (
        "Error: fastjson is already at 2.5.1 on ledger-sync:deps/fastjson"
    )
    assert no("bump_dependency", **args, version="2.9.9") == "Error: Package fastjson has no release 2.9.9"
    assert no("bump_dependency", **dict(args, package="pdfgen"), version="0.9.0") == (
        "Error: pdfgen is not a dependency of ledger-sync:deps/fastjson"
    )


def test_releases_are_tagged_by_level(ok, no):
    tag = ok("tag_release", repo=W, level="minor", username="ana.silva")
    assert (tag["tag_key"], tag["version"]) == ("web-portal@4.13.0", "4.13.0")
    assert ok("get_repository", repo=W)["unreleased_patches"] == []
    assert ok("tag_release", repo=L, level="patch", username="nadia.farouk")["version"] == "1.4.10"
    assert (
        no("tag_release", repo=B, level="huge", username="lin.wei") == "Error: Level must be one of patch, minor, major"
    )


def test_versions_and_advisory_ranges():
    assert parse_version("2.7.3") < parse_version("2.10.0")
    with pytest.raises(ValueError, match="A version is written MAJOR.MINOR.PATCH, e.g. 2.8.0"):
        parse_version("2.7")
    assert affected("2.3.1", "2.0.0", "2.3.5") and not affected("2.3.5", "2.0.0", "2.3.5")
    assert affected("9.0.0", "2.5.1", None)
    assert (bumped("2.7.3", "patch"), bumped("2.7.3", "minor"), bumped("2.7.3", "major")) == ("2.7.4", "2.8.0", "3.0.0")
    assert next_version("2.7.3", {"feature", "fix"}) == "2.8.0" and next_version("1.4.9", {"fix"}) == "1.4.10"
    assert next_version("1.4.9", {"docs", "test"}) is None
