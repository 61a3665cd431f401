"""``python -m taubench ui``: refused, saying why, where no run was recorded. What it serves
where runs were recorded (the address printed, the results view, one server process, every
view a researcher opens) is read in ``test_browser.py``, over one server for all of it."""

import pytest
from conftest import run_cli


@pytest.mark.parametrize(
    "command", [["taubench.integrations.ui"], ["taubench", "ui"]]
)  # python -m taubench ui = taubench ui
def test_the_ui_says_there_is_nothing_to_show_where_no_run_was_recorded(tmp_path, command):
    result = run_cli(*command[1:], cwd=tmp_path, seed_store=False, module=command[0])
    assert result.returncode == 2
    assert f"no runs recorded under {tmp_path.resolve() / 'mlruns'} yet" in result.stderr
