"""A fake Dialogflow CX agent for the tests: the Sessions (DetectIntent) and Tools (ListTools)
services of v3beta1, over REST (the JSON mapping, on a local HTTP server) or gRPC (a local
``grpc.server``), both on 127.0.0.1.

It plays a task from its gold actions: the customer's first message tells it which task (the
mapping ``openings`` the test gives), then each turn it calls the next gold tool (as a
``tool_call`` with the resource name of the tool registered from ``export-tools``), and at
the end says the task's communicate_info and ends the interaction. ``substitute`` makes it call
another tool instead of one (a wrong agent); ``unavailable`` answers the first DetectIntent
requests with UNAVAILABLE (503); ``batch`` calls every tool in its first answer (and answers
each result but the last with nothing); ``handoff`` ends with a live-agent hand-off."""

import re
import threading
from concurrent import futures
from typing import Optional

import grpc
from google.cloud import dialogflowcx_v3beta1 as cx
from google.protobuf import json_format
from local_http import JsonHandler, LocalServer

from taubench.core.domain import BaseDomain
from taubench.core.tasks import Task
from taubench.integrations.dialogflow_cx_tools import function_tool

AGENT = "projects/p1/locations/global/agents/a1"
SESSION = r"projects/[^/]+/locations/[^/]+/agents/[^/]+(?:/environments/[^/]+)?/sessions/[^/:]+"
DETECT = re.compile(rf"^/v3beta1/({SESSION}):detectIntent$")


class Unavailable(Exception):
    pass


class FakeCX:
    def __init__(
        self,
        domain: BaseDomain,
        openings: dict[str, Task],
        substitute: Optional[dict[str, str]] = None,
        unavailable: int = 0,
        batch: bool = False,
        handoff: bool = False,
    ):
        self.openings, self.substitute, self.unavailable = openings, substitute or {}, unavailable
        self.batch, self.handoff = batch, handoff
        self.tools = [
            json_format.ParseDict({**tool, "name": f"{AGENT}/tools/t{index:03d}"}, cx.Tool.pb()())
            for index, tool in enumerate(function_tool(schema) for schema in domain.spec.toolkit.schemas())
        ]
        self.resource = {tool.display_name: tool.name for tool in self.tools}
        self.lock = threading.Lock()
        self.sessions: dict[str, dict] = {}  # session -> task and gold actions done
        self.requests: list[cx.DetectIntentRequest] = []  # every DetectIntent request received, in order
        self.failed = 0

    def detect_intent(self, request) -> "cx.DetectIntentResponse":
        """``request``: the protobuf message (either transport); answers a protobuf message."""
        with self.lock:
            self.requests.append(cx.DetectIntentRequest.wrap(request))
            if self.failed < self.unavailable:
                self.failed += 1
                raise Unavailable("the fake agent is warming up")
            state = self.sessions.setdefault(request.session, {"task": None, "done": 0})
            if state["task"] is None:
                state["task"] = self.openings[request.query_input.text.text]
            task: Task = state["task"]
            if request.query_input.WhichOneof("input") == "tool_call_result":
                state["done"] += 1
            actions = [action for action in task.gold_actions if action.requestor == "assistant"]
            messages = []
            if self.batch and state["done"] == 0 and actions:
                messages = [self.call(action) for action in actions] if request.query_input.text.text else []
            elif state["done"] < len(actions):
                messages = [] if self.batch else [self.call(actions[state["done"]])]
            else:
                said = ["Everything is done.", *task.communicate_info]
                messages = [
                    {"text": {"text": said}},
                    {"liveAgentHandoff": {}} if self.handoff else {"endInteraction": {}},
                ]
        answer = {"responseId": "r1", "queryResult": {"languageCode": "en", "responseMessages": messages}}
        return json_format.ParseDict(answer, cx.DetectIntentResponse.pb()())

    def call(self, action) -> dict:
        name = self.substitute.get(action.name, action.name)
        return {"toolCall": {"tool": self.resource[name], "action": name, "inputParameters": action.arguments}}

    def list_tools(self, parent: str) -> "cx.ListToolsResponse":
        if parent != AGENT:
            raise KeyError(parent)
        return cx.ListToolsResponse.pb()(tools=self.tools)


class RestServer:
    """The fake behind the REST/JSON mapping: ``endpoint`` is ``http://127.0.0.1:PORT``."""

    def __init__(self, fake: FakeCX):
        class Handler(JsonHandler):
            def do_POST(self):
                path = self.path.split("?")[0]
                if not (match := DETECT.match(path)):
                    return self.answer(404, error(404, "NOT_FOUND", path))
                request = json_format.Parse(
                    self.rfile.read(int(self.headers["Content-Length"])), cx.DetectIntentRequest.pb()()
                )
                request.session = match.group(1)
                try:
                    self.answer(200, json_format.MessageToDict(fake.detect_intent(request)))
                except Unavailable as exc:
                    self.answer(503, error(503, "UNAVAILABLE", str(exc)))

            def do_GET(self):
                path = self.path.split("?")[0]
                try:
                    tools = fake.list_tools(path.removeprefix("/v3beta1/").removesuffix("/tools"))
                    self.answer(200, json_format.MessageToDict(tools))
                except KeyError:
                    self.answer(404, error(404, "NOT_FOUND", f"agent {path} not found"))

        self.server = LocalServer(Handler)
        self.endpoint = self.server.url

    def close(self):
        self.server.close()


def error(code: int, status: str, message: str) -> dict:
    return {"error": {"code": code, "message": message, "status": status}}


class GrpcServer:
    """The fake behind gRPC: ``endpoint`` is ``127.0.0.1:PORT`` (plaintext)."""

    def __init__(self, fake: FakeCX):
        def detect_intent(request, context):
            try:
                return fake.detect_intent(request)
            except Unavailable as exc:
                context.abort(grpc.StatusCode.UNAVAILABLE, str(exc))

        def list_tools(request, context):
            try:
                return fake.list_tools(request.parent)
            except KeyError:
                context.abort(grpc.StatusCode.NOT_FOUND, f"agent {request.parent} not found")

        service = "google.cloud.dialogflow.cx.v3beta1."
        sessions = {"DetectIntent": _unary(detect_intent, cx.DetectIntentRequest, cx.DetectIntentResponse)}
        tools = {"ListTools": _unary(list_tools, cx.ListToolsRequest, cx.ListToolsResponse)}
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        services = {"Sessions": sessions, "Tools": tools}
        handlers = (grpc.method_handlers_generic_handler(service + name, methods) for name, methods in services.items())
        self.server.add_generic_rpc_handlers(tuple(handlers))
        port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()
        self.endpoint = f"127.0.0.1:{port}"

    def close(self):
        self.server.stop(None)


def _unary(function, request_type, response_type):
    return grpc.unary_unary_rpc_method_handler(
        function,
        request_deserializer=request_type.pb().FromString,
        response_serializer=response_type.pb().SerializeToString,
    )
