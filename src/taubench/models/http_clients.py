"""Each thread's own HTTP client for a model, handed to litellm as ``client=``.

Why: without one, litellm sends every thread's calls through one shared pool per process,
which holds at most 100 connections (at 128 episodes in flight, 28 wait for a free one:
efficiency 100/128 at best), and whose connection lookup walks every pooled connection for
each request, so its CPU per call grows with the number in flight. A client per thread keeps
one connection per thread alive and finds it at once.

Route-aware, because litellm takes a different client per route: providers it reaches through
the OpenAI SDK take an ``openai.OpenAI`` (which then decides the URL and the key, so both are
resolved here the way litellm would), the others litellm's own ``HTTPHandler``. A route not
listed below keeps litellm's shared client: correct, only capped.
"""

import os
import threading
from functools import cached_property
from typing import TYPE_CHECKING, Any, Optional, Union

if TYPE_CHECKING:  # imported at run time when a client is first built
    import openai
    from litellm.llms.custom_httpx.http_handler import HTTPHandler

# Providers of litellm 1.101's completion() that go through the OpenAI SDK with ``client``
# honoured, and those that go through its HTTP handler (tests/test_http_clients.py proves each
# route a shipped model config uses)
OPENAI_SDK_ROUTES = frozenset({"openai", "custom_openai", "deepinfra"})
HTTP_HANDLER_ROUTES = frozenset({"hosted_vllm", "anthropic", "gemini", "mistral", "together_ai"})
OPENAI_DEFAULT_BASE = "https://api.openai.com/v1"

Client = Union["openai.OpenAI", "HTTPHandler"]


def route_of(model: str, api_base: Optional[str]) -> Optional[str]:
    """litellm's provider for this model string (offline), or None if it has none."""
    import litellm

    try:
        return litellm.get_llm_provider(model=model, api_base=api_base)[1]
    except Exception:  # litellm raises BadRequestError for a model it cannot route
        return None


class ThreadClients:
    """The clients of one model, one per calling thread, built on first use; ``close`` closes
    them all (at the end of a run)."""

    def __init__(self, model: str, api_base: Optional[str], api_key: Optional[str], timeout: float):
        self.model = model
        self.api_base = api_base
        self.api_key = api_key
        self.timeout = timeout
        self.route = route_of(model, api_base)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._built: list[Any] = []

    @property
    def routed(self) -> bool:
        return self.route in OPENAI_SDK_ROUTES or self.route in HTTP_HANDLER_ROUTES

    def current(self) -> Optional[Client]:
        """This thread's client, or None where litellm keeps its own (a route not listed)."""
        client = getattr(self._local, "client", None)
        if client is None and self.routed:
            client = self._local.client = self._build()
            with self._lock:
                self._built.append(client)
        return client

    def close(self) -> None:
        with self._lock:
            built, self._built = self._built, []
        for client in built:
            client.close()
        self._local = threading.local()

    def _build(self) -> Client:
        from litellm.llms.custom_httpx.http_handler import HTTPHandler

        # litellm's HTTP client either way: its TLS settings (built once per process; the SDK's
        # own client would build them again for each thread, 16 ms each), proxies and headers
        handler = HTTPHandler(timeout=self.timeout)
        return self._openai_client(handler.client) if self.route in OPENAI_SDK_ROUTES else handler

    def _openai_client(self, http_client):
        """What litellm's OpenAI route would build for this model: the URL and key it would
        use (the configured ones first; else the provider's, e.g. DeepInfra's; else OpenAI's
        variables), no retries of the SDK's own (ours wait between attempts)."""
        import litellm

        _, route, provider_key, provider_base = litellm.get_llm_provider(model=self.model, api_base=self.api_base)
        base = self.api_base or provider_base
        if base is None and route == "openai":
            base = os.environ.get("OPENAI_BASE_URL") or os.environ.get("OPENAI_API_BASE") or OPENAI_DEFAULT_BASE
        key = self.api_key or provider_key
        if key is None and route == "openai":
            key = os.environ.get("OPENAI_API_KEY")
        organization = os.environ.get("OPENAI_ORGANIZATION") if route == "openai" else None
        return plain_body_openai()(
            api_key=key or "no-key",
            base_url=base,
            organization=organization,
            timeout=self.timeout,
            max_retries=0,
            http_client=http_client,
        )


_PLAIN_BODY_OPENAI = None


def plain_body_openai():
    """``openai.OpenAI`` whose chat completions send the request body as given.

    The SDK checks every request against its typed parameter definitions on every call,
    walking each message through each of the union's branches: 1.6 ms of CPU per call for a
    21 KB retail request, 40% of the whole call on the OpenAI route. For chat completions it
    renames nothing and converts nothing (no field of those types has an alias or a format),
    so for the plain JSON litellm builds the walk returns the body unchanged: this client
    sends it through the SDK's public ``post``: the same JSON, only its keys in the order
    litellm built them (tests/test_http_clients.py compares the two). Streaming requests keep
    the SDK's path."""
    global _PLAIN_BODY_OPENAI
    if _PLAIN_BODY_OPENAI is None:
        import openai
        from openai.resources.chat import Chat, Completions
        from openai.types.chat import ChatCompletion

        class PlainBodyCompletions(Completions):
            def __init__(self, owner: openai.OpenAI):
                super().__init__(owner)
                self.owner = owner

            def create(
                self, *, extra_headers=None, extra_query=None, extra_body=None, timeout=openai.NOT_GIVEN, **body
            ):
                if body.get("stream"):
                    return super().create(
                        extra_headers=extra_headers,
                        extra_query=extra_query,
                        extra_body=extra_body,
                        timeout=timeout,
                        **body,
                    )
                options: dict = {
                    "headers": extra_headers or {},
                    "params": extra_query or {},
                    "extra_json": extra_body or {},
                }
                if timeout is not openai.NOT_GIVEN:
                    options["timeout"] = timeout
                return self.owner.post("/chat/completions", body=body, options=options, cast_to=ChatCompletion)

        class PlainBodyChat(Chat):
            def __init__(self, owner: openai.OpenAI):
                super().__init__(owner)
                self.owner = owner

            @cached_property
            def completions(self) -> PlainBodyCompletions:
                return PlainBodyCompletions(self.owner)

        class PlainBodyOpenAI(openai.OpenAI):
            # Never the SDK's own retries (they do not wait; ours do). litellm sets this before
            # every call from a parameter some routes drop on the way (DeepInfra's: each of
            # our attempts became three requests), so writes are ignored.
            max_retries = property(lambda self: 0, lambda self, value: None)

            @cached_property
            def chat(self) -> PlainBodyChat:
                return PlainBodyChat(self)

        _PLAIN_BODY_OPENAI = PlainBodyOpenAI
    return _PLAIN_BODY_OPENAI
