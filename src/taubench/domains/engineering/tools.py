"""The developer platform's desk: look-ups of engineers, repositories, files, the patch
catalog, pull requests, CI runs, issues, dependencies, packages and advisories, and the writes
the platform takes: branches, patches applied as commits, pull requests, reviews, CI runs,
merges, issue updates, dependency bumps and release tags. The tools check what the platform
checks (existence, state, that a patch's expected lines are there, that its requirements are
applied, version order); roles, branch protection, review counts, CI re-run limits, advisories,
licences, secrets and hand-offs are the policy's, so the agent's."""

import re
from typing import Annotated, Iterable, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.engineering.models import (
    Advisory,
    Branch,
    BranchSummary,
    CheckResult,
    CiRun,
    CodeMatch,
    Commit,
    Dependency,
    EngineeringDB,
    FailedTest,
    FileExcerpt,
    FileLine,
    Issue,
    IssueView,
    Package,
    Patch,
    PatchOnPr,
    PullRequest,
    PullRequestView,
    PullSummary,
    Repository,
    RepositoryView,
    Review,
    RoleOn,
    SourceFile,
    Tag,
    TestCase,
    UserView,
)
from taubench.domains.engineering.versions import LEVELS, affected, bumped
from taubench.domains.kit import RecordDesk
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

KINDS = ("fix", "feature", "test", "docs", "dependency")
VERDICTS = ("approve", "request_changes", "comment")
METHODS = ("squash", "merge", "rebase")
STATES = ("open", "closed")
BRANCH_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)*$")


def branch_key(repo: str, name: str) -> str:
    return f"{repo}:{name}"


def apply_hunk(files: list[SourceFile], patch: Patch, where: str) -> list[SourceFile]:
    """The files with the patch's hunk applied; refused unless its expected lines are there."""
    target = next((f for f in files if f.path == patch.path), None)
    if target is None:
        raise ValueError(f"Patch {patch.patch_id} changes {patch.path}, which is not on {where}")
    first = patch.start_line - 1
    last = first + len(patch.old_lines)
    if target.lines[first:last] != patch.old_lines:
        raise ValueError(
            f"Patch {patch.patch_id} does not apply to {patch.path} on {where}: "
            f"lines {patch.start_line}-{last} differ from what it expects"
        )
    lines = [*target.lines[:first], *patch.new_lines, *target.lines[last:]]
    return [SourceFile(path=f.path, lines=lines) if f.path == patch.path else f for f in files]


def in_requires_order(patches: list[Patch]) -> list[Patch]:
    """Patches ordered so that each comes after those it requires (ties by patch id)."""
    pending = sorted(patches, key=lambda p: p.patch_id)
    ids = {p.patch_id for p in pending}
    done: list[Patch] = []
    placed: set[str] = set()
    while pending:
        ready = next(p for p in pending if all(r in placed or r not in ids for r in p.requires))
        done.append(ready)
        placed.add(ready.patch_id)
        pending.remove(ready)
    return done


def evaluate_ci(
    cases: Iterable[TestCase], required: list[str], applied: set[str], attempt: int
) -> tuple[list[CheckResult], list[FailedTest]]:
    """Each suite's result and the failed tests of a run on a commit with these patches: a test
    exists once the patch adding it is applied, passes when every patch it needs is applied and
    none that breaks it is, and a flaky one fails its commit's first ``flake_runs`` runs anyway."""
    failures: list[FailedTest] = []
    totals: dict[str, list[int]] = {suite: [0, 0] for suite in required}
    for case in cases:
        if case.added_by is not None and case.added_by not in applied:
            continue
        passes = set(case.needs) <= applied and not set(case.broken_by) & applied
        if passes and case.flaky and attempt <= case.flake_runs:
            passes = False
        counts = totals.setdefault(case.suite, [0, 0])
        counts[1] += 1
        if not passes:
            counts[0] += 1
            failures.append(FailedTest(test_id=case.test_id, suite=case.suite, name=case.name, flaky=case.flaky))
    checks = [
        CheckResult(suite=suite, conclusion="failure" if failed else "success", failed=failed, total=total)
        for suite, (failed, total) in sorted(totals.items())
    ]
    return checks, sorted(failures, key=lambda f: f.test_id)


class EngineeringTools(RecordDesk):
    db: EngineeringDB

    def _branch(self, repo: str, name: str) -> Branch:
        self._get("repositories", repo)
        found = self.db.branches.get(branch_key(repo, name)) if isinstance(name, str) else None
        if found is None:
            raise ValueError(f"Branch {name} not found in {repo}")
        return found

    def _user(self, username: str) -> None:
        self._get("users", username)

    def _open_pr(self, pr_id: str) -> PullRequest:
        pr: PullRequest = self._get("pull_requests", pr_id)
        if pr.state != "open":
            raise ValueError(f"Pull request {pr_id} is {pr.state}")
        return pr

    def _commit(self, repo: str, branch: str, parent: str, author: str, kind: str, message: str, patch_id=None) -> str:
        sha = f"c{self.db.next_commit_number:06x}"
        self.db.next_commit_number += 1
        self.db.commits[sha] = Commit(
            sha=sha,
            repo=repo,
            branch=branch,
            parent=parent,
            author=author,
            kind=kind,
            message=message,
            patch_id=patch_id,
            date=self.db.today,
        )
        return sha

    def _move_head(self, branch: Branch, sha: str) -> None:
        """The branch's head, and the head of every open pull request from it."""
        branch.head = sha
        moved = [
            pr.pr_id
            for pr in self.db.pull_requests.values()
            if pr.state == "open" and pr.repo == branch.repo and pr.source_branch == branch.name
        ]
        for pr_id in moved:
            self.db.pull_requests[pr_id].head = sha

    def _runs_on(self, commit: str) -> list[CiRun]:
        return sorted((r for r in self.db.ci_runs.values() if r.commit == commit), key=lambda r: r.attempt)

    def _summary(self, pr: PullRequest) -> PullSummary:
        return PullSummary(
            pr_id=pr.pr_id,
            title=pr.title,
            author=pr.author,
            state=pr.state,
            source_branch=pr.source_branch,
            target_branch=pr.target_branch,
        )

    # ---- reads ----

    @tool("read")
    def get_user(self, username: str) -> UserView:
        """An engineer's account: name, work e-mail, team, status and their role on each repository. Identify every
        caller with it first.

        Args:
            username: The platform username, e.g. "dana.okafor".
        """
        user = self._get("users", username)
        mine = [
            RoleOn(repo=r.repo, role=m.role)
            for r in sorted(self.db.repositories.values(), key=lambda r: r.repo)
            for m in r.members
            if m.username == username
        ]
        return UserView(
            username=user.username, name=user.name, email=user.email, team=user.team, status=user.status, roles=mine
        )

    @tool("read")
    def get_repository(self, repo: str) -> RepositoryView:
        """A repository: default branch, released version, protected branches, required CI checks, CODEOWNERS, members
        with their roles, branches and open pull requests.

        Args:
            repo: The repository name, e.g. "billing-service".
        """
        record: Repository = self._get("repositories", repo)
        branches = sorted((b for b in self.db.branches.values() if b.repo == repo), key=lambda b: b.name)
        default = next(b for b in branches if b.name == record.default_branch)
        open_prs = sorted(
            (pr for pr in self.db.pull_requests.values() if pr.repo == repo and pr.state == "open"),
            key=lambda pr: int(pr.pr_id.split("-")[1]),
        )
        unreleased = [self.db.patches[p] for p in sorted(set(default.patches) - set(record.released_patches))]
        view = record.model_dump(exclude={"released_patches"})
        return RepositoryView(
            **view,
            unreleased_patches=[
                PatchOnPr(patch_id=p.patch_id, kind=p.kind, path=p.path, title=p.title) for p in unreleased
            ],
            branches=[
                BranchSummary(
                    name=b.name, head=b.head, protected=b.name in record.protected_branches, patches=b.patches
                )
                for b in branches
            ],
            open_pull_requests=[self._summary(pr) for pr in open_prs],
        )

    @tool("read")
    def read_file(
        self, repo: str, branch: str, path: str, start_line: int = 1, end_line: Optional[int] = None
    ) -> FileExcerpt:
        """Lines of a file at the head of a branch, numbered from 1.

        Args:
            repo: The repository.
            branch: The branch, e.g. "main" or "release/2.7".
            path: The file's path, e.g. "src/invoices/totals.py".
            start_line: The first line to show (default 1).
            end_line: The last line to show (default: the end of the file).
        """
        found = self._branch(repo, branch)
        source = next((f for f in found.files if f.path == path), None)
        if source is None:
            raise ValueError(f"File {path} not found on {repo}:{branch}")
        last = len(source.lines) if end_line is None else end_line
        if not isinstance(start_line, int) or not isinstance(last, int) or start_line < 1 or last < start_line:
            raise ValueError("start_line must be at least 1 and not after end_line")
        lines = [
            FileLine(number=n, text=source.lines[n - 1]) for n in range(start_line, min(last, len(source.lines)) + 1)
        ]
        return FileExcerpt(repo=repo, branch=branch, path=path, total_lines=len(source.lines), lines=lines)

    @tool("read")
    def search_code(self, repo: str, branch: str, text: str) -> list[CodeMatch]:
        """Every line containing the text (case-insensitive) at the head of a branch, by path and line number.

        Args:
            repo: The repository.
            branch: The branch.
            text: The text to look for.
        """
        found = self._branch(repo, branch)
        wanted = str(text).strip().lower()
        if not wanted:
            raise ValueError("Give some text to search for")
        return [
            CodeMatch(path=f.path, number=n, text=line)
            for f in found.files
            for n, line in enumerate(f.lines, start=1)
            if wanted in line.lower()
        ]

    @tool("read")
    def find_patches(self, repo: str, issue_id: Optional[str] = None, kind: Optional[str] = None) -> list[Patch]:
        """Patches of the repository's catalog, by patch id: what each changes and expects, what it requires and
        conflicts with, the issues it fixes, whether it is a rebase of another, whether it carries a secret.

        Args:
            repo: The repository.
            issue_id: Only patches that fix this issue, e.g. "IS-4107".
            kind: Only patches of this kind: fix, feature, test, docs or dependency.
        """
        self._get("repositories", repo)
        if issue_id is not None:
            self._get("issues", issue_id)
        if kind is not None and kind not in KINDS:
            raise ValueError(f"Kind must be one of {', '.join(KINDS)}")
        return sorted(
            (
                p
                for p in self.db.patches.values()
                if p.repo == repo and (issue_id is None or issue_id in p.fixes) and (kind is None or p.kind == kind)
            ),
            key=lambda p: p.patch_id,
        )

    @tool("read")
    def get_pull_request(self, pr_id: str) -> PullRequestView:
        """A pull request: branches, head commit, state, linked issues, the patches it brings (on the source branch, not
        on the target) and the paths they touch, its reviews, and the CI runs on its head commit.

        Args:
            pr_id: The pull request id, e.g. "PR-1103".
        """
        pr: PullRequest = self._get("pull_requests", pr_id)
        source = self.db.branches.get(branch_key(pr.repo, pr.source_branch))
        target = self.db.branches[branch_key(pr.repo, pr.target_branch)]
        new = sorted(set(source.patches) - set(target.patches)) if source and pr.state == "open" else []
        patches = [self.db.patches[p] for p in new]
        paths = {p.path for p in patches}
        if source and pr.state == "open" and source.dependencies != target.dependencies:
            paths.add("dependencies.lock")
        reviews = sorted((r for r in self.db.reviews.values() if r.pr_id == pr_id), key=lambda r: r.review_id)
        return PullRequestView(
            **pr.model_dump(),
            patches=[PatchOnPr(patch_id=p.patch_id, kind=p.kind, path=p.path, title=p.title) for p in patches],
            touched_paths=sorted(paths),
            reviews=reviews,
            ci_runs=[r.run_id for r in self._runs_on(pr.head)],
        )

    @tool("read")
    def get_ci_run(self, run_id: str) -> CiRun:
        """A CI run: the pull request and commit it ran on, its attempt number on that commit, each suite's result and
        every failed test (with whether the test is marked flaky).

        Args:
            run_id: The run id, e.g. "RUN-7012".
        """
        return self._get("ci_runs", run_id)

    @tool("read")
    def get_issue(self, issue_id: str) -> IssueView:
        """An issue: priority, state, labels, assignee, the pull requests linking it and the catalog patches fixing it.

        Args:
            issue_id: The issue id, e.g. "IS-4107".
        """
        issue: Issue = self._get("issues", issue_id)
        linked = sorted(
            (pr for pr in self.db.pull_requests.values() if issue_id in pr.issue_ids),
            key=lambda pr: int(pr.pr_id.split("-")[1]),
        )
        fixes = sorted(p.patch_id for p in self.db.patches.values() if issue_id in p.fixes)
        return IssueView(
            **issue.model_dump(), linked_pull_requests=[self._summary(pr) for pr in linked], fixed_by_patches=fixes
        )

    @tool("read")
    def list_dependencies(self, repo: str, branch: str) -> list[Dependency]:
        """The packages a branch depends on, with the pinned version, by package name.

        Args:
            repo: The repository.
            branch: The branch.
        """
        return self._branch(repo, branch).dependencies

    @tool("read")
    def get_package(self, package: str) -> Package:
        """A package of the registry mirror: its releases, oldest first, each with its licence and release date.

        Args:
            package: The package name, e.g. "fastjson".
        """
        return self._get("packages", package)

    @tool("read")
    def get_advisories(self, package: str, version: str) -> list[Advisory]:
        """The security advisories affecting one release of a package, by advisory id, with severity and CVSS score.

        Args:
            package: The package name.
            version: The release, e.g. "2.3.1".
        """
        found: Package = self._get("packages", package)
        if version not in {r.version for r in found.releases}:
            raise ValueError(f"Package {package} has no release {version}")
        return sorted(
            (
                a
                for a in self.db.advisories.values()
                if a.package == package and affected(version, a.introduced, a.fixed)
            ),
            key=lambda a: a.advisory_id,
        )

    # ---- writes ----

    @tool("write")
    def create_branch(self, repo: str, from_branch: str, name: str) -> Branch:
        """Create a branch at the head of another.

        Args:
            repo: The repository.
            from_branch: The branch to start from, e.g. "main".
            name: The new branch's name, e.g. "fix/invoice-rounding".
        """
        source = self._branch(repo, from_branch)
        if not isinstance(name, str) or not BRANCH_NAME.match(name):
            raise ValueError("A branch name is lower-case letters, digits, '.', '_', '-' and '/'")
        if branch_key(repo, name) in self.db.branches:
            raise ValueError(f"Branch {name} already exists in {repo}")
        branch = source.model_copy(
            update={"branch_key": branch_key(repo, name), "name": name, "created_from": from_branch}, deep=True
        )
        self.db.branches[branch.branch_key] = branch
        return branch

    @tool("write")
    def apply_patch(self, repo: str, branch: str, patch_id: str, username: str) -> Commit:
        """Apply a catalog patch to a branch as a new commit by the engineer (on a release/ branch: a cherry-pick).

        Args:
            repo: The repository.
            branch: The branch to commit to.
            patch_id: The catalog patch, e.g. "P-412".
            username: The engineer the commit is authored by.
        """
        found = self._branch(repo, branch)
        patch: Patch = self._get("patches", patch_id)
        self._user(username)
        if patch.repo != repo:
            raise ValueError(f"Patch {patch_id} belongs to {patch.repo}, not {repo}")
        if patch_id in found.patches:
            raise ValueError(f"Patch {patch_id} is already applied on {repo}:{branch}")
        missing = [p for p in patch.requires if p not in found.patches]
        if missing:
            raise ValueError(f"Patch {patch_id} requires {', '.join(missing)}, not applied on {repo}:{branch}")
        files = apply_hunk(found.files, patch, f"{repo}:{branch}")
        kind = "cherry_pick" if branch.startswith("release/") else "patch"
        sha = self._commit(repo, branch, found.head, username, kind, f"{patch_id}: {patch.title}", patch_id)
        found.files = files
        found.patches = sorted([*found.patches, patch_id])
        self._move_head(found, sha)
        return self.db.commits[sha]

    @tool("write")
    def open_pull_request(
        self,
        repo: str,
        source: str,
        target: str,
        title: str,
        issue_ids: Annotated[list[str], Unordered()],
        username: str,
    ) -> PullRequest:
        """Open a pull request from one branch into another.

        Args:
            repo: The repository.
            source: The branch with the changes.
            target: The branch to merge into, e.g. "main".
            title: The pull request's title.
            issue_ids: The issues it addresses (may be empty), e.g. ["IS-4107"].
            username: The engineer opening it (its author).
        """
        head = self._branch(repo, source)
        base = self._branch(repo, target)
        self._user(username)
        if source == target:
            raise ValueError("Source and target must be different branches")
        if not isinstance(title, str) or not title.strip():
            raise ValueError("A pull request needs a title")
        if not isinstance(issue_ids, list):
            raise ValueError("issue_ids must be a list of issue ids")
        for issue_id in issue_ids:
            issue: Issue = self._get("issues", issue_id)
            if issue.repo != repo:
                raise ValueError(f"Issue {issue_id} belongs to {issue.repo}, not {repo}")
        for pr in self.db.pull_requests.values():
            if pr.repo == repo and pr.state == "open" and (pr.source_branch, pr.target_branch) == (source, target):
                raise ValueError(f"An open pull request from {source} to {target} already exists ({pr.pr_id})")
        if set(head.patches) <= set(base.patches) and head.dependencies == base.dependencies:
            raise ValueError(f"Nothing to merge: {source} brings nothing that {target} lacks")
        pr = PullRequest(
            pr_id=f"PR-{self.db.next_pr_number}",
            repo=repo,
            title=title.strip(),
            author=username,
            source_branch=source,
            target_branch=target,
            head=head.head,
            state="open",
            issue_ids=sorted(issue_ids),
            opened=self.db.today,
            merged_by=None,
            merge_method=None,
            merge_commit=None,
        )
        self.db.next_pr_number += 1
        self.db.pull_requests[pr.pr_id] = pr
        return pr

    @tool("write")
    def submit_review(self, pr_id: str, reviewer: str, verdict: str, comment: str) -> Review:
        """Submit a review of a pull request's head commit.

        Args:
            pr_id: The pull request.
            reviewer: The username of the engineer reviewing.
            verdict: approve, request_changes or comment.
            comment: The review's text.
        """
        pr = self._open_pr(pr_id)
        self._user(reviewer)
        if verdict not in VERDICTS:
            raise ValueError(f"Verdict must be one of {', '.join(VERDICTS)}")
        if not isinstance(comment, str) or not comment.strip():
            raise ValueError("A review needs a comment")
        review = Review(
            review_id=f"RV-{self.db.next_review_number}",
            pr_id=pr_id,
            reviewer=reviewer,
            verdict=verdict,
            commit=pr.head,
            date=self.db.today,
            comment=comment.strip(),
        )
        self.db.next_review_number += 1
        self.db.reviews[review.review_id] = review
        return review

    @tool("write")
    def run_ci(self, pr_id: str) -> CiRun:
        """Run CI on a pull request's head commit: every test case of the repository that exists on the source branch is
        evaluated; a run on a commit that already has runs is a re-run (its attempt number is one more).

        Args:
            pr_id: The pull request.
        """
        pr = self._open_pr(pr_id)
        source = self._branch(pr.repo, pr.source_branch)
        attempt = len(self._runs_on(pr.head)) + 1
        cases = [case for case in self.db.test_cases.values() if case.repo == pr.repo]
        checks, failures = evaluate_ci(
            cases, self.db.repositories[pr.repo].required_checks, set(source.patches), attempt
        )
        run = CiRun(
            run_id=f"RUN-{self.db.next_run_number}",
            repo=pr.repo,
            pr_id=pr_id,
            commit=pr.head,
            attempt=attempt,
            date=self.db.today,
            checks=checks,
            failures=failures,
        )
        self.db.next_run_number += 1
        self.db.ci_runs[run.run_id] = run
        return run

    @tool("write")
    def merge_pull_request(self, pr_id: str, method: str, username: str) -> PullRequest:
        """Merge a pull request into its target branch as one commit.

        Args:
            pr_id: The pull request.
            method: squash, merge (a merge commit) or rebase.
            username: The engineer merging it.
        """
        pr = self._open_pr(pr_id)
        self._user(username)
        if method not in METHODS:
            raise ValueError(f"Method must be one of {', '.join(METHODS)}")
        source = self._branch(pr.repo, pr.source_branch)
        target = self._branch(pr.repo, pr.target_branch)
        new = [self.db.patches[p] for p in sorted(set(source.patches) - set(target.patches))]
        files = target.files
        for patch in in_requires_order(new):
            files = apply_hunk(files, patch, f"{pr.repo}:{pr.target_branch} (merge conflict)")
        versions = {d.package: d.version for d in target.dependencies}
        versions.update({d.package: d.version for d in source.dependencies})
        message = f"{pr.title} ({pr_id})" if method != "merge" else f"Merge {pr_id} from {pr.source_branch}"
        sha = self._commit(pr.repo, pr.target_branch, target.head, username, method, message)
        target.files = files
        target.patches = sorted(set(target.patches) | set(source.patches))
        target.dependencies = [Dependency(package=p, version=v) for p, v in sorted(versions.items())]
        self._move_head(target, sha)
        pr.state, pr.merged_by, pr.merge_method, pr.merge_commit = "merged", username, method, sha  # type: ignore[assignment]
        repository: Repository = self._get("repositories", pr.repo)
        if pr.target_branch == repository.default_branch:
            repository.latest_merge = pr_id
        return pr

    @tool("write")
    def update_issue(
        self,
        issue_id: str,
        state: Optional[str] = None,
        labels: Annotated[Optional[list[str]], Unordered()] = None,
        assignee: Optional[str] = None,
    ) -> Issue:
        """Change an issue's state, labels or assignee; what is not given stays as it is.

        Args:
            issue_id: The issue.
            state: open or closed.
            labels: The issue's whole new set of labels, e.g. ["bug", "billing"].
            assignee: The username to assign it to.
        """
        issue: Issue = self._get("issues", issue_id)
        if state is None and labels is None and assignee is None:
            raise ValueError("Nothing to change: give a state, labels or an assignee")
        if state is not None and state not in STATES:
            raise ValueError("State must be open or closed")
        if labels is not None and (not isinstance(labels, list) or not all(isinstance(x, str) for x in labels)):
            raise ValueError("labels must be a list of label names")
        if assignee is not None:
            self._user(assignee)
        if state is not None:
            issue.state = state  # type: ignore[assignment]
        if labels is not None:
            issue.labels = sorted(set(labels))
        if assignee is not None:
            issue.assignee = assignee
        return issue

    @tool("write")
    def bump_dependency(self, repo: str, branch: str, package: str, version: str, username: str) -> Commit:
        """Pin a dependency of a branch to another release, as a new commit by the engineer.

        Args:
            repo: The repository.
            branch: The branch.
            package: The package.
            version: The release to pin, e.g. "2.5.1".
            username: The engineer the commit is authored by.
        """
        found = self._branch(repo, branch)
        record: Package = self._get("packages", package)
        self._user(username)
        current = next((d for d in found.dependencies if d.package == package), None)
        if current is None:
            raise ValueError(f"{package} is not a dependency of {repo}:{branch}")
        if version not in {r.version for r in record.releases}:
            raise ValueError(f"Package {package} has no release {version}")
        if version == current.version:
            raise ValueError(f"{package} is already at {version} on {repo}:{branch}")
        sha = self._commit(
            repo, branch, found.head, username, "dependency", f"Bump {package} from {current.version} to {version}"
        )
        found.dependencies = [
            Dependency(package=d.package, version=version if d.package == package else d.version)
            for d in found.dependencies
        ]
        self._move_head(found, sha)
        return self.db.commits[sha]

    @tool("write")
    def tag_release(self, repo: str, level: str, username: str) -> Tag:
        """Tag the head of the repository's default branch as the next release; the repository's version becomes it.

        Args:
            repo: The repository.
            level: Which number of MAJOR.MINOR.PATCH goes up: patch (2.7.3 -> 2.7.4), minor (2.7.3 -> 2.8.0) or
                major (2.7.3 -> 3.0.0).
            username: The engineer tagging it.
        """
        record: Repository = self._get("repositories", repo)
        self._user(username)
        if level not in LEVELS:
            raise ValueError(f"Level must be one of {', '.join(LEVELS)}")
        version = bumped(record.version, level)
        key = f"{repo}@{version}"
        head = self.db.branches[branch_key(repo, record.default_branch)].head
        tag = Tag(tag_key=key, repo=repo, version=version, commit=head, tagged_by=username, date=self.db.today)
        self.db.tags[key] = tag
        record.version = version
        record.released_patches = sorted(self.db.branches[branch_key(repo, record.default_branch)].patches)
        return tag

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
