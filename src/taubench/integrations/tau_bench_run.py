"""``python -m taubench run`` (the ``taubench-run`` script): τ-bench's ``run.py`` command line.

The original options, in both spellings (``--agent-strategy`` and ``--agent_strategy``), become
the Hydra overrides of one run (``translate``, a pure function); the equivalent
``python -m taubench ...`` command is printed, then run through the entry point of
``python -m taubench`` itself: the same episodes, MLflow run and results as that command.
As in ``run.py``, ``--env retail``/``airline`` are τ-bench's own (v1) environments, the user
model defaults to gpt-4o, the seed to 10 and the concurrency to 1, and the original's results
file is written to ``--log-dir`` (``export.formats=[v1]``). An option we cannot honour is
refused before anything runs, with what to write instead. Settings of ``python -m taubench``
beyond run.py's go after ``--`` and are passed on as they are (``-- judge.model=... progress=false``).
"""

import argparse
import shlex
import sys
from difflib import get_close_matches
from pathlib import Path
from typing import NoReturn, Optional, Sequence

from pydantic import BaseModel

from taubench.core.masking import mask_secrets
from taubench.execution.model_configs import ModelConfig, config_naming, configs_ending_with, route
from taubench.execution.overrides import hydra_value
from taubench.execution.settings import secret_bearing
from taubench.models.routing import litellm_providers, unroutable
from taubench.models.spec import ModelSpec
from taubench.reporting.v1_results import V1_AGENT_STRATEGIES

ENVS = {
    "retail": "retail_v1",
    "airline": "airline_v1",
}  # τ-bench's --env -> ours; their τ² successors are retail, airline
USER_STRATEGIES = ("llm", "react", "verify", "reflection")
TASK_SPLITS = ("train", "test", "dev")
DECIBEL_OPTIONS = {"agent_id": "agent.agent_id", "project_id": "agent.project", "location": "agent.location"}
# run.py's defaults where ours differ: always passed, so the run is the one run.py made
ORIGINAL_SEED, ORIGINAL_CONCURRENCY, ORIGINAL_USER_MODEL = 10, 1, "gpt-4o"
# our provider configs' names, which are not litellm's (run.py took litellm's)
LITELLM_NAMES = {"together": "together_ai", "google": "gemini", "vllm": "hosted_vllm", "runpod": "hosted_vllm"}


class CompatError(Exception):
    """An old command line that cannot run as it is; the message says why and what to write."""


class Translation(BaseModel):
    overrides: list[str]  # for python -m taubench
    notes: list[str] = []  # what a τ-bench user should know about this run

    def command(self) -> str:
        return shlex.join(["python", "-m", "taubench", *self.overrides])


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CompatError(message)


def _parser() -> _Parser:
    parser = _Parser(
        prog="python -m taubench run",
        allow_abbrev=False,
        description=__doc__.split("\n\n")[0],
        epilog="Settings of python -m taubench beyond these go after --, as they are (-- progress=false). "
        "README: Coming from τ-bench.",
    )

    def option(name: str, **kwargs) -> None:
        flag = name.replace("_", "-")
        parser.add_argument(f"--{flag}", *([f"--{name}"] if flag != name else []), dest=name, **kwargs)

    option("env", choices=list(ENVS), default="retail")
    option("agent_strategy", choices=list(V1_AGENT_STRATEGIES), default="tool-calling")
    option("model", help="litellm model string (required but for decibel)")
    option("model_provider", help="litellm provider of --model")
    option("user_model", default=ORIGINAL_USER_MODEL)
    option("user_model_provider", help="litellm provider of --user-model")
    option("user_strategy", choices=USER_STRATEGIES)
    option("temperature", type=float)
    option("task_split", choices=TASK_SPLITS)
    option("task_ids", type=int, nargs="+")
    option("start_index", type=int)
    option("end_index", type=int, help="-1: to the end")
    option("num_trials", type=int)
    option("seed", type=int, default=ORIGINAL_SEED)
    option("shuffle", type=int, choices=(0, 1))
    option("max_concurrency", type=int, default=ORIGINAL_CONCURRENCY)
    option("few_shot_displays_path")
    option("log_dir", help="where the v1 results file goes (default: results)")
    for name in DECIBEL_OPTIONS:
        option(name, help="decibel (Dialogflow CX) only")
    option(
        "data_dir", type=Path, help="ours: a τ-bench checkout (or its data as JSON); default: this folder, if it is one"
    )
    return parser


def translate(argv: Sequence[str], cwd: Optional[Path] = None) -> Translation:
    """τ-bench ``run.py`` arguments -> the overrides of the same run; raises CompatError."""
    parser = _parser()
    argv = list(argv)
    cut = argv.index("--") if "--" in argv else len(argv)
    options, settings = argv[:cut], argv[cut + 1 :]  # after --: python -m taubench's own, passed on
    args, unknown = parser.parse_known_args(options)
    if unknown:
        raise CompatError(
            f"{unknown[0]}: not an option of τ-bench's run.py that taubench takes; its options: "
            + ", ".join(action.option_strings[0] for action in parser._actions[1:])
            + ". Settings of python -m taubench go after -- (README: Configuration)"
        )
    cwd = cwd or Path.cwd()
    env = ENVS[args.env]
    data_dir = hydra_value(str(_data_dir(args, cwd)))
    overrides = [f"env={env}", f"env.data_dir={data_dir}", f"agent={V1_AGENT_STRATEGIES[args.agent_strategy]}"]
    notes = [
        f"--env {args.env} is the original τ-bench (v1) {args.env}, as in τ-bench's run.py (env={env}); "
        f"its τ²-bench successor is env={args.env} (python -m taubench env={args.env} ...)"
    ]
    if args.agent_strategy == "decibel":
        overrides += _decibel(args)
    else:
        _refuse_decibel_options(args)
        if args.model is None:
            raise CompatError(
                f"--model is required with --agent-strategy {args.agent_strategy} (a litellm model string: gpt-4o)"
            )
        config, model = _model("--model", args.model, args.model_provider, notes)
        overrides.append(f"model={config.name}" if config else f"model.name={hydra_value(model)}")
    if args.temperature is not None:
        overrides.append(f"model.temperature={args.temperature}")
    if args.few_shot_displays_path is not None or args.agent_strategy == "few-shot":
        if args.agent_strategy != "few-shot" or args.few_shot_displays_path is None:
            raise CompatError(
                "--few-shot-displays-path goes with --agent-strategy few-shot, and that strategy needs it"
            )
        overrides.append(f"agent.examples_path={hydra_value(args.few_shot_displays_path)}")
    if args.user_strategy is not None:
        overrides.append(f"user={args.user_strategy}")
    user_config, user_model = _model("--user-model", args.user_model, args.user_model_provider, notes)
    overrides.append(f"user.model={hydra_value(user_model)}")
    if user_config is not None and user_config.pricing is not None:
        prices = ",".join(f"{key}:{value}" for key, value in user_config.pricing.model_dump(exclude_none=True).items())
        overrides.append(f"user.pricing={{{prices}}}")
    overrides += _tasks(args)
    overrides += [f"seed={args.seed}", f"max_concurrency={args.max_concurrency}", "export.formats=[v1]"]
    if args.log_dir is not None:
        overrides.append(f"export.v1_dir={hydra_value(args.log_dir)}")
    return Translation(overrides=overrides + settings, notes=notes)


def _data_dir(args: argparse.Namespace, cwd: Path) -> Path:
    """--data-dir, else this folder when it is a τ-bench checkout (where run.py was started)."""
    if args.data_dir is not None:
        return args.data_dir
    if (cwd / "tau_bench" / "envs" / args.env).is_dir():
        return cwd
    raise CompatError(
        f"--env {args.env} runs τ-bench's own (v1) {args.env}, whose data taubench does not ship: run this command "
        f"inside a τ-bench checkout, or give --data-dir <a τ-bench checkout, or a folder of its data as JSON> "
        f"(the setting env.data_dir of python -m taubench env={ENVS[args.env]})"
    )


def _decibel(args: argparse.Namespace) -> list[str]:
    for flag, given in (
        ("--model", args.model),
        ("--model-provider", args.model_provider),
        ("--temperature", args.temperature),
    ):
        if given is not None:
            raise CompatError(
                f"{flag}: the decibel agent is a Dialogflow CX agent, calling no model of ours; leave {flag} out"
            )
    missing = [f"--{name}" for name in ("agent_id", "project_id") if getattr(args, name) is None]
    if missing:
        raise CompatError(
            f"--agent-strategy decibel needs {' and '.join(missing)} "
            "(the Dialogflow CX agent's id and its Google Cloud project)"
        )
    given = {key: getattr(args, name) for name, key in DECIBEL_OPTIONS.items() if getattr(args, name) is not None}
    return [f"{key}={hydra_value(value)}" for key, value in given.items()]


def _refuse_decibel_options(args: argparse.Namespace) -> None:
    for name in DECIBEL_OPTIONS:
        if getattr(args, name) is not None:
            raise CompatError(
                f"--{name} is an option of --agent-strategy decibel only (the agent is {args.agent_strategy})"
            )


def _tasks(args: argparse.Namespace) -> list[str]:
    overrides = [f"task_split={args.task_split}"] if args.task_split else []
    if args.task_ids:
        overrides.append(f"task_ids=[{','.join(map(str, args.task_ids))}]")
    if args.start_index:
        overrides.append(f"start_index={args.start_index}")
    if args.end_index is not None and args.end_index != -1:
        if args.end_index < 0:
            raise CompatError(f"--end-index {args.end_index}: allowed: -1 (to the end) or an index after --start-index")
        overrides.append(f"end_index={args.end_index}")
    if args.num_trials is not None:
        overrides.append(f"num_trials={args.num_trials}")
    if args.shuffle is not None:
        overrides.append(f"shuffle={'true' if args.shuffle else 'false'}")
    return overrides


def _model(flag: str, model: str, provider: Optional[str], notes: list[str]) -> tuple[Optional[ModelConfig], str]:
    """The litellm model string run.py's pair meant (litellm called with ``custom_llm_provider``:
    the model with that prefix, unless it has it or litellm routes the bare name there anyway),
    and our config naming it, if any. A bare name litellm no longer routes is taken as the one
    config ending with it, said so in a note. A model string that carries a key (the old
    RunPod form) is refused without being repeated, as ``python -m taubench`` refuses it."""
    if reason := secret_bearing(model):
        raise CompatError(f"{flag}: {reason}")
    if provider is not None:
        providers = litellm_providers()
        if provider not in providers:
            nearest = LITELLM_NAMES.get(provider) or next(iter(get_close_matches(provider, providers, n=1)), None)
            hint = f"; did you mean {flag}-provider {nearest}?" if nearest else ""
            raise CompatError(f"{flag}-provider {provider!r}: not one of litellm's {len(providers)} providers{hint}")
        known = route(model)
        if not model.startswith(f"{provider}/") and (known is None or known[0] != provider):
            if (prefix := model.split("/", 1)[0]) in providers and "/" in model:
                notes.append(
                    f"{flag} {model} {flag}-provider {provider}: the model's own prefix names the provider {prefix}; "
                    f"taken as {provider} serving a model named {model} ({provider}/{model}); "
                    f"if {prefix} serves it, give {flag}-provider {prefix}"
                )
            model = f"{provider}/{model}"
    if unroutable(ModelSpec(model=model)) is None:
        return config_naming(model), model
    near = configs_ending_with(model.split("/", 1)[1] if provider and model.startswith(f"{provider}/") else model)
    if provider is None and len(near) == 1:
        notes.append(
            f"{flag} {model}: litellm no longer routes this name without a provider; taken as {near[0].model} "
            f"(our model config {near[0].name}); for another provider give {flag}-provider"
        )
        return near[0], near[0].model
    forms = [
        f"python -m taubench model={item.name}" if item.endpoint_of_its_own else f"{flag} {item.model}" for item in near
    ]
    if provider is None:
        forms.append(f"{flag}-provider <provider> (e.g. openai, anthropic, deepinfra, together_ai, gemini, vertex_ai)")
    raise CompatError(f"{flag} {model}: litellm cannot route it to a provider; nearest valid forms: {'; '.join(forms)}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if {"-h", "--help"} & set(arguments[: arguments.index("--") if "--" in arguments else None]):
        _parser().print_help()
        return 0
    try:
        translation = translate(arguments)
    except CompatError as exc:
        print(f"taubench run: {mask_secrets(str(exc))}", file=sys.stderr)
        return 2
    for note in translation.notes:
        print(f"taubench run: {mask_secrets(note)}", file=sys.stderr)
    print(f"taubench run: the same run as: {mask_secrets(translation.command())}", file=sys.stderr)
    from taubench.app.cli import run_command

    run_command(translation.overrides)  # what `taubench <overrides>` runs: one code path
    return 0


def script() -> None:
    sys.exit(main())


if __name__ == "__main__":
    script()
