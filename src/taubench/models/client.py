"""The one LLM client: agent, user simulator and judge all call models through it.

It wraps ``litellm.completion`` with what a long paid run needs: a per-call timeout; its own
retry loop (exponential backoff with full jitter, honouring ``Retry-After``, bounded in
attempts and in total waiting time) for rate limits, server errors, timeouts and dropped
connections; immediate, clearly-worded failures for errors that retrying cannot fix (a reply
that arrived but cannot be used among them: see ``taubench.models.replies``); an optional on-disk
response cache; and token and cost accounting per call, from counts checked before use.
"""

import hashlib
import json
import logging
import os
import random
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, Field

from taubench.core import masking
from taubench.core.messages import Usage
from taubench.core.remote_errors import (
    RemoteAccessError,
    RemoteError,
    RemoteReplyError,
    RemoteRequestError,
    RemoteTransientError,
)
from taubench.core.retrying import GaveUp, RetryPolicy, with_retries
from taubench.models.http_clients import ThreadClients
from taubench.models.replies import (
    TokenCounts,
    answered_status,
    causes,
    connection_failed,
    never_connected,
    read_usage,
    retry_after_seconds,
    retryable_status,
    unusable_reply,
)

PER_MILLION = 1_000_000


class Pricing(BaseModel):
    """USD per million tokens, for models litellm's price table does not know (or to override it)."""

    model_config = ConfigDict(extra="forbid")

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cached_input: Optional[float] = Field(None, ge=0)  # None: cached prompt tokens cost as input

    def cost(self, prompt_tokens: int, completion_tokens: int, cached_tokens: int) -> float:
        cached_rate = self.input if self.cached_input is None else self.cached_input
        return (
            (prompt_tokens - cached_tokens) * self.input + cached_tokens * cached_rate + completion_tokens * self.output
        ) / PER_MILLION


class ModelSpec(BaseModel):
    """Which model one role talks to, and how."""

    model_config = ConfigDict(extra="forbid")

    model: str
    api_base: Optional[str] = None
    api_key_env: Optional[str] = None
    temperature: Optional[float] = 0.0
    pricing: Optional[Pricing] = None
    params: dict[str, Any] = {}  # passed to litellm as they are (max_tokens, reasoning_effort, ...)
    first_call_timeout: Optional[float] = None  # seconds until a first answer (a cold serverless worker)
    warm_up: bool = False  # one small call before any episode (LLMClient.warm_up)


class LLMError(RemoteError):
    """A model call that did not produce an answer."""


class LLMTransientError(LLMError, RemoteTransientError):
    """The provider kept failing (rate limits, server errors, timeouts) until the retry budget ran out."""


class LLMUnreachableError(LLMTransientError):
    """The endpoint never answered this process: every connection was refused or its name did
    not resolve until the retries ran out. Rerunning the episode would only wait as long again;
    when a run's first episodes all end so, the run stops (``taubench.execution.fail_fast``)."""


class _ParamDropped(Exception):
    """A sampling parameter the provider rejected was dropped: ask again at once, without it."""


def _try_again(failure: BaseException) -> bool:
    return isinstance(failure, (LLMTransientError, _ParamDropped))


class LLMAccessError(LLMError, RemoteAccessError):
    """Every call will fail the same way (bad key, no access, unknown model): the run stops."""


class LLMRequestError(LLMError, RemoteRequestError):
    """This request cannot be answered (bad request, context window exceeded)."""


class LLMReplyError(LLMError, RemoteReplyError):
    """The model's failure, not the infrastructure's: its answer cannot be used."""


class ToolCallRequest(BaseModel):
    """A tool call as the model wrote it; ``arguments`` is the raw JSON text, valid or not."""

    id: str
    name: str
    arguments: str


class Completion(BaseModel):
    content: Optional[str]
    tool_calls: list[ToolCallRequest] = []
    usage: Usage


class SpendMeter:
    """Money spent by all the clients of a run, updated after every paid call, and how many
    calls cost an unknown amount (``None``: no price, or token counts that make no sense)."""

    def __init__(self, already_spent: float = 0.0):
        self._lock = threading.Lock()
        self._spent = already_spent
        self._unknown = 0

    def add(self, cost: Optional[float]) -> None:
        with self._lock:
            if cost is None:
                self._unknown += 1
            else:
                self._spent += cost

    @property
    def spent(self) -> float:
        with self._lock:
            return self._spent

    @property
    def unknown_costs(self) -> int:
        with self._lock:
            return self._unknown


class ResponseCache:
    """Answers stored on disk by request; thread- and process-safe (diskcache)."""

    def __init__(self, directory: Path):
        import diskcache

        self.store = diskcache.Cache(str(directory))

    def get(self, key: str) -> Optional[dict]:
        return self.store.get(key)

    def put(self, key: str, value: dict) -> None:
        self.store.set(key, value)


def known_price(model: str) -> bool:
    """Whether litellm's (local) price table prices this model string."""
    litellm = quiet_litellm()

    try:
        info = litellm.get_model_info(model)
    except Exception:  # litellm raises a bare Exception for unmapped models
        return False
    return info.get("input_cost_per_token") is not None


def missing_key(spec: ModelSpec) -> Optional[str]:
    """The environment variable this model needs and lacks, if any."""
    if spec.api_key_env:
        return None if os.environ.get(spec.api_key_env) else spec.api_key_env
    if spec.api_base:
        return None  # a self-hosted endpoint may need no key
    litellm = quiet_litellm()

    missing = litellm.validate_environment(spec.model).get("missing_keys") or []
    return missing[0] if missing else None


def unroutable(spec: ModelSpec) -> Optional[str]:
    """Why litellm cannot route this model string to a provider, or ``None`` when it can
    (litellm's own routing, offline: nothing is sent)."""
    litellm = quiet_litellm()
    try:
        litellm.get_llm_provider(model=spec.model, api_base=spec.api_base)
    except Exception as exc:  # litellm raises BadRequestError ("LLM Provider NOT provided")
        return str(exc).strip().splitlines()[0]
    return None


def litellm_providers() -> list[str]:
    """The provider prefixes litellm routes (``<provider>/<model>``)."""
    return [getattr(provider, "value", provider) for provider in quiet_litellm().provider_list]


class LLMClient:
    def __init__(
        self,
        spec: ModelSpec,
        retry: RetryPolicy = RetryPolicy(),
        cache: Optional[ResponseCache] = None,
        meter: Optional[SpendMeter] = None,
        http: Optional[ThreadClients] = None,  # shared by the clients of one endpoint (``http_for``)
    ):
        self.spec = spec
        if spec.api_key_env:
            masking.watch(spec.api_key_env)  # its value is masked in every error text recorded, whatever its name
        self.retry = retry
        self.cache = cache
        self.meter = meter
        self.price_known = spec.pricing is not None or known_price(spec.model)
        self._dropped_params: set[str] = set()
        self._answered = False  # until a call has: first_call_timeout applies
        self._unreached = False  # a call gave up without ever connecting: until one answers, others try once
        self.http = http or http_for(spec, retry)

    def close(self) -> None:
        """Closes the HTTP clients of every thread that called (a later call opens new ones)."""
        self.http.close()

    def __enter__(self) -> "LLMClient":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def warm_up(self) -> float:
        """One smallest call, so that a cold worker starts before the episodes do; its
        seconds. It goes through the budget like any call."""
        completion = self._call_with_retries(
            self._request([{"role": "user", "content": "Hi"}], None, None, {"max_tokens": 1})
        )
        if self.meter:
            self.meter.add(completion.usage.cost)
        return completion.usage.seconds

    def complete(
        self,
        messages: list[dict],
        tools: Optional[list[dict]] = None,
        seed: Optional[int] = None,
        trial: Optional[int] = None,
        **extra: Any,
    ) -> Completion:
        """One answer. ``trial`` is part of the cache key, so repeated trials of a task each
        get an answer of their own instead of replaying the first one."""
        request = self._request(messages, tools, seed, extra)
        key = _cache_key(request, self.spec.api_base, trial) if self.cache else None
        if self.cache and key and (stored := self.cache.get(key)) is not None:
            completion = Completion.model_validate(stored)
            completion.usage = completion.usage.model_copy(
                update={"cost": 0.0, "cache_hits": 1, "retries": 0, "seconds": 0.0}
            )
            return completion
        completion = self._call_with_retries(request)
        if self.meter:
            self.meter.add(completion.usage.cost)
        if self.cache and key:
            self.cache.put(key, completion.model_dump(mode="json"))
        return completion

    def _request(self, messages, tools, seed, extra) -> dict:
        request: dict[str, Any] = {"model": self.spec.model, "messages": messages}
        if tools:
            request["tools"] = tools
            request["tool_choice"] = "auto"
        if self.spec.temperature is not None:
            request["temperature"] = self.spec.temperature
        if seed is not None:
            request["seed"] = seed
        request.update(self.spec.params)
        request.update(extra)
        return request

    def _call_with_retries(self, request: dict) -> Completion:
        litellm = quiet_litellm()
        started = time.perf_counter()

        def attempt() -> Any:
            try:
                return litellm.completion(
                    **{k: v for k, v in request.items() if k not in self._dropped_params},
                    api_base=self.spec.api_base,
                    api_key=self._api_key(),
                    timeout=self._timeout(),
                    client=self.http.current(),  # None: litellm's shared client (taubench.models.http_clients)
                    num_retries=0,  # retries are ours: litellm's do not wait between attempts
                    max_retries=0,  # nor may the OpenAI SDK underneath retry on its own
                    drop_params=True,  # litellm removes parameters it knows a model rejects
                )
            except Exception as exc:
                if self._drop_rejected_param(exc, request):
                    raise _ParamDropped(f"{self.spec.model} rejected a sampling parameter: {exc}") from exc
                failure = classify(exc, self.spec.model)
                if isinstance(failure, LLMReplyError):
                    # litellm's chain can hold the whole reply (megabytes); the excerpt says enough
                    raise failure from None
                raise failure from exc

        def wait(attempt: int, failure: BaseException) -> float:
            if isinstance(failure, _ParamDropped):
                return 0.0  # asked again at once, without the parameter
            return self._backoff(attempt, failure.__cause__ or failure)

        attempts = 1 if self._unreached and not self._answered else self.retry.max_attempts
        try:
            response, retries = with_retries(attempt, self.retry, _try_again, wait, attempts)
        except GaveUp as gave_up:
            exc = gave_up.failure.__cause__ or gave_up.failure  # what the provider's library raised
            if not self._answered and never_connected(exc):
                self._unreached = True
                where = masking.mask_secrets(self.spec.api_base or "its provider's address")
                root = causes(exc)[-1]  # what the socket said: refused, or the name did not resolve
                raise LLMUnreachableError(
                    f"{self.spec.model}: could not connect to {where} ({gave_up}): {type(root).__name__}: {root}"
                ) from exc
            raise LLMTransientError(f"{self.spec.model}: {gave_up}: {gave_up.failure}") from exc
        self._answered = True
        return self._completion(response, retries=retries, seconds=time.perf_counter() - started)

    def _timeout(self) -> float:
        if self._answered or self.spec.first_call_timeout is None:
            return self.retry.timeout
        return max(self.retry.timeout, self.spec.first_call_timeout)

    def _api_key(self) -> Optional[str]:
        return self.api_key_of(self.spec)

    @staticmethod
    def api_key_of(spec: ModelSpec) -> Optional[str]:
        """The configured variable's value; a placeholder for an endpoint configured without
        one (a local server needs none, but the OpenAI SDK refuses to send no key); else
        ``None``, letting litellm read the provider's usual variable."""
        if spec.api_key_env:
            return os.environ.get(spec.api_key_env)
        return "no-key" if spec.api_base else None

    def _drop_rejected_param(self, exc: Exception, request: dict) -> bool:
        """A provider that rejects a sampling parameter (e.g. temperature on reasoning models)
        litellm did not know about: drop it for this client and try again."""
        import litellm

        if not isinstance(exc, litellm.BadRequestError) or isinstance(exc, litellm.ContextWindowExceededError):
            return False
        text = str(exc).lower()
        for param in ("temperature", "top_p", "seed"):
            if param in request and param not in self._dropped_params and param in text and _sounds_unsupported(text):
                self._dropped_params.add(param)
                return True
        return False

    def _backoff(self, attempt: int, exc: BaseException) -> float:
        server_asked = retry_after_seconds(exc)
        if server_asked is not None:
            return min(server_asked, self.retry.max_backoff) + random.uniform(0, 0.1 * max(server_asked, 0.1))
        return self.retry.backoff(attempt)

    def _completion(self, response: Any, retries: int, seconds: float) -> Completion:
        message = response.choices[0].message
        counts = read_usage(getattr(response, "usage", None))
        return Completion(
            content=message.content,
            tool_calls=[
                ToolCallRequest(id=call.id, name=call.function.name or "", arguments=call.function.arguments or "")
                for call in message.tool_calls or []
            ],
            usage=Usage(
                calls=1,
                prompt_tokens=counts.prompt,
                completion_tokens=counts.completion,
                cached_prompt_tokens=counts.cached,
                cost=self._cost(response, counts),
                retries=retries,
                seconds=round(seconds, 6),
            ),
        )

    def _cost(self, response: Any, counts: TokenCounts) -> Optional[float]:
        """Configured prices first; else litellm's table (cached-token rates included); else
        unknown (``None``), never a made-up 0. Unknown too when the reply's token counts
        cannot be trusted (none reported, negative, ...): never a negative cost."""
        if not counts.trusted:
            return None
        if self.spec.pricing:
            return self.spec.pricing.cost(counts.prompt, counts.completion, counts.cached)
        if not self.price_known:
            return None
        priced = (getattr(response, "_hidden_params", None) or {}).get("response_cost")
        if isinstance(priced, (int, float)) and not isinstance(priced, bool):
            return priced  # litellm's own pricing of this answer, done as it built it: not twice
        import litellm

        try:
            return litellm.completion_cost(completion_response=response, model=self.spec.model)
        except Exception:
            return None


def http_for(spec: ModelSpec, retry: RetryPolicy) -> ThreadClients:
    """The per-thread HTTP clients of this model's endpoint; roles calling the same model can
    share them, as a thread's episode calls one role at a time (one connection per thread)."""
    return ThreadClients(spec.model, spec.api_base, LLMClient.api_key_of(spec), retry.timeout)


# litellm dumps a provider's reply through its own pydantic models before we see it; a malformed
# reply (a number as the content) makes pydantic warn on stderr, in the middle of the progress
# bar, about litellm's model. What the reply is worth is ours to say (``classify``, ``replies``).
LITELLM_DUMP_WARNING = r"Pydantic serializer warnings:\s+PydanticSerializationUnexpectedValue"


def quiet_litellm():
    """litellm, imported on first use (it is heavy), without its per-call INFO lines (Hydra
    sets the root logger to INFO), its "give feedback" banners (our retries report) and the
    pydantic warnings its dump of a malformed reply raises."""
    import litellm

    # at every call, as the logger levels: a test harness may have reset the filters since (the
    # same filter again replaces the earlier one, so the list does not grow)
    warnings.filterwarnings("ignore", message=LITELLM_DUMP_WARNING, category=UserWarning, module="pydantic.main")
    litellm.suppress_debug_info = True
    for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "httpx"):
        logger = logging.getLogger(name)
        if logger.level != logging.WARNING:  # setLevel empties every logger's cache, on every call
            logger.setLevel(logging.WARNING)
    return litellm


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


def _sounds_unsupported(text: str) -> bool:
    return any(phrase in text for phrase in ("unsupported", "not supported", "does not support", "not support"))


def _cache_key(request: dict, api_base: Optional[str], trial: Optional[int]) -> str:
    payload = json.dumps({"request": request, "api_base": api_base, "trial": trial}, sort_keys=True, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()
