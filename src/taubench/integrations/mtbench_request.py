"""MT Benchmark's request, as its orchestrators send it to the τ-bench fork:
``{"dataset_name": "tau_bench", "model_name": "gpt-4o", "subsets": "retail", "task_ids": [1, 2]}``.

Each subset (one name or a list; our environment names, as ``GET /scores?subset=`` takes them)
becomes one run of ``python -m taubench`` exporting its MT Bench scores (``export.formats=[mtbench]``),
the fork's layout ``<data dir>/tau_bench_<subset>_<timestamp>/<model>_scores.jsonl``, which
``GET /scores`` then serves. Taken by the HTTP API (``POST /mtbench/runs``) and by
``python -m taubench mtbench run --input request.json``.
"""

import argparse
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from taubench.domains import DOMAINS
from taubench.execution.model_configs import ModelConfig, all_configs, config_naming
from taubench.execution.overrides import hydra_value
from taubench.execution.settings import secret_bearing
from taubench.reporting.mtbench_export import DATASET_PREFIX, latest_scores_file


class MTBenchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dataset_name: str = Field(description=f"always {DATASET_PREFIX!r}", examples=[DATASET_PREFIX])
    model_name: str = Field(
        min_length=1,
        max_length=200,
        description="one of our model configs, or the model string it names",
        examples=["gpt-4o"],
    )
    subsets: Union[str, list[str]] = Field(
        description="an environment or a list", examples=["retail", ["retail", "airline"]]
    )
    task_ids: Optional[list[Union[int, str]]] = Field(
        None, max_length=1000, description="only these tasks of each subset"
    )

    @field_validator("dataset_name")
    @classmethod
    def _ours(cls, value: str) -> str:
        if value != DATASET_PREFIX:
            raise ValueError(f"{value[:200]!r} is not this benchmark; allowed: {DATASET_PREFIX}")
        return value

    @field_validator("subsets")
    @classmethod
    def _environments(cls, value: Union[str, list[str]]) -> list[str]:
        subsets = [value] if isinstance(value, str) else list(dict.fromkeys(value))
        if not subsets:
            raise ValueError("empty; give an environment or a list of them")
        unknown = [subset[:200] for subset in subsets if subset not in DOMAINS]
        if unknown:
            raise ValueError(f"unknown environment {unknown[0]!r}; allowed: {', '.join(DOMAINS)}")
        return subsets

    def subset_list(self) -> list[str]:
        return list(self.subsets)


class RequestProblem(ValueError):
    """A request that cannot run; the message names the field and what it accepts."""


def parse_request(data: object) -> MTBenchRequest:
    try:
        return MTBenchRequest.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"]) or "request"
        message = error["msg"]
        if error["type"] == "extra_forbidden":
            message = "not a known field; allowed: dataset_name, model_name, subsets, task_ids"
        raise RequestProblem(f"{field}: {message.removeprefix('Value error, ')}") from None


def model_overrides(model_name: str, any_string: bool) -> tuple[list[str], str]:
    """The overrides choosing the model, and the name its scores file goes by: one of our
    configs by name or by the string it names (``gpt-4o`` -> ``model=gpt4o``); with
    ``any_string`` (the command line, not the API, where the server chooses endpoints), any
    litellm model string. A string that carries a key (the old RunPod form) is refused
    without being repeated, by the API and the command line alike."""
    if reason := secret_bearing(model_name):
        raise RequestProblem(f"model_name: {reason}")
    config = _config_of(model_name)
    if config is not None:
        return [f"model={config.name}"], config.model
    if any_string:
        return [f"model.name={hydra_value(model_name)}"], model_name
    raise RequestProblem(
        f"model_name: {model_name[:200]!r} is not one of this server's model configs; allowed: "
        + ", ".join(f"{config.name} ({config.model})" for config in all_configs())
    )


def scores_label(model_name: str) -> str:
    """The name a model's scores file goes by: for one of our configs (by its name or a string
    naming it), the config's model string; else the name itself."""
    config = _config_of(model_name)
    return config.model if config else model_name


def _config_of(model_name: str) -> Optional[ModelConfig]:
    return next((config for config in all_configs() if config.name == model_name), None) or config_naming(model_name)


def run_overrides(request: MTBenchRequest, any_model_string: bool) -> tuple[dict[str, list[str]], str]:
    """Per subset, the overrides of its run (without the export's, which the caller adds);
    and the model name the scores go by."""
    model, label = model_overrides(request.model_name, any_model_string)
    tasks = [f"task_ids=[{','.join(map(str, request.task_ids))}]"] if request.task_ids else []
    return {subset: [f"env={subset}", *model, *tasks] for subset in request.subset_list()}, label


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m taubench mtbench run",
        description="Run an MT Benchmark request: one run per subset, its scores exported.",
    )
    parser.add_argument("--input", required=True, type=Path, help="the request (JSON file)")
    parser.add_argument(
        "--data-dir", type=Path, default=Path("data"), help="where the exports go, for /scores (default: data)"
    )
    parser.add_argument(
        "overrides", nargs="*", help="more settings of python -m taubench, e.g. env.data_dir=... for a v1 subset"
    )
    args = parser.parse_args(argv)
    try:
        request = parse_request(json.loads(args.input.read_text(encoding="utf-8")))
        runs, label = run_overrides(request, any_model_string=True)
    except (OSError, ValueError) as exc:  # RequestProblem, unreadable or invalid JSON
        parser.exit(2, f"taubench mtbench: {args.input}: {exc}\n")
    status = 0
    for subset, overrides in runs.items():
        overrides += ["export.formats=[mtbench]", f"export.data_dir={hydra_value(str(args.data_dir))}", *args.overrides]
        command = shlex.join(["python", "-m", "taubench", *overrides])
        print(
            f"taubench mtbench: subset {subset} ({_benchmark_of(subset)}): {command}",
            file=sys.stderr,
            flush=True,
        )
        code = subprocess.run([sys.executable, "-m", "taubench", *overrides]).returncode
        scores = latest_scores_file(args.data_dir, label, subset) if code in (0, 3) else None
        outcome = f"scores {scores} (GET /scores?model={label}&subset={subset})" if scores else f"failed (exit {code})"
        print(f"taubench mtbench: subset {subset}: {outcome}")
        status = max(status, code)
    return status


def _benchmark_of(subset: str) -> str:
    """Which benchmark's environment a subset names: "retail" is τ²-bench's here, where
    ``taubench.integrations.tau_bench_run --env retail`` (τ-bench's own command line) means τ-bench v1's."""
    origin = DOMAINS[subset].origin
    if origin == "v1":
        return f"τ-bench v1's {subset.removesuffix('_v1')}"
    if origin != "tau2":
        return f"taubench's {subset}"
    return f"τ²-bench's {subset}" + (f", not τ-bench v1's {subset}_v1" if f"{subset}_v1" in DOMAINS else "")
