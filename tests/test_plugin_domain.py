"""A domain in a package of its own, as an author outside this repository writes one: the
example (``examples/plugin_domain``) is built as a wheel offline, installed into a folder
of its own, and then, with nothing of it in this repository, found through its entry point,
listed, given a passing report card (its tool tests read from the installed package), run
by the oracle and served to a scripted dry run; its own tool tests pass and its generator
remakes its db.json. The guide shows its ``pyproject.toml`` as it is, and the imports the
guide gives exist."""

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import GUARD_DIR, REPO, run_cli

from taubench.domains import REGISTRY

EXAMPLE = REPO / "examples" / "plugin_domain"
GUIDE = REPO / "src" / "taubench" / "domains" / "README.md"
NAME = "bike_workshop"  # the domain, its package and its entry point
NO_TRACKING = ("tracking.enabled=false", "progress=false")


class Installed:
    def __init__(self, wheel: Path, site: Path):
        self.wheel, self.site = wheel, site

    def environment(self) -> dict:
        """PYTHONPATH for a command that sees the installed example (and the network guard)."""
        return {
            "PYTHONPATH": os.pathsep.join(filter(None, [str(GUARD_DIR), str(self.site), os.environ.get("PYTHONPATH")]))
        }


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    """The example as a user installs it: a wheel built from a copy of its folder (the build
    leaves build/ and *.egg-info behind) with no index, installed with no index into a
    folder that only the commands below put on their path."""
    base = tmp_path_factory.mktemp("plugin-domain")
    shutil.copytree(EXAMPLE, base / "source", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    subprocess.run(
        [
            *pip,
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(base / "wheel"),
            str(base / "source"),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (base / "wheel").glob("*.whl")
    subprocess.run(
        [*pip, "install", "--no-deps", "--no-index", "--target", str(base / "site"), str(wheel)],
        check=True,
        capture_output=True,
    )
    return Installed(wheel, base / "site")


def test_nothing_of_the_example_is_in_the_package_or_its_tests():
    assert NAME not in REGISTRY
    found = [
        path
        for folder in ("src", "tests")
        for path in (REPO / folder).rglob("*")
        if NAME in path.name and "__pycache__" not in path.parts
    ]
    assert found == [], found


def test_the_wheel_ships_the_domain_its_data_its_tool_tests_and_its_entry_point(installed):
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = set(wheel.namelist())
        points = next(wheel.read(name).decode() for name in names if name.endswith(".dist-info/entry_points.txt"))
    data = {f"{NAME}/data/{file}" for file in ("db.json", "tasks.json", "split_tasks.json", "policy.md", "cast.json")}
    assert data | {f"{NAME}/tests/test_tools.py", f"{NAME}/policy_rules.py", f"{NAME}/generate.py"} <= names
    assert "[taubench.domains]\nbike_workshop = bike_workshop:DOMAIN" in points


def test_the_installed_example_passes_its_card_from_its_own_package(installed, tmp_path):
    env = installed.environment()
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "from taubench.domains import DOMAINS; from taubench.domains.checks import tool_tests; "
            "from taubench.domains.generation import generated_db; "
            f"spec = DOMAINS[{NAME!r}]; print(spec.data.folder); print(tool_tests(spec)); "
            "print(generated_db(spec) == (spec.data.folder / 'db.json').read_text(encoding='utf-8'))",
        ],
        cwd=tmp_path,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    data, tests, regenerated = where.stdout.split()
    assert (
        Path(data).is_relative_to(installed.site) and Path(tests) == installed.site / NAME / "tests" / "test_tools.py"
    )
    assert regenerated == "True"  # its db.json is what its seeded generator makes
    card = run_cli("check", NAME, cwd=tmp_path, env=env, seed_store=False, module="taubench.domains")
    assert card.returncode == 0, card.stdout + card.stderr
    assert f"== {NAME}: PASS" in card.stdout and "not applied (held_to_the_bar=False" in card.stdout
    assert "2. pass  tools: reads change nothing, failed writes change nothing, all unit-tested" in card.stdout
    assert "17. pass  the oracle scores 1.0 on every task" in card.stdout


def test_the_installed_example_is_listed_and_scores_1_with_the_oracle(installed, tmp_path):
    env = installed.environment()
    listed = run_cli("list", "--self-contained", cwd=tmp_path, env=env, seed_store=False, module="taubench.domains")
    assert listed.returncode == 0 and NAME in listed.stdout.split() and not listed.stderr, listed.stderr
    ran = run_cli(f"env={NAME}", "agent=oracle", "user=oracle", *NO_TRACKING, cwd=tmp_path, env=env)
    assert ran.returncode == 0, ran.stderr
    (results,) = tmp_path.rglob("results.json")
    document = json.loads(results.read_text())
    assert document["config"]["env"]["name"] == NAME and len(document["episodes"]) == 8
    assert document["summary"]["average_reward"] == 1.0


def test_the_installed_example_passes_a_scripted_dry_run(installed, tmp_path):
    """The scripted server, started as a command that sees the package, plays every task."""
    env = {**os.environ, **installed.environment(), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    server = subprocess.Popen(
        [sys.executable, "-m", "taubench.testing.scripted_server", "--domains", NAME, "--port", "0"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), server.stderr.read()
        ran = run_cli(
            f"env={NAME}",
            "model=scripted",
            f"provider.api_base={url}",
            *NO_TRACKING,
            cwd=tmp_path,
            env=installed.environment(),
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
        server.stdout.close()
        server.stderr.close()
    assert ran.returncode == 0, ran.stderr
    (results,) = tmp_path.rglob("results.json")
    document = json.loads(results.read_text())
    failed = [(episode["task_id"], episode["error"]) for episode in document["episodes"] if episode["reward"] != 1.0]
    assert document["summary"]["average_reward"] == 1.0, failed


def test_the_examples_own_tool_tests_pass_where_it_is_installed(installed, tmp_path):
    tests = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            "--pyargs",
            f"{NAME}.tests",
        ],
        cwd=tmp_path,
        env={**os.environ, **installed.environment()},
        capture_output=True,
        text=True,
    )
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert re.search(r"\b5 passed\b", tests.stdout), tests.stdout


def test_the_guide_shows_the_examples_pyproject_as_it_is_and_its_imports_exist():
    guide = GUIDE.read_text(encoding="utf-8")
    assert (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8") in guide
    imports = [line.split("#")[0] for line in guide.splitlines() if line.startswith("from taubench")]
    assert (
        len(imports) >= 6 and any("DomainSpec" in line for line in imports) and any(" tool" in line for line in imports)
    )
    for line in imports:
        exec(line, {})  # an import the guide gives that does not exist fails here
    assert "held_to_the_bar=False" in guide and 'tool_tests="tests/test_tools.py"' in guide
