"""What a failed remote call raises, named for what failed: a model provider (``taubench.models.client``'s
``LLM*Error``) or an agent service, Dialogflow CX or an A2A agent (``AgentService*Error``).
What the run does with one depends only on its family: a transient failure outlasted the
retries (the episode is an infrastructure error, rerun by ``episode_retries``), an access
failure will recur on every call (the run stops), a request failure is this request's."""


class RemoteError(Exception):
    """A remote call that did not produce an answer."""


class RemoteTransientError(RemoteError):
    """The service kept failing (rate limits, server errors, timeouts) until the retries ran out."""


class RemoteAccessError(RemoteError):
    """Every call will fail the same way (bad key, no access, unknown model or agent): the run stops."""


class RemoteRequestError(RemoteError):
    """The service refused this request (another request may pass)."""


class RemoteReplyError(RemoteError):
    """An answer arrived but cannot be used (not a chat completion, a redirect, an error object
    sent as a success): asking again would get the same. ``excerpt`` is the start of the reply
    as received."""

    def __init__(self, message: str, excerpt: str):
        super().__init__(message)
        self.excerpt = excerpt


class AgentServiceError(RemoteError):
    """An agent service (Dialogflow CX, an A2A agent) that did not answer."""


class AgentServiceTransientError(AgentServiceError, RemoteTransientError):
    pass


class AgentServiceAccessError(AgentServiceError, RemoteAccessError):
    pass


class AgentServiceRequestError(AgentServiceError, RemoteRequestError):
    pass


def stops_the_run(error_type: str) -> bool:
    """Whether an episode error of this type (its class name, as results record it) is an
    access failure, which every further call would meet."""
    return error_type in _names(RemoteAccessError)


def _names(family: type) -> set[str]:
    """The family's class names, its own and every subclass's (taubench.models.client's included, once imported)."""
    children: list[type] = family.__subclasses__()
    return {family.__name__, *(name for child in children for name in _names(child))}
