"""The reflecting user simulator: a rejected message is reflected on and revised.

The user's model writes a reply, which the supervisor of ``verify`` reviews. If it is
rejected, the model is shown its reply and the supervisor's reason and asked for a short
reflection and a revised message; the revision is reviewed in turn. At most
``max_attempts`` messages are reviewed per turn (the first reply included). The first
accepted one is sent; if none is, the first reply is (as in τ-bench v1: a revision nobody
approved has no better claim than the original). A revision that cannot be read counts as
a rejected attempt. Only the sent message enters the conversation (v1 kept every rejected
reply in the simulator's history); every candidate, verdict and reflection is kept in the
message's ``drafts``, and the usage of every call of the turn is summed into its ``usage``.
"""

from typing import Sequence

from pydantic import Field

from taubench.core.episode import sum_usage
from taubench.core.messages import Draft, Message, UserMessage
from taubench.users.llm import labelled_parts, reply_text, with_note
from taubench.users.verify import VerifyOptions, VerifyUser

REFLECTION_LABEL = "Reflection:"
REVISION_LABEL = "Revised message:"


def reflection_request(reason: str) -> str:
    return (
        f"A reviewer stopped that message before it reached the agent: {reason} Think about why it was stopped, "
        f"then write a better message. Lay out your answer in two labelled parts:\n"
        f"{REFLECTION_LABEL}\n<one or two sentences: what was wrong, what the customer should say instead>\n"
        f"{REVISION_LABEL}\n<the message for the agent, and nothing else>"
    )


class ReflectionOptions(VerifyOptions):
    max_attempts: int = Field(2, ge=1)  # messages reviewed per turn, the first reply included


class ReflectionUser(VerifyUser):
    Options = ReflectionOptions
    caller = "user/reflection"  # its steps: reply, supervisor (VerifyUser.review), reflect

    def respond(self, trajectory: Sequence[Message]) -> UserMessage:
        messages = self.prompt(trajectory)
        completion = self.ask(messages, "reply")
        first, usage = self.review(trajectory, reply_text(completion))
        usages, drafts = [completion.usage, usage], [first]
        rejected = first  # the latest readable rejected message: what the next reflection is about
        while not drafts[-1].accepted and len(drafts) < self.max_attempts:
            completion = self.ask(with_note(messages, rejected.content, reflection_request(rejected.reason)), "reflect")
            usages.append(completion.usage)
            try:
                reflection, revision = labelled_parts(completion.content or "", REFLECTION_LABEL, REVISION_LABEL)
            except ValueError as problem:
                drafts.append(
                    Draft(content=completion.content or "", accepted=False, reason=f"unreadable revision: {problem}")
                )
                continue
            draft, usage = self.review(trajectory, revision)
            usages.append(usage)
            drafts.append(draft.model_copy(update={"reflection": reflection}))
            rejected = drafts[-1]
        sent = drafts[-1] if drafts[-1].accepted else first
        return UserMessage(content=sent.content, usage=sum_usage(usages), drafts=drafts)
