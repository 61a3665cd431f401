"""A JSON-over-HTTP fake on 127.0.0.1, for fakes of remote services (a RunPod endpoint, the
Dialogflow CX REST API): subclass ``JsonHandler`` with ``do_GET``/``do_POST`` that ``answer``."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class JsonHandler(BaseHTTPRequestHandler):
    def answer(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


class LocalServer:
    """Serves ``handler`` on a free port of 127.0.0.1 in a daemon thread until ``close``."""

    def __init__(self, handler: type[JsonHandler]):
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
