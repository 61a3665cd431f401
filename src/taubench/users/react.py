"""The ReAct user simulator: the model reasons privately before each customer message.

Every answer has a ``Thought:`` part and then a ``User Response:`` part, and only the response
reaches the agent (τ-bench v1 sent the thought along with it). The thought is kept in the
message's ``thoughts`` field and every raw answer in ``drafts``: on record, never shown to
the agent. An end token anywhere in an answer ends the conversation with that token. An
answer with no readable response is asked for again with a note saying what was wrong, at
most ``max_reasks`` times per turn (counted in ``Usage.corrections``); then the simulator
gives up with an error, recorded as the episode's user_error.
"""

from typing import Optional, Sequence

from pydantic import BaseModel, ConfigDict, Field

from taubench.core.environment import STOP_TOKENS
from taubench.core.episode import sum_usage
from taubench.core.messages import Draft, Message, UserMessage
from taubench.core.participants import EpisodeContext
from taubench.models.client import LLMClient
from taubench.users.llm import LLMUser, labelled_parts, with_note

THOUGHT_LABEL = "Thought:"
RESPONSE_LABEL = "User Response:"
REACT_FORMAT = f"""Think before you write each message. Lay out every answer in two labelled parts, in this order:
{THOUGHT_LABEL}
<your private notes: where the conversation stands, what the scenario has you do next>
{RESPONSE_LABEL}
<the message for the agent, and nothing else>
The agent reads only what follows "{RESPONSE_LABEL}", so keep your notes out of it. An end \
token, when one applies, is the whole of that part."""


class UserFormatError(ValueError):
    """The model kept answering in a form no customer message can be read from."""


class ReactOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_reasks: int = Field(2, ge=0)  # per turn, after an answer with no readable response


class ReactUser(LLMUser):
    acts_with_tools = False  # its reply format has no place for tool calls
    Options = ReactOptions
    reply_format = REACT_FORMAT
    caller = "user/react"

    def __init__(self, context: EpisodeContext, client: LLMClient, options: ReactOptions):
        super().__init__(context, client)
        self.max_reasks = options.max_reasks

    def respond(self, trajectory: Sequence[Message]) -> UserMessage:
        messages = self.prompt(trajectory)
        usages, drafts = [], []
        for reasks in range(self.max_reasks + 1):
            completion = self.ask(messages)
            usages.append(completion.usage)
            answer = completion.content or ""
            token = end_token(answer)
            try:
                thought, response = labelled_parts(answer, THOUGHT_LABEL, RESPONSE_LABEL)
            except ValueError as problem:
                if token is None:
                    drafts.append(Draft(content=answer, accepted=False, reason=str(problem)))
                    messages = with_note(messages, answer, correction(problem))
                    continue
                thought, response = answer.strip(), token  # a token ends the turn however it is laid out
            drafts.append(Draft(content=answer, accepted=True))
            usage = sum_usage(usages).model_copy(update={"corrections": reasks})
            return UserMessage(content=token or response, usage=usage, thoughts=thought, drafts=drafts)
        raise UserFormatError(
            f"react user: {len(drafts)} answers in a row had no readable {RESPONSE_LABEL!r} part "
            f"({drafts[-1].reason}); the last one: {drafts[-1].content!r:.300}"
        )


def end_token(answer: str) -> Optional[str]:
    """The end token that comes first in the answer, if any."""
    found = [(answer.find(token), token) for token in STOP_TOKENS if token in answer]
    return min(found)[1] if found else None


def correction(problem: ValueError) -> str:
    return (
        f"Your last answer was not sent, because {problem}. Write it again: your notes after "
        f'"{THOUGHT_LABEL}", then the message for the agent after "{RESPONSE_LABEL}".'
    )
