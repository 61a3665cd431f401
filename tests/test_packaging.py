"""Both install modes find the package and its Hydra configs."""

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import GUARD_DIR, REPO


def _shipped_sources() -> set[str]:
    """What the wheel must hold: every file of src/taubench and conf/ but caches and builds."""
    found = set()
    for root, prefix in ((REPO / "src" / "taubench", "taubench"), (REPO / "conf", "taubench/conf")):
        for path in root.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in {".py", ".yaml", ".json", ".md"}:
                found.add(f"{prefix}/{path.relative_to(root).as_posix()}")
    return found


def build_wheel(tmp_path: Path) -> subprocess.CompletedProcess:
    """A wheel built from a copy of the sources: setuptools keeps a build/ folder next to
    them, which would leak files of an earlier layout into the wheel and which concurrent
    builds would share."""
    source = tmp_path / "source"
    for name in ("pyproject.toml", "setup.py", "README.md"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / name, source / name)
    for folder in ("src", "conf"):
        shutil.copytree(REPO / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "wheel"),
            str(source),
        ],
        capture_output=True,
        text=True,
        check=True,
    )


def test_the_wheel_ships_every_module_config_and_domain_data_file(tmp_path):
    """Nothing is listed by hand: a new folder (a domain with its data) ships as it is."""
    build_wheel(tmp_path)
    with zipfile.ZipFile(next((tmp_path / "wheel").glob("taubench-*.whl"))) as wheel:
        shipped = {name for name in wheel.namelist() if not name.startswith("taubench-")}
    assert shipped == _shipped_sources()
    assert "taubench/domains/mock/data/db.json" in shipped and "taubench/conf/config.yaml" in shipped


def test_building_the_package_warns_of_nothing(tmp_path):
    built = build_wheel(tmp_path)
    assert not re.search(r"\w+Warning:", built.stdout + built.stderr), built.stderr


def test_a_plain_install_runs_with_its_own_configs(tmp_path):
    wheel_dir, target = tmp_path / "wheel", tmp_path / "site"
    build_wheel(tmp_path)
    wheel = next(wheel_dir.glob("taubench-*.whl"))
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(GUARD_DIR), str(target)])}
    where = subprocess.run(
        [sys.executable, "-c", "import taubench.conf, taubench.app.cli; print(taubench.conf.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(target)
    assert {"taubench", "taubench-run"} <= {path.name for path in (target / "bin").iterdir()}  # the scripts
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "taubench",
            "agent=oracle",
            "user=oracle",
            "env=airline",
            "task_ids=[8]",
            "tracking.enabled=false",
            "progress=false",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "average reward  1.000" in result.stdout
