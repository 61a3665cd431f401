"""Participants that say what a test scripts, in order: for driving an Environment by hand."""

from taubench.core.messages import UserMessage


class ScriptedUser:
    def __init__(self, replies):
        self.replies = list(replies)

    def respond(self, trajectory):
        return UserMessage(content=self.replies.pop(0))


class ScriptedAgent:
    def __init__(self, messages):
        self.messages = list(messages)

    def respond(self, trajectory):
        return self.messages.pop(0)
