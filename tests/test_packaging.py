"""Both install modes find the package and its Hydra configs."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import GUARD_DIR, REPO


def test_every_source_package_is_listed_for_the_wheel():
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(REPO / "src").parts) for path in (REPO / "src").rglob("__init__.py")}
    assert listed == found | {"taubench.conf"}
    assert (REPO / "conf" / "__init__.py").exists()


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
