"""``python -m taubench`` with hooks for the kill tests: it announces each step of a run's
life as it reaches it and can hold at one, so a test kills it there and nowhere else.

Environment: ``PAUSE_MARKERS`` (a file each reached step is appended to), ``PAUSE_AT`` (the
steps to hold at for a minute, comma-separated), ``EPISODE_DELAY_S`` (added to every
episode, so a run lasts long enough to be killed in the middle). The steps, in order of a
run's life:

- ``claimed``: run.json and the resume pointer written, no MLflow run yet (or not reopened);
- ``mlflow_created``: a new MLflow run exists, run.json does not name it yet;
- ``episodes_done``: results.json written, nothing after it;
- ``after_run_done``: charts and pages written, MLflow not yet finished;
- ``mlflow_finished``: the MLflow run FINISHED, the run not yet marked complete;
- ``completed``: run.json says complete, the pointer not yet removed.
"""

import os
import sys
import time
from functools import wraps

import taubench.app.cli as cli
import taubench.app.lifecycle as lifecycle
import taubench.execution.episode_runner as episode_runner
from taubench.execution.rundir import Pointer
from taubench.reporting.tracking import Tracker

HOLD_S = 60


def reached(step: str) -> None:
    with open(os.environ["PAUSE_MARKERS"], "a", encoding="utf-8") as markers:
        markers.write(step + "\n")
    if step in os.environ.get("PAUSE_AT", "").split(","):
        time.sleep(HOLD_S)


def announce(owner, name: str, step: str, before: bool = False) -> None:
    real = getattr(owner, name)

    @wraps(real)
    def hooked(*args, **kwargs):
        if before:
            reached(step)
        result = real(*args, **kwargs)
        if not before:
            reached(step)
        return result

    setattr(owner, name, hooked)


def slowed(real, delay_s: float):
    @wraps(real)
    def episode(*args, **kwargs):
        time.sleep(delay_s)
        return real(*args, **kwargs)

    return episode


announce(lifecycle, "_mlflow_run", "claimed", before=True)
announce(Tracker, "start", "mlflow_created")
announce(lifecycle, "execute", "episodes_done")
announce(lifecycle, "after_run", "after_run_done")
announce(Tracker, "finish", "mlflow_finished")
announce(Pointer, "remove", "completed", before=True)
episode_runner.run_episode = slowed(episode_runner.run_episode, float(os.environ.get("EPISODE_DELAY_S", "0")))

if __name__ == "__main__":
    sys.argv[0] = "taubench"
    cli.main()
