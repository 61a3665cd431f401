"""Long runs: a run keeps a few facts of each finished episode, never the records themselves
(trajectories stay in episodes.jsonl), and still reports exactly what its episodes were:
results.json, the summary and ``RunReport.episodes`` are those of the records as they ended."""

import gc
import json

from test_llm_path import merged

import taubench.execution.episode_runner as episode_runner
from taubench import run
from taubench.core.episode import EpisodeResult
from taubench.core.metrics import EpisodeFacts, summarize
from taubench.domains import load_domain
from taubench.execution.rundir import EPISODES_FILE, RESULTS_FILE, EpisodeRecords, read_episode_log
from taubench.execution.runner import plan_episodes
from taubench.execution.settings import parse_settings
from taubench.execution.task_selection import select_tasks
from taubench.testing.scripted_server import Faults, ScriptedServer

ODD_TEXT = ' é 中文 😀 \u2028 \u2029 \x85 \x0b \r\n "quoted" \\ end'  # line breaks for str.splitlines, not for JSON


def recording(monkeypatch) -> list[EpisodeResult]:
    """Every record ``run_episode`` returns to the runner, in the order they come."""
    returned = []
    real = episode_runner.run_episode

    def recorded(*args, **kwargs):
        result = real(*args, **kwargs)
        returned.append(result)
        return result

    monkeypatch.setattr(episode_runner, "run_episode", recorded)
    return returned


def oracle_settings(tmp_path, **extra):
    config = {
        "env": {"name": "airline"},
        "agent": {"name": "oracle"},
        "user": {"name": "oracle"},
        "tracking": {"enabled": False},
        "progress": False,
        "output_dir": str(tmp_path / "run"),
    }
    return parse_settings(merged(config, extra))


def in_plan_order(returned: list[EpisodeResult], settings) -> list[EpisodeResult]:
    last = {(episode.task_id, episode.trial): episode for episode in returned}  # a rerun replaces its failed run
    tasks = select_tasks(settings, load_domain(settings.env.name))
    return [
        last[item.task.id, item.trial]
        for item in plan_episodes(tasks, settings.num_trials, settings.seed, settings.shuffle)
    ]


def assert_results_are_those_of(report, expected: list[EpisodeResult], settings) -> None:
    text = report.results_file.read_text(encoding="utf-8")
    document = json.loads(text)
    assert text == json.dumps(document, indent=1, ensure_ascii=False)  # the layout json.dumps gives the document
    assert document["episodes"] == [episode.model_dump(mode="json") for episode in expected]
    assert document["summary"] == report.summary.model_dump(mode="json")
    assert report.summary == summarize(settings.env.name, expected, settings.num_trials, report.summary.duration_s)
    assert isinstance(report.episodes, EpisodeRecords) and len(report.episodes) == len(expected)
    assert report.episodes == expected and list(report.episodes) == expected
    assert report.episodes[-1] == expected[-1] and report.episodes[1:3] == expected[1:3]


def test_results_and_summary_are_those_of_the_records_as_they_ended(tmp_path, monkeypatch):
    """Through the LLM path with faults: costs, tokens, reruns after infrastructure errors,
    malformed tool calls and unscored episodes (retail NL assertions, no judge) all come out
    as the records had them."""
    monkeypatch.setattr(episode_runner, "EPISODE_RETRY_DELAY_S", 0.0)
    returned = recording(monkeypatch)
    task_ids = [str(i) for i in range(12)]
    faults = Faults(
        server_error=0.03, malformed_tool_call=0.1, seed=5
    )  # most episodes of tasks 2-4 (unscored: no judge) get through
    with ScriptedServer(domains=("retail",), faults=faults) as server:
        config = {
            "env": {"name": "retail"},
            "agent": {"name": "tool_calling"},
            "user": {"name": "llm"},
            "model": {"name": "openai/scripted", "pricing": {"input": 1.5, "output": 3.7}},
            "provider": {"name": "scripted", "api_base": server.url, "label_requests": True},
            "llm": {"max_attempts": 1},  # a server error fails the episode: it is rerun
            "task_ids": task_ids,
            "num_trials": 2,
            "max_concurrency": 3,
            "episode_retries": 2,
            "tracking": {"enabled": False},
            "progress": False,
            "output_dir": str(tmp_path / "run"),
        }
        settings = parse_settings(config)
        report = run(settings, base_dir=tmp_path)
    expected = in_plan_order(returned, settings)
    assert report.summary.episode_reruns > 0 and report.summary.unscored_episodes > 0 and report.summary.total_cost > 0
    assert sum(episode.num_tool_errors for episode in expected) > 0
    assert_results_are_those_of(report, expected, settings)


def test_any_text_in_a_record_is_written_and_read_back_exactly(tmp_path, monkeypatch):
    """Non-ASCII text and characters str.splitlines would break a line at survive
    episodes.jsonl, results.json and resuming."""
    real = episode_runner.run_episode

    def with_odd_text(*args, **kwargs):
        result = real(*args, **kwargs)
        result.messages[0].content += ODD_TEXT
        return result

    monkeypatch.setattr(episode_runner, "run_episode", with_odd_text)
    returned = recording(monkeypatch)
    settings = oracle_settings(tmp_path, task_ids=["0", "1", "2"], max_concurrency=1)  # logged as returned
    report = run(settings, base_dir=tmp_path)
    assert all(episode.messages[0].content.endswith(ODD_TEXT) for episode in report.episodes)
    assert_results_are_those_of(report, in_plan_order(returned, settings), settings)

    log = report.output_dir / EPISODES_FILE
    whole = log.read_bytes()
    log.write_bytes(whole + b'{"task_id": "3", "cut short by a cra')
    logged = read_episode_log(log, repair=True)  # as a resumed run reads it
    assert log.read_bytes() == whole  # the cut line is cut off the file
    assert [episode.facts for episode in logged] == [EpisodeFacts.of(episode) for episode in returned]
    assert EpisodeRecords(log, [episode.offset for episode in logged]) == returned


def test_a_run_holds_no_record_of_a_finished_episode(tmp_path, monkeypatch):
    """Counted among the live objects while the episodes run (one at a time) and after the
    run: the runner lets every record go once it is written; the report reads them back."""
    real = episode_runner.run_episode
    started, live = [], []

    def counting(*args, **kwargs):
        started.append(True)
        if len(started) % 25 == 0:  # (a look at every object takes a while)
            live.append(sum(isinstance(thing, EpisodeResult) for thing in gc.get_objects()))
        return real(*args, **kwargs)

    monkeypatch.setattr(episode_runner, "run_episode", counting)
    report = run(oracle_settings(tmp_path, num_trials=3, max_concurrency=1), base_dir=tmp_path)
    assert len(started) == 150 and len(live) == 6 and max(live) <= 1  # at most the one just written
    gc.collect()
    assert not [thing for thing in gc.get_objects() if isinstance(thing, EpisodeResult)]
    assert report.summary.num_episodes == 150 and report.summary.average_reward == 1.0
    episodes = list(report.episodes)  # read from episodes.jsonl
    assert len(episodes) == 150 and all(episode.messages and episode.reward == 1.0 for episode in episodes)
    assert json.loads((report.output_dir / RESULTS_FILE).read_text())["episodes"] == [
        episode.model_dump(mode="json") for episode in episodes
    ]
