"""A run's progress on stderr: episodes done of all, the running success rate over scored
episodes, time. On a terminal a bar redrawn in place; in a log (a file, a pipe) a plain line
every half minute and at the end, never the carriage-return frames a terminal redraws."""

import sys
from typing import TextIO

from tqdm import tqdm

from taubench.core.episode import EpisodeResult
from taubench.core.metrics import is_success

LOG_INTERVAL_S = 30.0  # between two lines of a log
LOG_FORMAT = "{desc}: {n_fmt}/{total_fmt} episodes [{elapsed} elapsed, {remaining} left{postfix}]"


class LogLines:
    """A stream for the bar where stderr is not a terminal: each redraw becomes one line."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> None:
        line = text.replace("\r", "").strip()
        if line:
            self.stream.write(line + "\n")

    def flush(self) -> None:
        self.stream.flush()


class RunProgress:
    """done/total, running success rate over scored episodes, elapsed time."""

    def __init__(self, total: int, already_done: int, label: str, enabled: bool):
        terminal = sys.stderr.isatty()
        self.bar = tqdm(
            total=total,
            initial=already_done,
            desc=label,
            unit="episode",
            disable=not enabled,
            file=sys.stderr if terminal else LogLines(sys.stderr),
            dynamic_ncols=terminal,
            mininterval=0.5 if terminal else LOG_INTERVAL_S,
            bar_format=None if terminal else LOG_FORMAT,
        )
        self.scored = 0
        self.successes = 0
        self.unscored = 0

    def __enter__(self):
        return self

    def advance(self, episode: EpisodeResult) -> None:
        if episode.reward is None:
            self.unscored += 1
        else:
            self.scored += 1
            self.successes += is_success(episode.reward)
        rate = f"{self.successes / self.scored:.1%}" if self.scored else "-"
        self.bar.set_postfix_str(
            f"success {self.successes}/{self.scored} ({rate}), unscored {self.unscored}", refresh=False
        )
        self.bar.update(1)

    def __exit__(self, *exc_info):
        self.bar.close()
