"""The platform desk's numbered policy rules as checks over a task's gold trace (see
gold_trace.py), on the kit's checks of the rules every policy has. ``merge_blockers`` says,
from the database a merge finds, what rules 9 to 11 hold against it."""

import json
from datetime import date, timedelta
from typing import Iterator, Optional

from taubench.domains.engineering.models import EngineeringDB, PullRequest
from taubench.domains.engineering.tools import apply_hunk, branch_key
from taubench.domains.engineering.versions import affected, next_version, parse_version
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said
from taubench.domains.subject import instruction_text

Trace = GoldTrace[EngineeringDB]
Step = GoldStep[EngineeringDB]

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}

OPEN_TOOLS = {"get_user", "calculate", "transfer_to_human_agents"}
RANK = {"read": 0, "triage": 1, "write": 2, "maintain": 3, "admin": 4}
ACTOR = {
    "apply_patch": "username",
    "open_pull_request": "username",
    "merge_pull_request": "username",
    "bump_dependency": "username",
    "tag_release": "username",
    "submit_review": "reviewer",
}
TABLES = ["users", "repositories", "patches", "pull_requests", "issues", "packages"]
APPROVALS, DOCS_APPROVALS = 2, 1
APPROVAL_DAYS = 14
MOST_RUNS = 3
SEVERE = ("high", "critical")
LICENCES = ("MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0")


def verifies(trace: Trace, step: Step) -> bool:
    """Whether the step verified a caller: a look-up of an active account whose e-mail the caller gave."""
    if step.name != "get_user" or step.error:
        return False
    account = json.loads(step.observation)
    return bool(account["status"] == "active" and account["email"] in instruction_text(trace.task))


def callers(trace: Trace) -> list[Optional[str]]:
    """The verified caller at each step: the last one a step verified."""
    caller: Optional[str] = None
    found = []
    for step in trace.steps:
        found.append(caller)
        if verifies(trace, step):
            caller = step.arguments["username"]
    return found


def role_of(db: EngineeringDB, repo: str, username: Optional[str]) -> int:
    record = db.repositories.get(repo)
    roles = [RANK[m.role] for m in record.members if m.username == username] if record else []
    return max(roles, default=-1)


def repo_of(step: Step) -> str:
    args, db = step.arguments, step.before
    if "repo" in args:
        return args["repo"]
    if "pr_id" in args and args["pr_id"] in db.pull_requests:
        return db.pull_requests[args["pr_id"]].repo
    if "issue_id" in args and args["issue_id"] in db.issues:
        return db.issues[args["issue_id"]].repo
    return ""


def _with_callers(trace: Trace, *tools: str) -> Iterator[tuple[Step, str]]:
    for step, caller in zip(trace.steps, callers(trace)):
        if step.name in tools and not step.error:
            yield step, caller or ""


def _index(trace: Trace, step: Step) -> int:
    return next(index for index, other in enumerate(trace.steps) if other is step)


def merge_blockers(db: EngineeringDB, pr_id: str) -> list[str]:
    """What rules 9 to 11 hold against merging the pull request into its protected target, as
    sentences (none: it may merge)."""
    pr: PullRequest = db.pull_requests[pr_id]
    repo = db.repositories[pr.repo]
    if pr.target_branch not in repo.protected_branches:
        return []
    source = db.branches[branch_key(pr.repo, pr.source_branch)]
    target = db.branches[branch_key(pr.repo, pr.target_branch)]
    patches = [db.patches[p] for p in sorted(set(source.patches) - set(target.patches))]
    paths = {p.path for p in patches}
    if source.dependencies != target.dependencies:
        paths.add("dependencies.lock")
    docs_only = bool(patches) and all(p.kind == "docs" for p in patches) and "dependencies.lock" not in paths
    verdicts: dict[str, tuple[str, str]] = {}
    for review in sorted((r for r in db.reviews.values() if r.pr_id == pr_id), key=lambda r: r.review_id):
        if review.verdict != "comment":
            verdicts[review.reviewer] = (review.verdict, review.date)
    oldest = (date.fromisoformat(db.today) - timedelta(days=APPROVAL_DAYS)).isoformat()
    counted = sorted(
        reviewer
        for reviewer, (verdict, day) in verdicts.items()
        if verdict == "approve" and day >= oldest and reviewer != pr.author and role_of(db, pr.repo, reviewer) >= 2
    )
    blockers = []
    needed = DOCS_APPROVALS if docs_only else APPROVALS
    if len(counted) < needed:
        blockers.append(f"{pr_id} has {len(counted)} counted approvals of {needed}")
    for path in sorted(paths):
        owners = max(
            (entry for entry in repo.codeowners if entry.path == "*" or path.startswith(entry.path)),
            key=lambda entry: 0 if entry.path == "*" else len(entry.path),
        ).owners
        if not set(owners) & set(counted):
            blockers.append(f"{pr_id} lacks a code owner's approval for {path} ({', '.join(owners)})")
    blockers += [f"{pr_id} has a change request from {r}" for r, (v, _) in verdicts.items() if v == "request_changes"]
    runs = sorted((r for r in db.ci_runs.values() if r.commit == pr.head), key=lambda r: r.attempt)
    if not runs:
        blockers.append(f"{pr_id} has no CI run on its head commit {pr.head}")
    else:
        green = {c.suite for c in runs[-1].checks if c.conclusion == "success"}
        red = sorted(set(repo.required_checks) - green)
        if red:
            blockers.append(f"{pr_id}'s latest run {runs[-1].run_id} fails required checks {', '.join(red)}")
    return blockers


@RULES.trace(1)
def caller_verified_first(trace: Trace) -> list[str]:
    violations = identified_first(
        trace,
        identifies=lambda step: ["caller"] if verifies(trace, step) else [],
        concerns=lambda step: [] if step.name in OPEN_TOOLS else ["caller"],
        who="a verified active engineer",
    )
    for step, caller in _with_callers(trace, *ACTOR):
        if step.arguments[ACTOR[step.name]] != caller:
            violations.append(f"{step.name} made as {step.arguments[ACTOR[step.name]]}, not the caller {caller}")
    return violations


@RULES.trace(2)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, TABLES))


def _needed(step: Step) -> int:
    db, args = step.before, step.arguments
    if step.name == "update_issue":
        return RANK["triage"]
    if step.name == "tag_release":
        return RANK["maintain"]
    if step.name == "apply_patch" and args["branch"].startswith("release/"):
        return RANK["maintain"]
    if step.name == "merge_pull_request":
        pr = db.pull_requests[args["pr_id"]]
        protected = pr.target_branch in db.repositories[pr.repo].protected_branches
        return RANK["maintain"] if protected else RANK["write"]
    return RANK["write"]


@RULES.trace(3)
def role_suffices(trace: Trace) -> list[str]:
    violations = []
    for step, caller in _with_callers(trace, *(s.name for s in trace.writes)):
        if step.name == "transfer_to_human_agents":
            continue
        if role_of(step.before, repo_of(step), caller) < _needed(step):
            violations.append(f"{caller} lacks the role for {step.name} on {repo_of(step)}")
    return violations


@RULES.each(4, "apply_patch", "bump_dependency", done=True)
def no_direct_commits(step: Step, trace: Trace) -> Iterator[str]:
    repo = step.before.repositories[step.arguments["repo"]]
    name = step.arguments["branch"]
    if name in repo.protected_branches and not (step.name == "apply_patch" and name.startswith("release/")):
        yield f"{step.name} straight onto protected {repo.repo}:{name}"


@RULES.trace(5)
def features_with_tests(trace: Trace) -> list[str]:
    violations = []
    end = trace.steps[-1].after if trace.steps else None
    for step in trace.done("apply_patch"):
        patch = step.before.patches[step.arguments["patch_id"]]
        if patch.kind != "feature" or end is None:
            continue
        tests = [p.patch_id for p in end.patches.values() if p.kind == "test" and patch.patch_id in p.requires]
        on_branch = end.branches[branch_key(step.arguments["repo"], step.arguments["branch"])].patches
        if tests and not set(tests) & set(on_branch):
            violations.append(f"feature {patch.patch_id} applied without its test patch {', '.join(tests)}")
    return violations


@RULES.each(6, "apply_patch", done=True)
def rebased_only_as_fallback(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    patch = db.patches[step.arguments["patch_id"]]
    if patch.rebased_from is None:
        return
    original = db.patches[patch.rebased_from]
    found = db.branches[branch_key(step.arguments["repo"], step.arguments["branch"])]
    try:
        apply_hunk(found.files, original, "the branch")
    except ValueError:
        return
    yield f"{patch.patch_id} applied although {original.patch_id} itself applies"


@RULES.trace(7)
def secrets_go_to_security(trace: Trace) -> list[str]:
    violations = [
        f"{step.arguments['patch_id']} carries a secret and was applied"
        for step in trace.done("apply_patch")
        if step.before.patches[step.arguments["patch_id"]].contains_secret
    ]
    return violations + hand_offs(trace)


@RULES.trace(8)
def reviews_by_others(trace: Trace) -> list[str]:
    violations = []
    for step, _ in _with_callers(trace, "submit_review"):
        pr = step.before.pull_requests[step.arguments["pr_id"]]
        if step.arguments["reviewer"] == pr.author:
            violations.append(f"{pr.author} reviewed their own {pr.pr_id}")
        if role_of(step.before, pr.repo, step.arguments["reviewer"]) < RANK["write"]:
            violations.append(f"{step.arguments['reviewer']} reviewed {pr.pr_id} without write")
    return violations


def _merge_blocked(step: Step, words: tuple[str, ...]) -> Iterator[str]:
    for blocker in merge_blockers(step.before, step.arguments["pr_id"]):
        if any(word in blocker for word in words):
            yield blocker


@RULES.each(9, "merge_pull_request", done=True)
def enough_approvals(step: Step, trace: Trace) -> Iterator[str]:
    yield from _merge_blocked(step, ("counted approvals",))


@RULES.each(10, "merge_pull_request", done=True)
def owners_and_no_change_requests(step: Step, trace: Trace) -> Iterator[str]:
    yield from _merge_blocked(step, ("code owner", "change request"))


@RULES.each(11, "merge_pull_request", done=True)
def checks_green(step: Step, trace: Trace) -> Iterator[str]:
    yield from _merge_blocked(step, ("CI run", "required checks"))


@RULES.each(12, "apply_patch", done=True)
def release_branches_take_merged_fixes(step: Step, trace: Trace) -> Iterator[str]:
    if not step.arguments["branch"].startswith("release/"):
        return
    db = step.before
    patch = db.patches[step.arguments["patch_id"]]
    default = db.branches[branch_key(patch.repo, db.repositories[patch.repo].default_branch)]
    if patch.kind != "fix" or patch.patch_id not in default.patches:
        yield f"{patch.patch_id} ({patch.kind}) cherry-picked onto a release branch without being a merged fix"


@RULES.each(13, "merge_pull_request", done=True)
def squash_by_default(step: Step, trace: Trace) -> Iterator[str]:
    pr = step.before.pull_requests[step.arguments["pr_id"]]
    default = step.before.repositories[pr.repo].default_branch
    back_merge = pr.source_branch.startswith("release/") and pr.target_branch == default
    if step.arguments["method"] != ("merge" if back_merge else "squash"):
        yield f"{pr.pr_id} merged by {step.arguments['method']}"


@RULES.each(14, "run_ci", done=True)
def reruns_only_for_flakes(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    pr = db.pull_requests[step.arguments["pr_id"]]
    runs = sorted((r for r in db.ci_runs.values() if r.commit == pr.head), key=lambda r: r.attempt)
    required = set(db.repositories[pr.repo].required_checks)
    if runs and required <= {c.suite for c in runs[-1].checks if c.conclusion == "success"}:
        yield f"{pr.pr_id} run again although {runs[-1].run_id} on {pr.head} is green"
    elif len(runs) >= MOST_RUNS:
        yield f"a run number {len(runs) + 1} on {pr.head}"
    elif runs and any(not failure.flaky for failure in runs[-1].failures):
        yield f"{pr.pr_id} re-run over a failure that is not flaky"


def _bumps(trace: Trace) -> Iterator[tuple[Step, str, str]]:
    for step in trace.done("bump_dependency"):
        found = step.before.branches[branch_key(step.arguments["repo"], step.arguments["branch"])]
        current = next(d.version for d in found.dependencies if d.package == step.arguments["package"])
        yield step, current, step.arguments["version"]


def allowed(db: EngineeringDB, package: str, version: str) -> bool:
    """Rules 15 and 17: no high or critical advisory affects the release and its licence is allowed."""
    release = next(r for r in db.packages[package].releases if r.version == version)
    severe = any(
        a.package == package and a.severity in SEVERE and affected(version, a.introduced, a.fixed)
        for a in db.advisories.values()
    )
    return release.license in LICENCES and not severe


def best_release(db: EngineeringDB, package: str, current: str) -> Optional[str]:
    """The highest allowed release of the current major version."""
    major = parse_version(current)[0]
    fits = [
        r.version
        for r in db.packages[package].releases
        if parse_version(r.version)[0] == major and allowed(db, package, r.version)
    ]
    return max(fits, key=parse_version, default=None)


@RULES.trace(15)
def no_severe_advisories(trace: Trace) -> list[str]:
    violations = []
    for step, current, version in _bumps(trace):
        package = step.arguments["package"]
        if version != best_release(step.before, package, current):
            violations.append(f"{package} pinned to {version}, not the highest allowed release of its major")
    return violations


@RULES.trace(16)
def no_major_bumps(trace: Trace) -> list[str]:
    return [
        f"{step.arguments['package']} bumped across majors, {current} to {version}"
        for step, current, version in _bumps(trace)
        if parse_version(current)[0] != parse_version(version)[0]
    ]


@RULES.trace(17)
def allowed_licences(trace: Trace) -> list[str]:
    violations = []
    for step, _, version in _bumps(trace):
        package = step.before.packages[step.arguments["package"]]
        licence = next(r.license for r in package.releases if r.version == version)
        if licence not in LICENCES:
            violations.append(f"{package.name} {version} is licensed {licence}")
    return violations


@RULES.each(18, "update_issue", done=True)
def closed_by_merged_work(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments.get("state") != "closed":
        return
    issue_id = step.arguments["issue_id"]
    if not any(pr.state == "merged" and issue_id in pr.issue_ids for pr in step.before.pull_requests.values()):
        yield f"{issue_id} closed with no merged pull request linking it"


@RULES.trace(19)
def incidents_to_on_call(trace: Trace) -> list[str]:
    violations = [
        f"P0 {step.arguments['issue_id']} changed"
        for step in trace.done("update_issue")
        if step.before.issues[step.arguments["issue_id"]].priority == "P0"
    ]
    return violations + hand_offs(trace)


@RULES.each(20, "update_issue", done=True)
def assignees_can_work(step: Step, trace: Trace) -> Iterator[str]:
    assignee = step.arguments.get("assignee")
    if assignee is None:
        return
    db = step.before
    user = db.users[assignee]
    if user.status != "active" or role_of(db, db.issues[step.arguments["issue_id"]].repo, assignee) < RANK["write"]:
        yield f"{step.arguments['issue_id']} assigned to {assignee}, who cannot work on it"


@RULES.each(21, "tag_release", done=True)
def versions_follow_the_changes(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    repo = db.repositories[step.arguments["repo"]]
    default = db.branches[branch_key(repo.repo, repo.default_branch)]
    kinds: set[str] = {db.patches[p].kind for p in set(default.patches) - set(repo.released_patches)}
    expected = next_version(repo.version, kinds)
    made = step.after.repositories[repo.repo].version
    if made != expected:
        yield f"{repo.repo} tagged {made}; its changes since {repo.version} make {expected}"


__all__ = ["CONVERSATIONAL", "RULES", "allowed", "best_release", "merge_blockers", "said"]
