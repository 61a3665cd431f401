"""agent=dialogflow_cx: a Dialogflow CX virtual agent (a company's shipped agent) plays the agent.

Each episode is one new CX session (its id derived from task, trial and seed, and the run).
The customer's words go in as text; the agent's ``tool_call`` messages become our tool calls
(CX names the tool by resource: its display name, from ``ListTools`` once per run, is our
tool's name), and each result goes back as a ``tool_call_result``. CX's end of interaction and its hand-off to a
live agent end the episode (``agent_stop``, ``agent_handoff``). Calls are retried under the run's
``llm`` retry policy; a refused or unknown agent stops the run. Needs the ``dialogflow`` extra.
"""

import hashlib
import importlib.util
import ipaddress
import secrets
import threading
import time
from pathlib import Path
from typing import Any, Callable, Literal, Optional, Sequence, TypeVar
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from taubench.core.messages import (
    AgentEnding,
    AssistantMessage,
    Message,
    ToolCall,
    ToolMessage,
    Usage,
    UserMessage,
    agent_side,
)
from taubench.core.participants import EpisodeContext
from taubench.core.remote_errors import (
    AgentServiceAccessError,
    AgentServiceError,
    AgentServiceRequestError,
    AgentServiceTransientError,
)
from taubench.core.retrying import GaveUp, RetryPolicy, with_retries
from taubench.models.replies import retryable_status

SCOPES = ("https://www.googleapis.com/auth/cloud-platform",)
LOOPBACK_NAMES = ("localhost",)
T = TypeVar("T")


def cx_library():
    """The v3beta1 surface of google-cloud-dialogflow-cx (client-side function tools are there)."""
    try:
        from google.cloud import dialogflowcx_v3beta1
    except ImportError as exc:
        raise ImportError(
            f"agent=dialogflow_cx needs the dialogflow extra: pip install 'taubench[dialogflow]' ({exc})"
        ) from None
    return dialogflowcx_v3beta1


class Endpoint(BaseModel):
    """Where the CX API is: TLS with credentials, or (loopback hosts only: an emulator or a test
    fake) plaintext and anonymous."""

    host: str
    port: Optional[int]
    plaintext: bool

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}" if self.port else host


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_endpoint(text: str) -> Endpoint:
    """``host[:port]``, ``https://host[:port]`` or ``http://host:port``; a loopback host is
    plaintext whatever the scheme, any other host must be reached over TLS."""
    parts = urlsplit(text if "://" in text else f"//{text}")
    if parts.scheme not in ("", "http", "https") or not parts.hostname or parts.path.strip("/") or parts.query:
        raise ValueError(
            f"{text!r} is not an endpoint; write host[:port], https://host[:port] or http://127.0.0.1:port"
        )
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"{text!r} has no valid port") from None
    local = is_loopback(parts.hostname)
    if parts.scheme == "http" and not local:
        raise ValueError(
            f"{text!r}: plaintext (http://) is allowed for loopback hosts only (127.0.0.1, ::1, localhost)"
        )
    return Endpoint(host=parts.hostname, port=port, plaintext=local)


class DialogflowCXOptions(BaseModel):
    """``agent.*``; the connection (clients and the tool names) is made once per run, on first use."""

    model_config = ConfigDict(extra="forbid")

    project: Optional[str] = Field(None, validate_default=True)
    location: str = "global"
    agent_id: Optional[str] = Field(None, validate_default=True)
    environment: Optional[str] = None  # an environment's id: its agent version answers (default: the draft)
    language_code: str = "en"
    credentials_file: Optional[Path] = None  # a service account's key file; default: application default credentials
    api_endpoint: Optional[str] = None  # default: the location's, e.g. europe-west1-dialogflow.googleapis.com
    transport: Literal["grpc", "rest"] = Field("grpc", validate_default=True)
    timeout: Optional[float] = Field(None, gt=0)  # seconds per call; default: llm.timeout

    _connection: Optional["Connection"] = PrivateAttr(None)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @field_validator("project", "agent_id")
    @classmethod
    def _required(cls, value: Optional[str], info) -> str:
        if not value or not str(value).strip():
            what = info.field_name.removesuffix("_id")
            raise ValueError(f"required: the id of your Dialogflow CX {what} (agent.{info.field_name}=...)")
        return str(value).strip()

    @field_validator("transport")
    @classmethod
    def _installed(cls, value: str) -> str:
        if importlib.util.find_spec("google.cloud.dialogflowcx_v3beta1") is None:
            raise ValueError("google-cloud-dialogflow-cx is not installed: pip install 'taubench[dialogflow]'")
        return value

    @field_validator("credentials_file")
    @classmethod
    def _existing(cls, value: Optional[Path]) -> Optional[Path]:
        if value is not None and not value.expanduser().is_file():
            raise ValueError(f"file not found: {str(value)!r}; omit it to use application default credentials")
        return value.expanduser() if value is not None else None

    @field_validator("api_endpoint")
    @classmethod
    def _endpoint(cls, value: Optional[str]) -> Optional[str]:
        if value is not None:
            parse_endpoint(value)
        return value

    @property
    def agent_path(self) -> str:
        return f"projects/{self.project}/locations/{self.location}/agents/{self.agent_id}"

    def endpoint(self) -> Endpoint:
        if self.api_endpoint:
            return parse_endpoint(self.api_endpoint)
        host = (
            "dialogflow.googleapis.com" if self.location == "global" else f"{self.location}-dialogflow.googleapis.com"
        )
        return Endpoint(host=host, port=None, plaintext=False)

    def connection(self, retry: RetryPolicy) -> "Connection":
        """The run's connection, made by the first episode that needs it (a failed attempt is
        not kept: the next episode tries again)."""
        with self._lock:
            if self._connection is None:
                self._connection = Connection(self, retry)
            return self._connection


class Calls:
    """Runs CX calls under the retry policy and adds up what they took (a ``Usage``)."""

    def __init__(self, retry: RetryPolicy, timeout: float):
        self.retry, self.timeout = retry, timeout
        self.usage = Usage(cost=0.0)

    def __call__(self, what: str, call: Callable[[float], T]) -> T:
        """``call(timeout)``, retried while the failure is transient."""
        started = time.perf_counter()

        def attempt() -> T:
            try:
                return call(self.timeout)
            except Exception as exc:
                raise classify(exc, what) from exc

        try:
            result, retries = with_retries(
                attempt, self.retry, lambda failure: isinstance(failure, AgentServiceTransientError)
            )
        except GaveUp as gave_up:
            self._count(gave_up.attempts, started)
            raise AgentServiceTransientError(f"{gave_up.failure}; {gave_up}") from gave_up.failure.__cause__
        self._count(retries + 1, started)
        return result

    def _count(self, attempts: int, started: float) -> None:
        usage = self.usage
        usage.calls += 1
        usage.retries += attempts - 1
        usage.seconds = round(usage.seconds + time.perf_counter() - started, 6)


def classify(exc: Exception, what: str) -> AgentServiceError:
    """Retry what can change: no answer, or an answer whose HTTP equivalent is 408, 429 or 5xx
    (gRPC's UNAVAILABLE 503, DEADLINE_EXCEEDED 504, RESOURCE_EXHAUSTED 429, INTERNAL 500); stop
    the run on a refused or unknown agent; anything else fails this episode's request."""
    from google.api_core import exceptions as api
    from google.auth import exceptions as auth

    name = f"{what}: {type(exc).__name__}: {exc}"
    refused = (api.PermissionDenied, api.Unauthenticated, api.NotFound, auth.DefaultCredentialsError, auth.RefreshError)
    if isinstance(exc, refused):
        return AgentServiceAccessError(f"Dialogflow CX refused or does not know this agent ({name})")
    if isinstance(exc, api.GoogleAPICallError) and isinstance(exc.code, int) and retryable_status(exc.code):
        return AgentServiceTransientError(name)
    if isinstance(exc, (ConnectionError, TimeoutError, auth.TransportError)) or _dropped_http_connection(exc):
        return AgentServiceTransientError(name)
    return AgentServiceRequestError(name)


def _dropped_http_connection(exc: Exception) -> bool:
    """A REST call that got no answer (requests' connection errors and timeouts)."""
    import requests

    return isinstance(exc, (requests.ConnectionError, requests.Timeout))


class Connection:
    """The CX clients of one run and the agent's tools by resource name (``ListTools``, once)."""

    def __init__(self, options: DialogflowCXOptions, retry: RetryPolicy):
        from google.auth.exceptions import GoogleAuthError

        cx = cx_library()
        self.options = options
        self.retry = retry
        try:
            self.sessions = self._client(cx.SessionsClient, options)
            tools = self._client(cx.ToolsClient, options)
        except (
            GoogleAuthError,
            ValueError,
        ) as exc:  # no default credentials, an unusable key file: every episode would fail
            raise AgentServiceAccessError(
                f"Dialogflow CX: no usable credentials ({type(exc).__name__}: {exc})"
            ) from exc
        listing = Calls(retry, options.timeout or retry.timeout)
        found = listing(
            "ListTools", lambda timeout: list(tools.list_tools(parent=options.agent_path, retry=None, timeout=timeout))
        )
        self.tool_names = {tool.name: tool.display_name for tool in found}
        self.run_token = secrets.token_hex(4)
        self._started: dict[str, int] = {}  # episode stem -> sessions started for it
        self._lock = threading.Lock()

    def new_session(self, context: EpisodeContext) -> str:
        """A fresh session's path. CX keeps a session's state for a while after its last turn,
        so an episode run again (a retry, a rerun of the configuration) must not reuse one: the
        id is ``tb<episode stem>-<run token>-<attempt>``, the stem derived from (domain, task,
        trial, seed); at most 36 characters, as CX allows."""
        episode = f"{context.domain}/{context.task.id}/{context.trial}/{context.seed}"
        stem = hashlib.sha256(episode.encode()).hexdigest()[:22]
        with self._lock:
            attempt = self._started.get(stem, 0)
            self._started[stem] = attempt + 1
        environment = f"/environments/{self.options.environment}" if self.options.environment else ""
        return f"{self.options.agent_path}{environment}/sessions/tb{stem}-{self.run_token}-{attempt % 100}"

    @staticmethod
    def _client(client_class, options: DialogflowCXOptions):
        endpoint = options.endpoint()
        if not endpoint.plaintext:
            return client_class(
                credentials=_credentials(options.credentials_file),
                transport=options.transport,
                client_options={"api_endpoint": endpoint.address},
            )
        from google.auth.credentials import AnonymousCredentials

        if options.transport == "rest":
            return client_class(
                credentials=AnonymousCredentials(),
                transport="rest",
                client_options={"api_endpoint": f"http://{endpoint.address}"},
            )
        import grpc

        transport_class = client_class.get_transport_class("grpc")
        channel = grpc.insecure_channel(endpoint.address)
        return client_class(transport=transport_class(channel=channel, credentials=AnonymousCredentials()))


def _credentials(path: Optional[Path]):
    """The service account key file's credentials, or ``None``: the library then finds
    application default credentials (any other kind of credentials comes that way)."""
    if path is None:
        return None
    from google.oauth2 import service_account

    return service_account.Credentials.from_service_account_file(str(path), scopes=list(SCOPES))


class DialogflowCXAgent:
    """One CX session per episode; what CX answers a turn becomes one message: its tool calls
    (then the episode answers them and we send the results back), or its text, with the end
    of the conversation when CX ends it."""

    Options = DialogflowCXOptions
    uses_retry_policy = True

    def __init__(self, context: EpisodeContext, options: DialogflowCXOptions, retry: RetryPolicy = RetryPolicy()):
        self.options = options
        self.retry = retry
        self.context = context
        self.schemas = {tool["function"]["name"]: tool["function"].get("parameters", {}) for tool in context.tools}
        self.session: Optional[str] = None  # opened at the first turn
        self.pending: dict[str, tuple[str, str]] = {}  # our call id -> CX's (tool, action)
        self.calls_made = 0

    def respond(self, trajectory: Sequence[Message]) -> AssistantMessage:
        cx = cx_library()
        connection = self.options.connection(self.retry)
        self.session = self.session or connection.new_session(self.context)
        calls = Calls(self.retry, self.options.timeout or self.retry.timeout)
        answers = []
        for message in _since_last_turn(trajectory):
            query = self._query(cx, message)
            request = cx.DetectIntentRequest(session=self.session, query_input=query)
            response = calls(
                "DetectIntent",
                # a default binds this turn's request (B023); mypy cannot type such a lambda (python/mypy#15459)
                lambda timeout, request=request: connection.sessions.detect_intent(  # type: ignore[misc]
                    request=request, retry=None, timeout=timeout
                ),
            )
            answers.extend(response.query_result.response_messages)
        return self._message(answers, connection.tool_names, calls.usage)

    def _query(self, cx, message: Message):
        language = self.options.language_code
        if isinstance(message, UserMessage):
            return cx.QueryInput(text=cx.TextInput(text=message.content), language_code=language)
        assert isinstance(message, ToolMessage)
        tool, action = self.pending.pop(message.tool_call_id)
        result = cx.ToolCallResult(tool=tool, action=action)
        if message.error:
            result.error = cx.ToolCallResult.Error(message=message.content)
        else:
            result.output_parameters = {"result": message.content}
        return cx.QueryInput(tool_call_result=result, language_code=language)

    def _message(self, answers: list, tool_names: dict[str, str], usage: Usage) -> AssistantMessage:
        from google.protobuf import json_format

        texts: list[str] = []
        calls: list[ToolCall] = []
        end: Optional[AgentEnding] = None
        for answer in answers:
            kind = type(answer).pb(answer).WhichOneof("message")
            if kind == "text":
                texts.extend(part for part in answer.text.text if part.strip())
            elif kind == "tool_call":
                raw = type(answer).pb(answer).tool_call
                name = tool_names.get(raw.tool) or raw.action or raw.tool
                arguments = conform(json_format.MessageToDict(raw.input_parameters), self.schemas.get(name, {}))
                self.calls_made += 1
                call_id = f"cx_call_{self.calls_made}"
                self.pending[call_id] = (raw.tool, raw.action)
                calls.append(ToolCall(id=call_id, name=name, arguments=arguments))
            elif kind == "end_interaction":
                end = "agent_stop"
            elif kind == "live_agent_handoff":
                end = "agent_handoff"
        return AssistantMessage(content="\n".join(texts) or None, tool_calls=calls or None, usage=usage, end=end)


def _since_last_turn(trajectory: Sequence[Message]) -> list[Message]:
    """What the agent has not seen yet: the customer's words or its tool calls' results."""
    seen = agent_side(trajectory)
    last = max((index for index, message in enumerate(seen) if message.role == "assistant"), default=-1)
    return [message for message in seen[last + 1 :] if isinstance(message, (UserMessage, ToolMessage))]


def conform(value: Any, schema: dict, defs: Optional[dict] = None) -> Any:
    """Struct numbers come back as floats: whole ones become ints where the JSON schema says
    integer (or a stored 3.0 would differ from the 3 the gold actions store)."""
    defs = schema.get("$defs", {}) if defs is None else defs
    branches = [_resolved(branch, defs) for branch in (schema, *schema.get("anyOf", []), *schema.get("oneOf", []))]
    types = {kind for branch in branches for kind in _types(branch)}
    if isinstance(value, float) and value.is_integer() and "integer" in types and "number" not in types:
        return int(value)
    if isinstance(value, dict):
        properties: dict = next((branch["properties"] for branch in branches if "properties" in branch), {})
        return {key: conform(item, properties.get(key, {}), defs) for key, item in value.items()}
    if isinstance(value, list):
        items: dict = next((branch["items"] for branch in branches if isinstance(branch.get("items"), dict)), {})
        return [conform(item, items, defs) for item in value]
    return value


def _resolved(schema: dict, defs: dict) -> dict:
    while isinstance(schema, dict) and "$ref" in schema:
        schema = defs.get(schema["$ref"].rsplit("/", 1)[-1], {})
    return schema if isinstance(schema, dict) else {}


def _types(schema: dict) -> list[str]:
    kind = schema.get("type")
    return kind if isinstance(kind, list) else [kind] if kind else []
