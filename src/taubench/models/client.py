"""The one LLM client: agent, user simulator and judge all call models through it.

It wraps ``litellm.completion`` with what a long paid run needs: a per-call timeout; its own
retry loop (exponential backoff with full jitter, honouring ``Retry-After``, bounded in
attempts and in total waiting time) for rate limits, server errors, timeouts and dropped
connections; immediate, clearly-worded failures for errors that retrying cannot fix (a reply
that arrived but cannot be used among them: see ``taubench.models.replies``); an optional on-disk
response cache; and token and cost accounting per call, from counts checked before use.

Each call can say who makes it (``caller``), for a server that plays several roles at once
(the scripted server, ``taubench.testing``): a label ``<role>/<strategy>[/<step>]`` for the
agent and user strategies (``agent/react``, ``user/verify/supervisor``: the step where a
strategy makes more than one kind of call), ``judge`` and ``analysis`` for the graders. Each
strategy names its own; a call that names none is labelled with the client's role (``agent``,
``user``: a strategy of one's own). It goes out as the ``X-Taubench-Caller`` header only when the model's
spec opts in (``label_requests``, from ``provider.label_requests``): a request to a real
provider stays as it was, and the label is never part of the cache key.
"""

import os
import random
import time
from typing import Any, Optional

from pydantic import BaseModel

from taubench.core import masking
from taubench.core.messages import Usage
from taubench.core.retrying import GaveUp, RetryPolicy, with_retries
from taubench.models.cache import ResponseCache, cache_key
from taubench.models.errors import LLMReplyError, LLMTransientError, LLMUnreachableError, classify
from taubench.models.http_clients import ThreadClients
from taubench.models.replies import (
    TokenCounts,
    causes,
    never_connected,
    read_usage,
    retry_after_seconds,
)
from taubench.models.routing import known_price, quiet_litellm
from taubench.models.spec import ModelSpec
from taubench.models.spend import SpendMeter

CALLER_HEADER = "X-Taubench-Caller"


class _ParamDropped(Exception):
    """A sampling parameter the provider rejected was dropped: ask again at once, without it."""


def _try_again(failure: BaseException) -> bool:
    return isinstance(failure, (LLMTransientError, _ParamDropped))


class ToolCallRequest(BaseModel):
    """A tool call as the model wrote it; ``arguments`` is the raw JSON text, valid or not."""

    id: str
    name: str
    arguments: str


class Completion(BaseModel):
    content: Optional[str]
    tool_calls: list[ToolCallRequest] = []
    usage: Usage


class LLMClient:
    def __init__(
        self,
        spec: ModelSpec,
        retry: RetryPolicy = RetryPolicy(),
        cache: Optional[ResponseCache] = None,
        meter: Optional[SpendMeter] = None,
        http: Optional[ThreadClients] = None,  # shared by the clients of one endpoint (``http_for``)
        role: Optional[str] = None,  # the caller of a call that names none (a strategy of one's own)
    ):
        self.spec = spec
        self.role = role
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
        caller: Optional[str] = None,
        **extra: Any,
    ) -> Completion:
        """One answer. ``trial`` is part of the cache key, so repeated trials of a task each
        get an answer of their own instead of replaying the first one. ``caller``: who asks
        (the module docstring; else the client's ``role``), sent only if the spec says ``label_requests``."""
        request = self._request(messages, tools, seed, extra)
        key = cache_key(request, self.spec.api_base, trial) if self.cache else None
        if self.cache and key and (stored := self.cache.get(key)) is not None:
            completion = Completion.model_validate(stored)
            completion.usage = completion.usage.model_copy(
                update={"cost": 0.0, "cache_hits": 1, "retries": 0, "seconds": 0.0}
            )
            return completion
        caller = caller or self.role
        label = {CALLER_HEADER: caller} if caller is not None and self.spec.label_requests else None
        completion = self._call_with_retries(request, label)
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

    def _call_with_retries(self, request: dict, headers: Optional[dict[str, str]] = None) -> Completion:
        litellm = quiet_litellm()
        started = time.perf_counter()

        def attempt() -> Any:
            sent = {k: v for k, v in request.items() if k not in self._dropped_params}
            if headers:  # beside any extra_headers of the model's params; unlabelled, the call is as it was
                sent["extra_headers"] = {**(sent.get("extra_headers") or {}), **headers}
            try:
                return litellm.completion(
                    **sent,
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


def _sounds_unsupported(text: str) -> bool:
    return any(phrase in text for phrase in ("unsupported", "not supported", "does not support", "not support"))
