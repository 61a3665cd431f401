"""What a model call that produced no answer raises, by family (``taubench.core.remote_errors``),
and ``classify``, which sorts litellm's exceptions into them."""

from taubench.core.remote_errors import (
    RemoteAccessError,
    RemoteError,
    RemoteReplyError,
    RemoteRequestError,
    RemoteTransientError,
)
from taubench.models.replies import (
    answered_status,
    connection_failed,
    retryable_status,
    unusable_reply,
)


class LLMError(RemoteError):
    """A model call that did not produce an answer."""


class LLMTransientError(LLMError, RemoteTransientError):
    """The provider kept failing (rate limits, server errors, timeouts) until the retry budget ran out."""


class LLMUnreachableError(LLMTransientError):
    """The endpoint never answered this process: every connection was refused or its name did
    not resolve until the retries ran out. Rerunning the episode would only wait as long again;
    when a run's first episodes all end so, the run stops (``taubench.execution.fail_fast``)."""


class LLMAccessError(LLMError, RemoteAccessError):
    """Every call will fail the same way (bad key, no access, unknown model): the run stops."""


class LLMRequestError(LLMError, RemoteRequestError):
    """This request cannot be answered (bad request, context window exceeded)."""


class LLMReplyError(LLMError, RemoteReplyError):
    """The model's failure, not the infrastructure's: its answer cannot be used."""


def classify(exc: Exception, model: str) -> LLMError:
    """Sorts litellm's exceptions into: retry (only what can change: no answer, or 408, 429,
    5xx answered), give up on this request, or stop the run. The chain of causes decides, not
    the class litellm chose (see ``taubench.models.replies``)."""
    import litellm

    name = type(exc).__name__
    if isinstance(exc, litellm.ContextWindowExceededError):
        return LLMRequestError(f"{model}: the conversation no longer fits the model's context window ({exc})")
    if isinstance(exc, (litellm.AuthenticationError, litellm.PermissionDeniedError)):
        return LLMAccessError(f"{model}: the provider refused the credentials ({name}: {exc})")
    if isinstance(exc, litellm.NotFoundError):
        return LLMAccessError(f"{model}: the provider does not know this model or endpoint ({exc})")
    if isinstance(exc, litellm.Timeout) or connection_failed(exc):
        return LLMTransientError(f"{model}: {name}: {exc}")
    status = answered_status(exc)
    if status is not None and retryable_status(status):
        return LLMTransientError(f"{model}: {name}: {exc}")
    if unusable := unusable_reply(exc):
        return LLMReplyError(f"{model}: the reply cannot be used, not retried: {unusable.reason}", unusable.excerpt)
    if isinstance(exc, litellm.BadRequestError):
        return LLMRequestError(f"{model}: the provider rejected the request ({exc})")
    status = getattr(exc, "status_code", None)
    if isinstance(status, int) and retryable_status(status):
        return LLMTransientError(f"{model}: {name}: {exc}")
    return LLMRequestError(f"{model}: {name}: {exc}")
