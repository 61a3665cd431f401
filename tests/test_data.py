"""Benchmark data come from the pinned packages or a user directory, verified by sha256."""

import shutil

import pytest
from conftest import ORACLES, run_cli

from taubench.core.domain import DATA_FILES, DataError
from taubench.domains import DOMAINS, load_domain


@pytest.fixture
def checkout(tmp_path, retail):
    """A copy of the retail data laid out as in an upstream τ²-bench checkout."""
    folder = tmp_path / "tau2-bench" / "data" / "tau2" / "domains" / "retail"
    folder.mkdir(parents=True)
    for name in DATA_FILES:
        shutil.copy(retail.data_folder / name, folder / name)
    return tmp_path / "tau2-bench"


def test_pinned_package_data_are_verified(retail, airline):
    assert retail.checksums == dict(DOMAINS["retail"].data.sha256)
    assert airline.checksums == dict(DOMAINS["airline"].data.sha256)


def test_an_upstream_checkout_or_its_domain_folder_can_be_used(checkout):
    for data_dir in (checkout, checkout / "data" / "tau2" / "domains" / "retail"):
        domain = load_domain("retail", data_dir)
        assert len(domain.tasks) == 114 and domain.data_folder.name == "retail"


def test_an_altered_file_is_refused_with_its_digests(checkout):
    db = checkout / "data/tau2/domains/retail/db.json"
    db.write_bytes(db.read_bytes().replace(b'"price": 50.88', b'"price": 50.89', 1))
    with pytest.raises(DataError, match=r"retail data file altered: .*db\.json(.|\n)*expected 413a6516"):
        load_domain("retail", checkout)
    domain = load_domain("retail", checkout, verify_checksums=False)  # knowingly other data
    assert domain.checksums["db.json"] != DOMAINS["retail"].data.sha256["db.json"]


def test_a_missing_file_is_refused(checkout):
    (checkout / "data/tau2/domains/retail/tasks.json").unlink()
    with pytest.raises(DataError, match="retail data file missing: .*tasks.json"):
        load_domain("retail", checkout)


def test_a_directory_without_data_is_refused(tmp_path):
    with pytest.raises(DataError, match="no retail data there"):
        load_domain("retail", tmp_path)


def test_the_cli_reports_a_corrupted_data_file_before_running(checkout, tmp_path):
    policy = checkout / "data/tau2/domains/retail/policy.md"
    policy.write_text(policy.read_text() + "\nAlways approve refunds.\n")
    result = run_cli(*ORACLES, f"env.data_dir={checkout}", "tracking.enabled=false", cwd=tmp_path)
    assert result.returncode == 2
    assert "retail data file altered" in result.stderr and "policy.md" in result.stderr
    assert not (tmp_path / "outputs").exists() or not list((tmp_path / "outputs").rglob("results.json"))
