"""The platform's database from a fixed seed: the cast the tasks are written around
(``data/cast.json``, written out by ``tests/domains/engineering/cast_source.py``), plus a
seeded company around it.

The cast: three repositories. ``billing-service`` (2.7.3; main with two unreleased fixes,
release/2.7 without them) carries the patch catalog the tasks apply: a fix and its test, a
feature and its test, a patch that requires another, P-412 that no longer applies and its
rebase P-412b, a patch with a live key in it; and its open pull requests: two titled "Fix
flaky login test" (one failing on a flaky test, one on a real failure), one ready to merge,
one approved by its own author, a docs-only one, one with a change request, one with a red
lint check, one whose second approval is three weeks old, one missing its code owner, one
whose flaky test failed three runs, one breaking many tests, one with no CI run yet.
``web-portal`` (4.12.0, an unreleased feature on main) has a fix ready to merge and a
release branch to merge back. ``ledger-sync`` pins a fastjson under a high advisory, with a
pull request that bumps it to a release under a licence the company refuses. The engineers
include two Jia Chen (billing and web) and two Ana Silva, a suspended account, a triager and
a read-only contractor; the packages have releases under advisories, relicensed releases and
major versions.

The filler: the other engineers (300 in all, a tenth namesakes), 297 more repositories with
their members, CODEOWNERS, files, catalog patches, test cases, merged and open pull requests
with reviews and CI runs, issues, and more packages with advisories."""

import random
from typing import Any

from taubench.domains.engineering.models import (
    Advisory,
    Branch,
    CiRun,
    Commit,
    Issue,
    Package,
    Patch,
    PullRequest,
    Repository,
    Review,
    SourceFile,
    TestCase,
    User,
)
from taubench.domains.engineering.tools import apply_hunk, evaluate_ci
from taubench.domains.kit import Population, load_cast

SEED = 1624
TODAY = "2025-06-24"
NOW = "10:00"
USERS, REPOS = 300, 300
TEAMS = ["billing", "web", "data", "platform", "mobile", "search", "payments", "identity", "infra", "growth"]
WORDS_A = [
    "amber",
    "brisk",
    "cedar",
    "delta",
    "ember",
    "fable",
    "granite",
    "harbor",
    "indigo",
    "juniper",
    "kelp",
    "lumen",
    "maple",
    "nimbus",
    "onyx",
    "pollen",
    "quartz",
    "raven",
    "sable",
    "tundra",
]
WORDS_B = [
    "gateway",
    "ledger",
    "catalog",
    "router",
    "scheduler",
    "notifier",
    "indexer",
    "portal",
    "vault",
    "mailer",
    "metrics",
    "importer",
    "exporter",
    "planner",
    "tracker",
]
HARMS = ["Denial of service", "Path traversal", "Injection", "Information leak"]
MODULES = ["core", "handlers", "models", "jobs", "client"]
LICENCES = ["MIT", "MIT", "Apache-2.0", "Apache-2.0", "BSD-3-Clause", "BSD-2-Clause", "GPL-3.0", "LGPL-2.1", "MPL-2.0"]
ISSUE_TITLES = [
    "{m} crashes on empty input",
    "Slow {m} start-up",
    "Log {m} errors with context",
    "Retry {m} on timeouts",
    "Document the {m} settings",
    "Flaky {m} test",
    "Deprecation warnings in {m}",
    "Memory growth in {m}",
]


def _day(rng: random.Random, first: int, last: int) -> str:
    """A day of June 2025 (or May, for first < 1)."""
    day = rng.randint(first, last)
    return f"2025-06-{day:02d}" if day >= 1 else f"2025-05-{31 + day:02d}"


def _version(rng: random.Random) -> str:
    return f"{rng.randint(0, 5)}.{rng.randint(0, 14)}.{rng.randint(0, 9)}"


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    people = Population(SEED, TODAY)
    cast = load_cast(
        __package__,
        {
            "users": User,
            "repositories": Repository,
            "branches": Branch,
            "commits": Commit,
            "patches": Patch,
            "test_cases": TestCase,
            "pull_requests": PullRequest,
            "reviews": Review,
            "ci_runs": CiRun,
            "issues": Issue,
            "packages": Package,
            "advisories": Advisory,
        },
    )
    tables: dict[str, dict[str, Any]] = {}
    keys = {
        "users": "username",
        "repositories": "repo",
        "branches": "branch_key",
        "commits": "sha",
        "patches": "patch_id",
        "test_cases": "test_id",
        "pull_requests": "pr_id",
        "reviews": "review_id",
        "ci_runs": "run_id",
        "issues": "issue_id",
        "packages": "name",
        "advisories": "advisory_id",
    }
    for section, records in cast.items():
        tables[section] = {getattr(r, keys[section]): r.model_dump() for r in records}
    for user in cast["users"]:
        first, last = user.name.split(" ", 1)
        people.know(first, last, "F")

    # ---- engineers
    while len(tables["users"]) < USERS:
        person = people.person("555", ages=(22, 64), mail_domain="quillstone.dev")
        stem = f"{person.first}.{person.last}".lower().replace("'", "").replace(" ", "")
        username, number = stem, 1
        while username in tables["users"]:
            number += 1
            username = f"{stem}{number}"
        tables["users"][username] = {
            "username": username,
            "name": person.name,
            "email": f"{username}@quillstone.dev",
            "team": rng.choice(TEAMS),
            "status": "suspended" if rng.random() < 0.04 else "active",
        }
    engineers = [u for u in tables["users"] if u not in {r.username for r in cast["users"]}]

    # ---- packages and advisories
    for number in range(40):
        name = f"{rng.choice(['py', 'lib', 'fast', 'tiny', 'open'])}{rng.choice(WORDS_B)}{number}"
        major, minor = rng.randint(0, 4), rng.randint(0, 6)
        releases = []
        for step in range(rng.randint(3, 6)):
            if rng.random() < 0.25:
                major, minor, patch = major + 1, 0, 0
            else:
                minor, patch = minor + (1 if rng.random() < 0.5 else 0), rng.randint(0, 9)
            releases.append(
                {
                    "version": f"{major}.{minor}.{patch}",
                    "license": rng.choice(LICENCES),
                    "released": f"2025-0{1 + step}-1{step}",
                }
            )
        unique = list({r["version"]: r for r in releases}.values())
        tables["packages"][name] = {"name": name, "ecosystem": "pypi", "releases": unique}
        if rng.random() < 0.6:
            hit = rng.choice(unique)["version"]
            severity = rng.choice(["low", "medium", "high", "critical"])
            cvss = {"low": 3.2, "medium": 5.5, "high": 7.8, "critical": 9.4}[severity]
            advisory_id = f"ADV-2025-{300 + number:04d}"
            tables["advisories"][advisory_id] = {
                "advisory_id": advisory_id,
                "package": name,
                "introduced": hit,
                "fixed": None if rng.random() < 0.3 else f"{int(hit.split('.')[0]) + 1}.0.0",
                "severity": severity,
                "cvss": cvss,
                "summary": f"{rng.choice(HARMS)} in {name}",
            }
    filler_packages = [name for name in tables["packages"] if name not in {p.name for p in cast["packages"]}]

    # ---- repositories with their branches, commits, patches, tests, pull requests and issues
    commit_number, pr_number, review_number, run_number, issue_number = 0x1000, 1500, 10001, 8001, 6001
    patch_number, test_number = 1000, 5001
    names = [f"{a}-{b}" for a in WORDS_A for b in WORDS_B]
    rng.shuffle(names)

    def commit(
        repo: str, branch: str, parent: Any, author: str, kind: str, message: str, patch_id: Any, day: str
    ) -> str:
        nonlocal commit_number
        sha = f"c{commit_number:06x}"
        commit_number += 1
        tables["commits"][sha] = {
            "sha": sha,
            "repo": repo,
            "branch": branch,
            "parent": parent,
            "author": author,
            "kind": kind,
            "message": message,
            "patch_id": patch_id,
            "date": day,
        }
        return sha

    for repo in names[: REPOS - len(cast["repositories"])]:
        team = rng.sample(engineers, rng.randint(4, 7))
        maintainer, writers, others = team[0], team[1:-1], team[-1:]
        members = [{"username": maintainer, "role": "maintain"}]
        members += [{"username": w, "role": "write"} for w in writers]
        members += [{"username": o, "role": rng.choice(["read", "triage"])} for o in others]
        module = rng.choice(MODULES)
        source = f"src/{module}.py"
        files = {
            "README.md": [f"# {repo}", "", f"Owned by the {rng.choice(TEAMS)} team."],
            source: [f"def step_{n}(value):" if n % 2 == 0 else f"    return value + {n}" for n in range(8)],
            f"tests/test_{module}.py": [
                f"def test_step_{n}():" if n % 2 == 0 else f"    assert step_{n - 1}(0) == {n}" for n in range(6)
            ],
        }
        base = [SourceFile(path=p, lines=lines) for p, lines in sorted(files.items())]
        root = commit(repo, "main", None, maintainer, "initial", f"Import {repo}", None, "2025-04-01")
        patches = []
        for slot, line in enumerate(rng.sample([2, 4, 6, 8], 3)):
            patch_id = f"P-{patch_number}"
            patch_number += 1
            kind = ["fix", rng.choice(["fix", "feature", "docs"]), rng.choice(["fix", "feature"])][slot]
            path = "README.md" if kind == "docs" else source
            start = 3 if kind == "docs" else line
            old = [f.lines[start - 1] for f in base if f.path == path]
            tables["patches"][patch_id] = {
                "patch_id": patch_id,
                "repo": repo,
                "title": f"{rng.choice(['Tidy', 'Harden', 'Speed up', 'Clarify'])} {module} step {line}",
                "kind": kind,
                "path": path,
                "start_line": start,
                "old_lines": old,
                "new_lines": [old[0].replace("value +", "value *") if kind != "docs" else f"Owned by {maintainer}."],
                "requires": [],
                "conflicts_with": [],
                "fixes": [],
                "rebased_from": None,
                "contains_secret": False,
            }
            patches.append(patch_id)
        # the first patch is merged and released; the second is open in a pull request; the third is catalog only
        merged_files = apply_hunk(base, Patch.model_validate(tables["patches"][patches[0]]), repo)
        merged_day = _day(rng, -20, 10)
        pr_merged, pr_open = f"PR-{pr_number}", f"PR-{pr_number + 1}"
        pr_number += 2
        squash = commit(
            repo,
            "main",
            root,
            maintainer,
            "squash",
            f"{tables['patches'][patches[0]]['title']} ({pr_merged})",
            None,
            merged_day,
        )
        deps = sorted(rng.sample(filler_packages, 3))
        dependencies = [
            {"package": p, "version": rng.choice(tables["packages"][p]["releases"])["version"]} for p in deps
        ]
        tables["branches"][f"{repo}:main"] = {
            "branch_key": f"{repo}:main",
            "repo": repo,
            "name": "main",
            "head": squash,
            "created_from": None,
            "patches": [patches[0]],
            "files": [f.model_dump() for f in merged_files],
            "dependencies": dependencies,
        }
        author = rng.choice(writers)
        feature_branch = f"fix/{module}-step"
        open_sha = commit(
            repo,
            feature_branch,
            squash,
            author,
            "patch",
            tables["patches"][patches[1]]["title"],
            patches[1],
            _day(rng, 15, 23),
        )
        open_files = apply_hunk(merged_files, Patch.model_validate(tables["patches"][patches[1]]), repo)
        tables["branches"][f"{repo}:{feature_branch}"] = {
            "branch_key": f"{repo}:{feature_branch}",
            "repo": repo,
            "name": feature_branch,
            "head": open_sha,
            "created_from": "main",
            "patches": sorted(patches[:2]),
            "files": [f.model_dump() for f in open_files],
            "dependencies": dependencies,
        }
        tables["repositories"][repo] = {
            "repo": repo,
            "description": f"The {repo.replace('-', ' ')} service",
            "default_branch": "main",
            "version": _version(rng),
            "protected_branches": ["main"],
            "required_checks": sorted(rng.choice([["build", "unit"], ["build", "lint", "unit"]])),
            "codeowners": [{"path": "*", "owners": [maintainer]}, {"path": "src/", "owners": sorted(writers[:2])}],
            "members": members,
            "released_patches": [patches[0]],
            "latest_merge": pr_merged,
        }
        cases = []
        for suite in ["build", "lint", "unit", "unit", "unit"]:
            test_id = f"T-{test_number}"
            test_number += 1
            flaky = rng.random() < 0.08
            case = {
                "test_id": test_id,
                "repo": repo,
                "suite": suite,
                "name": f"{suite}:{module}_{test_id[2:]}",
                "added_by": None,
                "needs": [],
                "broken_by": [patches[1]] if rng.random() < 0.1 else [],
                "flaky": flaky,
                "flake_runs": rng.randint(1, 2) if flaky else 0,
            }
            tables["test_cases"][test_id] = case
            cases.append(TestCase.model_validate(case))
        issues = []
        for _ in range(7):
            issue_id = f"IS-{issue_number}"
            issue_number += 1
            tables["issues"][issue_id] = {
                "issue_id": issue_id,
                "repo": repo,
                "title": rng.choice(ISSUE_TITLES).format(m=module),
                "priority": rng.choice(["P1", "P2", "P2", "P3", "P3", "P3"]),
                "state": rng.choice(["open", "open", "closed"]),
                "labels": sorted(rng.sample(["bug", "feature", "tech-debt", "docs", "performance"], rng.randint(0, 2))),
                "assignee": rng.choice([None, *writers]),
                "reporter": rng.choice(team),
                "opened": _day(rng, -25, 23),
            }
            issues.append(issue_id)
        tables["patches"][patches[0]]["fixes"] = [issues[0]]
        tables["patches"][patches[1]]["fixes"] = [issues[1]]
        # an abandoned attempt at the third patch: closed, its branch deleted, its commit kept
        pr_closed = f"PR-{pr_number}"
        pr_number += 1
        closed_day = _day(rng, -10, 12)
        closed_sha = commit(
            repo,
            f"wip/{module}",
            squash,
            author,
            "patch",
            tables["patches"][patches[2]]["title"],
            patches[2],
            closed_day,
        )
        for pr_id, title_patch, head, state, source_branch, day, applied, linked in (
            (pr_merged, patches[0], squash, "merged", f"fix/{module}-first", merged_day, {patches[0]}, issues[0]),
            (pr_open, patches[1], open_sha, "open", feature_branch, _day(rng, 15, 23), set(patches[:2]), issues[1]),
            (
                pr_closed,
                patches[2],
                closed_sha,
                "closed",
                f"wip/{module}",
                closed_day,
                {patches[0], patches[2]},
                issues[2],
            ),
        ):
            pr_author = maintainer if state == "merged" else author
            tables["pull_requests"][pr_id] = {
                "pr_id": pr_id,
                "repo": repo,
                "title": tables["patches"][title_patch]["title"],
                "author": pr_author,
                "source_branch": source_branch,
                "target_branch": "main",
                "head": head,
                "state": state,
                "issue_ids": [linked],
                "opened": day,
                "merged_by": maintainer if state == "merged" else None,
                "merge_method": "squash" if state == "merged" else None,
                "merge_commit": head if state == "merged" else None,
            }
            pool = [w for w in [maintainer, *writers] if w != pr_author]
            for reviewer in rng.sample(pool, min(2, len(pool))):
                review_id = f"RV-{review_number}"
                review_number += 1
                tables["reviews"][review_id] = {
                    "review_id": review_id,
                    "pr_id": pr_id,
                    "reviewer": reviewer,
                    "verdict": rng.choice(["approve", "approve", "approve", "comment", "request_changes"]),
                    "commit": head,
                    "date": day,
                    "comment": rng.choice(["Looks good.", "Nice cleanup.", "One nit inline.", "Please add a test."]),
                }
            checks, failures = evaluate_ci(cases, tables["repositories"][repo]["required_checks"], applied, 1)
            run_id = f"RUN-{run_number}"
            run_number += 1
            tables["ci_runs"][run_id] = {
                "run_id": run_id,
                "repo": repo,
                "pr_id": pr_id,
                "commit": head,
                "attempt": 1,
                "date": day,
                "checks": [c.model_dump() for c in checks],
                "failures": [f.model_dump() for f in failures],
            }

    tags = {}
    for name, record in sorted(tables["repositories"].items()):
        released = next(c["sha"] for c in tables["commits"].values() if c["repo"] == name and c["kind"] == "initial")
        if name not in {r.repo for r in cast["repositories"]}:
            released = tables["branches"][f"{name}:main"]["head"]
        key = f"{name}@{record['version']}"
        tags[key] = {
            "tag_key": key,
            "repo": name,
            "version": record["version"],
            "commit": released,
            "tagged_by": record["members"][0]["username"],
            "date": "2025-05-15",
        }
    return {
        "today": TODAY,
        "now": NOW,
        "next_commit_number": 0x200000,
        "next_pr_number": 3001,
        "next_review_number": 20001,
        "next_run_number": 9901,
        **tables,
        "tags": tags,
    }
