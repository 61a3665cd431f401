"""The developer platform's database: engineers, repositories with their branches (files as
line arrays, applied patches, dependencies) and commits, the patch catalog, pull requests and
their reviews, CI runs over test cases that are predicates on the applied patches, issues,
packages with their releases and licences, security advisories and release tags."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

Role = Literal["read", "triage", "write", "maintain", "admin"]
PatchKind = Literal["fix", "feature", "test", "docs", "dependency"]
Verdict = Literal["approve", "request_changes", "comment"]
Severity = Literal["low", "medium", "high", "critical"]


class User(BaseModel):
    username: str
    name: str
    email: str
    team: str
    status: Literal["active", "suspended"]


class Member(BaseModel):
    username: Annotated[str, RefersTo("users")]
    role: Role


class CodeOwner(BaseModel):
    path: str  # a path prefix, e.g. "src/invoices/"; the longest matching prefix owns a file
    owners: Annotated[list[Annotated[str, RefersTo("users")]], Unordered()]


class Repository(BaseModel):
    repo: str
    description: str
    default_branch: str
    version: str  # the latest release tagged from the default branch, MAJOR.MINOR.PATCH
    protected_branches: Annotated[list[str], Unordered()]
    required_checks: Annotated[list[str], Unordered()]  # CI suites that must pass before a merge
    codeowners: Annotated[list[CodeOwner], Ordered("as written in the CODEOWNERS file")]
    members: Annotated[list[Member], Unordered()]
    released_patches: Annotated[list[Annotated[str, RefersTo("patches")]], Unordered()]  # in the latest release
    latest_merge: Optional[Annotated[str, RefersTo("pull_requests")]]  # into the default branch


class SourceFile(BaseModel):
    path: str
    lines: Annotated[list[str], Ordered("the file's lines, first to last")]


class Dependency(BaseModel):
    package: Annotated[str, RefersTo("packages")]
    version: str


class Branch(BaseModel):
    branch_key: str  # <repo>:<branch>
    repo: Annotated[str, RefersTo("repositories")]
    name: str
    head: Annotated[str, RefersTo("commits")]
    created_from: Optional[str]
    patches: Annotated[list[Annotated[str, RefersTo("patches")]], Unordered()]  # catalog patches applied
    files: Annotated[list[SourceFile], Ordered("by path")]
    dependencies: Annotated[list[Dependency], Ordered("by package name")]


class Commit(BaseModel):
    sha: str
    repo: Annotated[str, RefersTo("repositories")]
    branch: str
    parent: Optional[Annotated[str, RefersTo("commits")]]
    author: Annotated[str, RefersTo("users")]
    kind: Literal["initial", "patch", "cherry_pick", "dependency", "squash", "merge", "rebase"]
    message: str
    patch_id: Optional[Annotated[str, RefersTo("patches")]]
    date: str


class Patch(BaseModel):
    patch_id: str
    repo: Annotated[str, RefersTo("repositories")]
    title: str
    kind: PatchKind
    path: str  # the file it changes
    start_line: int  # the first line it replaces (1-based)
    old_lines: Annotated[list[str], Ordered("the lines it expects, first to last")]
    new_lines: Annotated[list[str], Ordered("the lines it writes, first to last")]
    requires: Annotated[list[Annotated[str, RefersTo("patches")]], Unordered()]
    conflicts_with: Annotated[list[Annotated[str, RefersTo("patches")]], Unordered()]
    fixes: Annotated[list[Annotated[str, RefersTo("issues")]], Unordered()]
    rebased_from: Optional[Annotated[str, RefersTo("patches")]]  # the catalog patch this one is a rebase of
    contains_secret: bool


class TestCase(BaseModel):
    __test__: ClassVar[bool] = False  # not a pytest class
    test_id: str
    repo: Annotated[str, RefersTo("repositories")]
    suite: str
    name: str
    added_by: Optional[Annotated[str, RefersTo("patches")]]  # exists only once this patch is applied
    needs: Annotated[list[Annotated[str, RefersTo("patches")]], Unordered()]  # passes only with all of these
    broken_by: Annotated[list[Annotated[str, RefersTo("patches")]], Unordered()]  # fails with any of these
    flaky: bool
    flake_runs: int  # how many first runs of a commit a flaky test fails although its code is right


class CheckResult(BaseModel):
    suite: str
    conclusion: Literal["success", "failure"]
    failed: int
    total: int


class FailedTest(BaseModel):
    test_id: str
    suite: str
    name: str
    flaky: bool


class CiRun(BaseModel):
    noun: ClassVar[str] = "CI run"
    run_id: str
    repo: Annotated[str, RefersTo("repositories")]
    pr_id: Annotated[str, RefersTo("pull_requests")]
    commit: Annotated[str, RefersTo("commits")]
    attempt: int  # 1 for a commit's first run, 2 for its first re-run, ...
    date: str
    checks: Annotated[list[CheckResult], Ordered("by suite name")]
    failures: Annotated[list[FailedTest], Ordered("by test id")]


class PullRequest(BaseModel):
    pr_id: str
    repo: Annotated[str, RefersTo("repositories")]
    title: str
    author: Annotated[str, RefersTo("users")]
    source_branch: str
    target_branch: str
    head: Annotated[str, RefersTo("commits")]
    state: Literal["open", "merged", "closed"]
    issue_ids: Annotated[list[Annotated[str, RefersTo("issues")]], Unordered()]
    opened: str
    merged_by: Optional[Annotated[str, RefersTo("users")]]
    merge_method: Optional[Literal["squash", "merge", "rebase"]]
    merge_commit: Optional[Annotated[str, RefersTo("commits")]]


class Review(BaseModel):
    review_id: str
    pr_id: Annotated[str, RefersTo("pull_requests")]
    reviewer: Annotated[str, RefersTo("users")]
    verdict: Verdict
    commit: Annotated[str, RefersTo("commits")]
    date: str
    comment: str


class Issue(BaseModel):
    issue_id: str
    repo: Annotated[str, RefersTo("repositories")]
    title: str
    priority: Literal["P0", "P1", "P2", "P3"]
    state: Literal["open", "closed"]
    labels: Annotated[list[str], Unordered()]
    assignee: Optional[Annotated[str, RefersTo("users")]]
    reporter: Annotated[str, RefersTo("users")]
    opened: str


class PackageRelease(BaseModel):
    version: str
    license: str
    released: str


class Package(BaseModel):
    name: str
    ecosystem: str
    releases: Annotated[list[PackageRelease], Ordered("oldest first")]


class Advisory(BaseModel):
    advisory_id: str
    package: Annotated[str, RefersTo("packages")]
    introduced: str  # the first affected version
    fixed: Optional[str]  # the first version no longer affected; None: every later version is affected
    severity: Severity
    cvss: float
    summary: str


class Tag(BaseModel):
    tag_key: str  # <repo>@<version>
    repo: Annotated[str, RefersTo("repositories")]
    version: str
    commit: Annotated[str, RefersTo("commits")]
    tagged_by: Annotated[str, RefersTo("users")]
    date: str


class EngineeringDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str
    now: str
    next_commit_number: int
    next_pr_number: int
    next_review_number: int
    next_run_number: int
    users: dict[str, User]
    repositories: dict[str, Repository]
    branches: dict[str, Branch]
    commits: dict[str, Commit]
    patches: dict[str, Patch]
    test_cases: dict[str, TestCase]
    pull_requests: dict[str, PullRequest]
    reviews: dict[str, Review]
    ci_runs: dict[str, CiRun]
    issues: dict[str, Issue]
    packages: dict[str, Package]
    advisories: dict[str, Advisory]
    tags: dict[str, Tag]


# ---- views the tools return (computed, never stored)


class RoleOn(BaseModel):
    repo: str
    role: Role


class UserView(BaseModel):
    username: str
    name: str
    email: str
    team: str
    status: str
    roles: Annotated[list[RoleOn], Ordered("by repository")]


class PatchOnPr(BaseModel):
    patch_id: str
    kind: str
    path: str
    title: str


class BranchSummary(BaseModel):
    name: str
    head: str
    protected: bool
    patches: Annotated[list[str], Unordered()]


class PullSummary(BaseModel):
    pr_id: str
    title: str
    author: str
    state: str
    source_branch: str
    target_branch: str


class RepositoryView(BaseModel):
    repo: str
    description: str
    default_branch: str
    version: str
    protected_branches: Annotated[list[str], Unordered()]
    required_checks: Annotated[list[str], Unordered()]
    codeowners: Annotated[list[CodeOwner], Ordered("as written in the CODEOWNERS file")]
    members: Annotated[list[Member], Unordered()]
    latest_merge: Optional[str]
    unreleased_patches: Annotated[list[PatchOnPr], Ordered("by patch id")]  # on the default branch since the release
    branches: Annotated[list[BranchSummary], Ordered("by name")]
    open_pull_requests: Annotated[list[PullSummary], Ordered("by number")]


class FileLine(BaseModel):
    number: int
    text: str


class FileExcerpt(BaseModel):
    repo: str
    branch: str
    path: str
    total_lines: int
    lines: Annotated[list[FileLine], Ordered("by line number")]


class CodeMatch(BaseModel):
    path: str
    number: int
    text: str


class PullRequestView(BaseModel):
    pr_id: str
    repo: str
    title: str
    author: str
    source_branch: str
    target_branch: str
    head: str
    state: str
    issue_ids: Annotated[list[str], Unordered()]
    opened: str
    merged_by: Optional[str]
    merge_method: Optional[str]
    merge_commit: Optional[str]
    patches: Annotated[list[PatchOnPr], Ordered("by patch id")]  # on the source branch, not on the target
    touched_paths: Annotated[list[str], Ordered("by path")]
    reviews: Annotated[list[Review], Ordered("oldest first")]
    ci_runs: Annotated[list[str], Ordered("oldest first")]  # every run on the head commit


class IssueView(BaseModel):
    issue_id: str
    repo: str
    title: str
    priority: str
    state: str
    labels: Annotated[list[str], Unordered()]
    assignee: Optional[str]
    reporter: str
    opened: str
    linked_pull_requests: Annotated[list[PullSummary], Ordered("by number")]
    fixed_by_patches: Annotated[list[str], Ordered("by patch id")]
