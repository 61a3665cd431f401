"""τ-bench's ``auto_error_identification.py`` on our error analysis: a v1 results file, with the
original's flags, through ``python -m taubench analysis``.

As the original does, the results whose reward is at most 1e-3 are analysed (the first N of
them with ``--max-num-failed-results``), each task looked up in the **test** split: whose fault
the failure was (user, agent or environment) and, for the agent's, its type. The analyst is
ours (``taubench.reporting.analysis``: one request per episode, with the policy, the scenario, the
conversation and the expected actions). Unlike the original, the trajectory is in every request,
also for a task graded on outputs: the original leaves it out then, and its verdicts are made
without the conversation. Written into ``--output-path`` (a folder): ``error_analysis.json``,
ours, and ``fault_analysis.json`` in the original's shape.
"""

import argparse
import json
from pathlib import Path
from typing import Optional, Sequence

from taubench.core.domain import DataError
from taubench.domains import load_domain
from taubench.execution.rundir import write_atomically
from taubench.execution.settings import LLMSettings
from taubench.models.routing import missing_key
from taubench.models.spec import ModelSpec
from taubench.reporting import v1_results
from taubench.reporting.fault_attribution import ErrorAnalysis, analyse, client_for, write

FAILED_AT_MOST = 1e-3  # the original's rule for a failed result
TEST_SPLIT = "test"  # the original looks every task up there
V1_OUTPUT_FILE = "fault_analysis.json"
# --platform -> litellm's prefix; the original's completion-only platforms have no chat model to ask
PLATFORMS = {
    "openai": "openai",
    "anthropic": "anthropic",
    "mistral": "mistral",
    "anyscale": "anyscale",
    "vllm-chat": "hosted_vllm",
}
NOT_CHAT = ("outlines", "vllm-completion")
V1_FAULT_TYPES = {
    "wrong_tool": "called_wrong_tool",
    "wrong_argument": "used_wrong_tool_argument",
    "partial_goal": "goal_partially_completed",
    "other": "other",
}


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(
        prog="python -m taubench analysis --results-path FILE",
        description="τ-bench's auto_error_identification.py: "
        "attribute the fault of each failed result of a v1 results file.",
    )
    found.add_argument("--results-path", type=Path, required=True, help="a τ-bench (v1) results file")
    found.add_argument("--env", required=True, choices=["airline", "retail"], help="the τ-bench domain it ran on")
    found.add_argument(
        "--data-dir", type=Path, required=True, help="τ-bench's data (a checkout or a folder of its JSON)"
    )
    found.add_argument(
        "--platform", required=True, choices=[*PLATFORMS, *NOT_CHAT], help="where the analyst model is served"
    )
    found.add_argument(
        "--model", help="the analyst model (required here: the original falls back to its platform's default)"
    )
    found.add_argument("--base-url", help="the platform's endpoint (vllm-chat, or a proxy)")
    found.add_argument("--max-concurrency", type=int, default=1, help="requests at once (default: %(default)s)")
    found.add_argument("--output-path", type=Path, required=True, help="the folder the analysis is written to")
    found.add_argument("-n", "--max-num-failed-results", type=int, help="analyse only the first N failed results")
    return found


def main(argv: Optional[Sequence[str]] = None) -> int:
    command = parser()
    args = command.parse_args(argv)
    spec = _analyst(command, args)
    if args.max_concurrency < 1:
        command.error(f"--max-concurrency: must be at least 1 (got {args.max_concurrency})")
    try:
        domain = load_domain(f"{args.env}_v1", args.data_dir)
        results = v1_results.load(args.results_path)
    except (DataError, OSError, ValueError) as exc:
        command.exit(2, f"taubench analysis: {exc}\n")
    failed = [result for result in results if result.reward <= FAILED_AT_MOST][: args.max_num_failed_results]
    tasks = domain.tasks_in(TEST_SPLIT)
    unknown = sorted({str(result.task_id) for result in failed} - set(tasks), key=int)
    if unknown:
        command.exit(2, f"taubench analysis: tasks {', '.join(unknown)} are not in {args.env}'s {TEST_SPLIT} split\n")
    with client_for(spec, LLMSettings()) as client:
        analysis = analyse(
            [v1_results.episode_of(result) for result in failed], domain, tasks, client, args.max_concurrency
        )
    args.output_path.mkdir(parents=True, exist_ok=True)
    path = write(analysis, args.output_path)
    write_atomically(args.output_path / V1_OUTPUT_FILE, json.dumps(v1_shape(analysis), indent=4))
    print(analysis.summary(path))
    print(f"  and in τ-bench's shape: {(args.output_path / V1_OUTPUT_FILE).resolve()}")
    return 0


def _analyst(command: argparse.ArgumentParser, args: argparse.Namespace) -> ModelSpec:
    """The analyst from the original's flags, or the command stops saying what is missing."""
    if args.platform in NOT_CHAT:
        command.exit(
            2,
            f"taubench analysis: --platform {args.platform}: a completion-only platform; the analyst needs a "
            f"chat model ({', '.join(PLATFORMS)})\n",
        )
    if not args.model:
        command.exit(
            2,
            "taubench analysis: --model: name the analyst model (e.g. --model gpt-4o); the original falls "
            "back to its platform's default, which taubench does not guess\n",
        )
    prefix = PLATFORMS[args.platform]
    model = args.model if args.model.startswith(f"{prefix}/") else f"{prefix}/{args.model}"
    spec = ModelSpec(model=model, api_base=args.base_url)
    variable = missing_key(spec)
    if variable:
        command.exit(
            2,
            f"taubench analysis: --platform {args.platform}: the environment variable {variable} is not set\n",
        )
    return spec


def v1_shape(analysis: ErrorAnalysis) -> dict:
    """The original's output: an entry per analysed result for the fault, one per agent fault for its type."""
    answered = [entry for entry in analysis.episodes if entry.error is None]
    return {
        "fault_assignment_analysis": [
            {"task_id": int(entry.task_id), "author": entry.fault, "description": entry.explanation}
            for entry in answered
        ],
        "fault_type_analysis": [
            {
                "task_id": int(entry.task_id),
                "fault_type": V1_FAULT_TYPES[entry.fault_type],
                "description": entry.explanation,
            }
            for entry in answered
            if entry.fault == "agent" and entry.fault_type
        ],
    }
