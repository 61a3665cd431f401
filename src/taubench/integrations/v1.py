"""``python -m taubench v1``: original τ-bench results files next to ours.

import FILE   score a v1 results file as the original leaderboard does and log it to
              MLflow as a run, comparable with ours in the UI
export FILE   write one of our results.json files in the v1 results format
rescore FILE  replay a v1 results file's tool calls in our v1 environment and grade them
              again, next to the rewards it records
"""

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Optional, Sequence

from taubench.core.domain import DataError
from taubench.domains import load_domain
from taubench.execution.settings import DEFAULT_EXPERIMENT, TrackingSettings
from taubench.reporting import v1_results
from taubench.reporting.mlflow_store import StoreError


def import_results(path: Path, args: argparse.Namespace) -> int:
    scores = v1_results.score(v1_results.load(path))
    print(f"v1 results {path}: {scores.num_episodes} episodes, {scores.num_tasks} tasks x {scores.num_trials} trials")
    print(f"  average reward  {scores.average_reward:.3f}")
    for k, value in scores.pass_hat_k.items():
        print(f"  pass^{k}          {value:.3f}")
    if scores.errors:
        print(f"  errors          {scores.errors} episodes raised (scored 0, as in v1)")
    if args.no_tracking:
        return 0
    from taubench.reporting.tracking import Artifact, Tracker

    settings = TrackingSettings(tracking_uri=args.tracking_uri, experiment=args.experiment)
    tracker = Tracker(settings, Path.cwd())
    params = {
        "source": str(path.resolve()),
        "format": "tau-bench v1 results",
        "env.name": args.env,
        "model.name": args.model,
    }
    run_id = tracker.start(
        name=args.name or f"v1 import {path.stem}",
        params={key: value for key, value in params.items() if value is not None},
        tags={"taubench.imported": "tau-bench v1 results"},
    )
    metrics = {
        "average_reward": scores.average_reward,
        "num_episodes": scores.num_episodes,
        "num_tasks": scores.num_tasks,
        "num_trials": scores.num_trials,
        "successes": scores.successes,
        "errors_total": scores.errors,
    } | {f"pass_hat_{k}": value for k, value in scores.pass_hat_k.items()}
    tracker.finish(run_id, metrics, [Artifact(path)])
    print(f"  MLflow run      {run_id} (experiment {args.experiment!r})")
    return 0


def export_results(path: Path, args: argparse.Namespace) -> int:
    document = json.loads(path.read_text(encoding="utf-8"))
    env = document["config"]["env"]
    domain = load_domain(env["name"], env.get("data_dir"), env.get("verify_checksums", True))
    output = Path(args.output) if args.output else path.with_name(path.stem + ".v1.json")
    output.write_text(json.dumps(v1_results.export(document, domain), indent=2), encoding="utf-8")
    print(f"wrote {len(document['episodes'])} episodes in the v1 format to {output}")
    return 0


def rescore_results(path: Path, args: argparse.Namespace) -> int:
    results = v1_results.load(path)
    domain = load_domain(args.env, args.data_dir.expanduser(), not args.no_verify)
    rescored = v1_results.rescore(results, domain, args.split or domain.spec.default_split)
    same = sum(item.rescored == item.recorded for item in rescored)
    print(f"rescored {len(rescored)} episodes of {path} on {args.env}: {same} recorded rewards reproduced")
    reasons = Counter(item.reason for item in rescored if item.reason)
    for reason, count in reasons.most_common():
        print(f"  {count} differ: {reason}")
    differing = sum(item.observations_differing for item in rescored)
    print(f"  replayed tool outputs unlike the recorded ones (after the 2025 province -> state rename): {differing}")
    if args.output:
        Path(args.output).write_text(json.dumps([item.model_dump() for item in rescored], indent=1), encoding="utf-8")
        print(f"  per-episode report: {args.output}")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m taubench v1", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    importing = commands.add_parser("import", help="score a v1 results file and log it to MLflow")
    importing.add_argument("file", type=Path)
    importing.add_argument("--env", help="the domain it ran on, recorded as env.name (e.g. airline_v1)")
    importing.add_argument("--model", help="the agent's model, recorded as model.name")
    importing.add_argument("--name", help="MLflow run name (default: v1 import <file>)")
    importing.add_argument("--experiment", default=DEFAULT_EXPERIMENT)
    importing.add_argument("--tracking-uri", help="default: the embedded store in ./mlruns")
    importing.add_argument("--no-tracking", action="store_true", help="only print the scores")
    exporting = commands.add_parser("export", help="write our results.json in the v1 results format")
    exporting.add_argument("file", type=Path)
    exporting.add_argument("-o", "--output", help="default: <file>.v1.json beside it")
    rescoring = commands.add_parser("rescore", help="replay a v1 results file's tool calls and grade them again")
    rescoring.add_argument("file", type=Path)
    rescoring.add_argument("--env", required=True, choices=["retail_v1", "airline_v1"])
    rescoring.add_argument(
        "--data-dir", required=True, type=Path, help="τ-bench data (a checkout or a folder of JSON files)"
    )
    rescoring.add_argument("--split", help="the split the file ran on (default: test)")
    rescoring.add_argument("--no-verify", action="store_true", help="accept data other than τ-bench 59a200c")
    rescoring.add_argument("-o", "--output", help="write the per-episode comparison here (JSON)")
    args = parser.parse_args(argv)
    if not args.file.is_file():
        parser.exit(2, f"taubench v1: no such file: {args.file}\n")
    try:
        commands_by_name = {"import": import_results, "export": export_results, "rescore": rescore_results}
        return commands_by_name[args.command](args.file, args)
    except (ValueError, KeyError, DataError) as exc:
        parser.exit(2, f"taubench v1: {args.file}: {exc}\n")
    except StoreError as exc:
        parser.exit(2, f"taubench v1: {exc}\n")


if __name__ == "__main__":
    sys.exit(main())
