"""Both install modes find the package and its Hydra configs."""

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import GUARD_DIR, REPO


def test_every_source_package_and_config_folder_is_listed_for_the_wheel():
    """A folder setuptools would see as a package but is not told about is left out of the
    wheel, with a page of warnings per folder at every install."""
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(REPO / "src").parts) for path in (REPO / "src").rglob("__init__.py")}
    config_folders = {
        ".".join(("taubench", *path.relative_to(REPO).parts))
        for path in (REPO / "conf").rglob("*")
        if path.is_dir() and path.name != "__pycache__"
    }
    assert listed == found | {"taubench.conf"} | config_folders
    assert (REPO / "conf" / "__init__.py").exists()


def test_building_the_package_warns_of_nothing(tmp_path):
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path), str(REPO)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert not re.search(r"\w+Warning:", built.stdout + built.stderr), built.stderr


def test_a_plain_install_runs_with_its_own_configs(tmp_path):
    wheel_dir, target = tmp_path / "wheel", tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(wheel_dir), str(REPO)],
        check=True, capture_output=True,
    )
    wheel = next(wheel_dir.glob("taubench-*.whl"))
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(GUARD_DIR), str(target)])}
    where = subprocess.run(
        [sys.executable, "-c", "import taubench.conf, taubench.cli; print(taubench.conf.__file__)"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(target)
    result = subprocess.run(
        [sys.executable, "-m", "taubench", "agent=oracle", "user=oracle", "env=airline", "task_ids=[8]", "tracking.enabled=false", "progress=false"],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "average reward  1.000" in result.stdout
