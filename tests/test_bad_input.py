"""Bad input gets a clear error and leaves nothing behind: an output folder that cannot be
written, a disk that fills up mid-run, data files cut short, a refused command."""

import json
import resource
import shutil
import signal
import subprocess
import sys

import pytest
from conftest import ORACLES, SHARED, _cli_environment, run_cli

from taubench.core.domain import BundledData, DataError
from taubench.domains import DOMAINS, load_domain, of_origin
from taubench.execution.rundir import EPISODES_FILE, RESULTS_FILE

ORACLE_RUN = ["env=airline", *ORACLES, "progress=false"]


def assert_refused_cleanly(result: subprocess.CompletedProcess, *expected: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "HYDRA_FULL_ERROR" not in result.stderr, result.stderr
    for text in expected:
        assert text in result.stderr, result.stderr


def mlflow_runs(cwd) -> list:
    """The runs in the store under ``cwd``; the commands are run without a seeded store, so
    none at all should be there."""
    if not (cwd / "mlruns" / "mlflow.db").exists():
        return []
    from mlflow.tracking import MlflowClient

    from taubench.reporting.tracking import local_store

    client = MlflowClient(local_store(cwd)[0])
    experiment = client.get_experiment_by_name("taubench")
    return client.search_runs([experiment.experiment_id]) if experiment else []


def test_an_output_dir_under_a_regular_file_is_refused_before_anything_starts(tmp_path):
    (tmp_path / "results").write_text("a file, not a folder")
    result = run_cli(*ORACLE_RUN, f"output_dir={tmp_path}/results/run", cwd=tmp_path, seed_store=False)
    assert_refused_cleanly(result, f"output_dir: {tmp_path}/results/run cannot be made: {tmp_path}/results is a file")
    assert mlflow_runs(tmp_path) == []
    assert not (tmp_path / "outputs").exists()


def test_an_output_dir_that_cannot_be_written_is_refused_before_anything_starts(tmp_path):
    # /sys refuses new folders to every user, root included
    result = run_cli(*ORACLE_RUN, "output_dir=/sys/taubench-run", cwd=tmp_path, seed_store=False)
    assert_refused_cleanly(result, "cannot write /sys/taubench-run", "nothing was started")
    assert mlflow_runs(tmp_path) == []
    assert not (tmp_path / "outputs").exists()


def _files_up_to(limit_bytes: int):
    """In the child: no file may grow past ``limit_bytes`` (a write beyond fails as on a full
    disk, with EFBIG instead of ENOSPC) and SIGXFSZ does not kill the process."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return limit


def test_a_disk_that_fills_up_mid_run_stops_it_clearly_and_it_resumes_when_there_is_room(tmp_path):
    arguments = [*ORACLE_RUN, "max_concurrency=1", f"output_dir={tmp_path}/run", "tracking.enabled=false"]
    command = [sys.executable, "-m", "taubench", *arguments]
    full = subprocess.run(
        command,
        cwd=tmp_path,
        env=_cli_environment(None),
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=_files_up_to(200_000),
    )
    log = tmp_path / "run" / EPISODES_FILE
    recorded = log.read_bytes()
    assert_refused_cleanly(full, f"cannot write {log}: File too large", "episodes recorded before it are kept")
    assert 0 < len(recorded.splitlines()) < 50 and recorded.endswith(b"\n")  # whole lines only
    assert not (tmp_path / "run" / RESULTS_FILE).exists()

    resumed = run_cli(*arguments, cwd=tmp_path)  # room again: the same command finishes it
    assert resumed.returncode == 0, resumed.stderr
    assert log.read_bytes().startswith(recorded)
    results = json.loads((tmp_path / "run" / RESULTS_FILE).read_text())
    assert results["summary"]["num_episodes"] == 50 and results["summary"]["average_reward"] == 1.0


def test_a_full_disk_before_the_run_starts_leaves_no_mlflow_run(tmp_path):
    arguments = [*ORACLE_RUN, f"output_dir={tmp_path}/run"]
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "run.json.tmp").symlink_to("/dev/full")  # every write to it: ENOSPC
    result = run_cli(*arguments, cwd=tmp_path, seed_store=False)
    assert_refused_cleanly(result, "No space left on device", "nothing was started")
    assert mlflow_runs(tmp_path) == []


# Each loader once: τ²'s domains each have their own; ours all load through one (BundledData),
# proved on the mock and on the largest of them
LOADERS = [*of_origin("tau2"), "mock", "banking"]
CUT_SHORT = [
    *[(name, file) for name in LOADERS for file in DOMAINS[name].data_files],
    *[("retail_v1", file) for file in ("orders.json", "products.json", "users.json", "tasks_test.json")],
    *[("airline_v1", file) for file in ("flights.json", "reservations.json", "users.json", "tasks_test.json")],
]


@pytest.mark.parametrize("domain, file", CUT_SHORT)
def test_a_data_file_cut_short_is_a_data_error_naming_it(tmp_path, domain, file):
    if domain.endswith("_v1"):
        source = SHARED / "data" / "tau_bench_v1" / domain.removesuffix("_v1")
    else:
        source = load_domain(domain).data_folder
    data = tmp_path / "data"
    shutil.copytree(source, data)
    whole = (data / file).read_bytes()
    (data / file).write_bytes(whole[: len(whole) // 2 - 1])  # cut mid-record (and mid-character, if any)
    if file.endswith(".md"):  # any text is a policy; cut in a character it is not text
        (data / file).write_bytes("Refunds –".encode()[:-1])
    with pytest.raises(DataError, match=file.replace(".", r"\.")):
        load_domain(domain, data, verify_checksums=False)


def test_a_data_file_cut_short_stops_the_command_without_a_traceback(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(load_domain("airline").data_folder, data)
    (data / "db.json").write_bytes((data / "db.json").read_bytes()[:5000])
    result = run_cli(*ORACLE_RUN, f"env.data_dir={data}", "env.verify_checksums=false", cwd=tmp_path)
    assert_refused_cleanly(result, "airline db.json", "is not valid")


DEEP = 100_000  # levels: Python's own JSON and TOML parsers overflow the stack long before
V1_AIRLINE = SHARED / "data" / "tau_bench_v1" / "airline"


def nested(file: str, levels: int) -> str:
    """A file of ``file``'s format holding lists nested ``levels`` deep."""
    lists = "[" * levels + "]" * levels
    return f"key = {lists}\n" if file.endswith(".toml") else f'{{"key": {lists}}}'


MOCK_JSON = [file for file in DOMAINS["mock"].data_files if file.endswith(".json")]
CORRUPT = [
    *[("airline_v1", file, "not UTF-8") for file in sorted(path.name for path in V1_AIRLINE.iterdir())],
    *[("airline_v1", file, levels) for file in ("reservations.json", "tasks_test.json") for levels in (DEEP, 600)],
    *[("mock", file, "not UTF-8") for file in DOMAINS["mock"].data_files],
    *[("mock", file, DEEP) for file in MOCK_JSON],
    ("telecom", "db.toml", DEEP),
    ("telecom", "tasks.json", DEEP),
    ("telecom", "main_policy.md", "not UTF-8"),
]


def expected_problem(file: str, corruption) -> str:
    if corruption == "not UTF-8":
        return "is not UTF-8 text: byte 0xe9 at offset 5"
    if file in ("db.json", "split_tasks.json"):  # read by pydantic, whose JSON reader has its own limit
        return "Invalid JSON: recursion limit exceeded"
    return "nests lists or objects more than 100 levels deep"


@pytest.mark.parametrize("domain, file, corruption", CORRUPT)
def test_a_corrupt_data_file_is_a_data_error_naming_it(tmp_path, domain, file, corruption):
    """Nested past what Python's parsers take (100,000 levels), or deep enough to parse and
    overflow the recursive code after them (600), or not UTF-8: a DataError naming the file."""
    source = V1_AIRLINE if domain.endswith("_v1") else load_domain(domain).data_folder
    data = tmp_path / "data"
    shutil.copytree(source, data)
    if corruption == "not UTF-8":
        (data / file).write_bytes(b"Caf\xc3\xa9\xe9 " + (data / file).read_bytes())  # Latin-1 after UTF-8
    else:
        (data / file).write_text(nested(file, corruption))
    with pytest.raises(DataError) as raised:
        load_domain(domain, data, verify_checksums=False)
    assert file in str(raised.value) and expected_problem(file, corruption) in str(raised.value)


def test_a_corrupt_data_file_stops_the_command_without_a_traceback(tmp_path):
    data = tmp_path / "tau-bench"
    shutil.copytree(V1_AIRLINE, data / "airline")
    (data / "airline" / "reservations.json").write_text(nested("reservations.json", DEEP))
    run = ["env=airline_v1", f"env.data_dir={data}", "env.verify_checksums=false", *ORACLES, "task_ids=[0]"]
    result = run_cli(*run, cwd=tmp_path, seed_store=False)
    assert_refused_cleanly(result, f"{data}/airline/reservations.json nests lists or objects more than 100 levels deep")
    assert not (tmp_path / "outputs").exists() and not (tmp_path / "mlruns").exists()


@pytest.mark.parametrize(
    "arguments",
    [
        ["env=nope"],  # refused by Hydra's composition
        ["env=airline", *ORACLES, "task_ids=[999]"],  # refused by taubench's validation
        ["env=airline", "agent=tool_calling", "model=gpt4o"],  # a key missing from the environment
        ["-m", "env=airline", *ORACLES, "task_ids=[0],[999]"],  # a sweep with one bad job
    ],
)
def test_a_refused_command_leaves_no_folder_behind(tmp_path, arguments):
    result = run_cli(*arguments, cwd=tmp_path, seed_store=False)
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert not (tmp_path / "outputs").exists(), sorted(str(path) for path in (tmp_path / "outputs").rglob("*"))
    assert not (tmp_path / "mlruns").exists()


def test_every_loader_is_covered_by_the_cut_short_cases():
    """τ²'s and v1's domains each load their own way; every domain we write loads through the
    one loader of bundled data, so two of them stand for all."""
    covered = {domain for domain, _ in CUT_SHORT}
    assert set(DOMAINS) - covered <= set(of_origin("taubench")) and {"mock", "banking"} <= covered
    assert all(isinstance(DOMAINS[name].data, BundledData) for name in of_origin("taubench"))
