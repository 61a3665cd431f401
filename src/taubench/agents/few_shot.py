"""The few-shot agent: the tool-calling agent with example conversations in its system prompt.

The examples come from a JSONL file (τ-bench's few-shot data: one ``{"messages_display":
"<transcript>"}`` object per line), read and checked once when the configuration is
validated. Each episode draws ``num_examples`` of them with its own generator, seeded by the
trial's seed and the task id: the draw is the same whatever the concurrency or the order
in which episodes run (v1 drew from the global generator, so threads changed it).
"""

import json
import random
from functools import cached_property
from pathlib import Path
from typing import Optional

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from taubench.agents.tool_calling import ToolCallingAgent, ToolCallingOptions
from taubench.core.participants import EpisodeContext
from taubench.models.client import LLMClient

EXAMPLES_NOTE = """Below are transcripts of earlier conversations, one line per turn \
("user:", "assistant:", "tool:"). A tool call shows only as "assistant: None" followed by \
its result. They show how such conversations go; where they disagree with the policy, the \
policy wins."""


class Example(BaseModel):
    messages_display: str


class FewShotOptions(ToolCallingOptions):
    num_examples: int = Field(5, ge=1)
    examples_path: Optional[Path] = Field(None, validate_default=True)

    @field_validator("examples_path")
    @classmethod
    def _enough_examples(cls, path: Optional[Path], info: ValidationInfo) -> Path:
        if path is None:
            raise ValueError(
                'required: a JSONL file of example conversations, one {"messages_display": "<transcript>"} '
                "object per line (τ-bench's few_shot_data/*.jsonl)"
            )
        wanted, found = info.data.get("num_examples"), len(read_examples(path))
        if wanted is not None and found < wanted:
            raise ValueError(f"{path} holds {found} examples, fewer than num_examples={wanted}")
        return path

    @cached_property
    def examples(self) -> list[str]:
        assert self.examples_path is not None  # _enough_examples lets no None through
        return read_examples(self.examples_path)


def read_examples(path: Path) -> list[str]:
    """The transcripts of a few-shot file; a ``ValueError`` naming the file and line if it
    cannot be read."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    examples = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            examples.append(Example.model_validate(json.loads(line)).messages_display)
        except ValueError:  # pydantic's ValidationError included
            raise ValueError(f'{path} line {number}: not a JSON object with a "messages_display" string') from None
    return examples


def examples_block(examples: list[str]) -> str:
    shown = "\n".join(f'<example number="{n}">\n{text}\n</example>' for n, text in enumerate(examples, start=1))
    return f"<examples>\n{EXAMPLES_NOTE}\n{shown}\n</examples>"


class FewShotAgent(ToolCallingAgent):
    Options = FewShotOptions
    caller = "agent/few_shot"

    def __init__(self, context: EpisodeContext, client: LLMClient, options: FewShotOptions):
        super().__init__(context, client, options)
        draw = random.Random(f"{context.seed}:{context.task.id}").sample(options.examples, options.num_examples)
        self.system = f"{self.system}\n{examples_block(draw)}"
