"""The HTTP layer: a threading HTTP/1.1 server, its request handler and the ``/_sim/`` control API.

API requests go through the fault queue, the latency setting and
``MarvelApi``, and are logged; control requests (health, log, reset, faults,
touch) need no auth and are not logged. One failing request never stops the
server.
"""

from __future__ import annotations

import gzip
import json
import zlib
import socket
import sys
import time
import traceback
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

from .common import API_PREFIX
from .faults import (INTERNAL, REPLACING_FAULTS, STREAMING_FAULTS, Fault, FaultQueue, fault_response,
                     rewrite_page)
from .requestlog import RequestLog
from .responses import Response
from .routes import MarvelApi


@dataclass
class SimConfig:
    """Server-wide settings from the command line."""

    latency_s: float = 0.0
    verbose: bool = False


class SimServer(ThreadingHTTPServer):
    """ThreadingHTTPServer carrying the simulator's state; never dies on client errors."""

    daemon_threads = True
    allow_reuse_address = True
    # socketserver's default backlog is 5: with many clients syncing at once on a busy machine the
    # kernel dropped connections past it, and a client waited out SYN retries (1, 2, 4, 8 s) past
    # its 10 s timeout. Real servers listen with a backlog of hundreds.
    request_queue_size = 128

    def __init__(self, address, api: MarvelApi, faults: FaultQueue, log: RequestLog,
                 config: SimConfig):
        super().__init__(address, SimHandler)
        self.api, self.faults, self.log, self.config = api, faults, log, config

    def handle_error(self, request, client_address) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, socket.timeout, TimeoutError)):
            return
        eprint(f"marvel_sim: error while serving {client_address}:\n{traceback.format_exc()}")


class SimServerV6(SimServer):
    """The same server on the IPv6 loopback (``--ipv6``)."""

    address_family = socket.AF_INET6


def eprint(text: str) -> None:
    """Write to stderr, ignoring a closed stderr."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


class SimHandler(BaseHTTPRequestHandler):
    """Routes /_sim/ control requests and API requests; HTTP/1.1 keep-alive."""

    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; with Nagle's algorithm the body then waits for
    # the client's delayed ACK (40 ms on Linux) on every reused connection. Real servers send at
    # once, and so must the simulator, or every keep-alive client pays 40 ms per request.
    disable_nagle_algorithm = True
    server_version = "MarvelSim/1.0"
    sys_version = ""
    timeout = 120
    server: SimServer

    def do_GET(self):
        self._dispatch()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, fmt, *args):
        if self.server.config.verbose:
            eprint("marvel_sim: " + fmt % args)

    # -- plumbing --------------------------------------------------------------

    def _dispatch(self) -> None:
        try:
            body = self._read_body()
            url = urlsplit(self.path)
            if url.path.startswith("/_sim/"):
                self._control(url.path, url.query, body)
            else:
                self._api(url.path, url.query)
        except (ConnectionError, socket.timeout, TimeoutError):
            self.close_connection = True
        except Exception:  # never let one request kill the server
            eprint("marvel_sim: internal error:\n" + traceback.format_exc())
            self.close_connection = True
            try:
                self._write(Response.json(500, INTERNAL))
            except OSError:
                pass

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            self.close_connection = True  # not supported: read nothing, then hang up
            return b""
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _wants_gzip(self) -> bool:
        return "gzip" in self.headers.get("Accept-Encoding", "").lower()

    def _write(self, response: Response, truncate: bool = False, on_ready=None) -> int:
        """Send a response; returns the number of body bytes written.

        ``on_ready(byte_count)`` runs before anything is sent, so a client that reads the log
        right after this response always finds the request in it."""
        body = response.body
        headers = dict(response.headers)
        if body and self._wants_gzip():
            body = self.server.api.gzipped(response) if response.etag else gzip.compress(body, mtime=0)
            headers["Content-Encoding"] = "gzip"
        if response.content_type:
            headers["Content-Type"] = response.content_type
        if response.status != 304:
            headers["Vary"] = "Accept-Encoding"
        silent = self.command == "HEAD" or response.status == 304
        to_send = 0 if silent else (len(body) // 2 if truncate else len(body))
        if on_ready:
            on_ready(to_send)
        self.send_response(response.status)
        for name, value in headers.items():
            for line in value if isinstance(value, list) else [value]:  # a list: one header line each
                self.send_header(name, line)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "HEAD" or response.status == 304:
            return 0
        if truncate:
            body = body[: len(body) // 2]
            self.close_connection = True
        self.wfile.write(body)
        self.wfile.flush()
        if truncate:
            self.connection.shutdown(socket.SHUT_WR)
        return len(body)

    # -- API requests ------------------------------------------------------------

    def _api(self, path: str, query: str) -> None:
        params = dict(parse_qsl(query, keep_blank_values=True))
        received_at = round(time.time(), 6)
        target = path + ("?" + query if query else "")
        fault = self.server.faults.take(target)
        if self.server.config.latency_s:
            time.sleep(self.server.config.latency_s)
        if fault and fault.kind in ("slow", "page") and "delayMs" in fault.spec:
            time.sleep(fault.spec["delayMs"] / 1000)
        logged = False

        def record(status, sent):
            nonlocal logged
            logged = True
            self.server.log.record(
                method=self.command, path=path, query=params, status=status, bytes=sent,
                ifNoneMatch=self.headers.get("If-None-Match"),
                fault=fault.kind if fault else None, gzip=self._wants_gzip(),
                userAgent=self.headers.get("User-Agent"),
                receivedAt=received_at, answeredAt=round(time.time(), 6))

        try:
            if fault and fault.kind == "drop":
                record(None, 0)
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
            elif fault and fault.kind == "notHttp":
                # What a server that does not speak HTTP/1.x answers: bare bytes, then close.
                reply = {"http09": b'{"code":200,"data":{}}', "version": b"HTTP/7.0 200 OK\r\n\r\n{}"}
                record(None, 0)
                self.wfile.write(reply.get(fault.spec.get("reply"), b"\x00\xffNOT HTTP AT ALL\r\n\r\n" * 10))
                self.wfile.flush()
                self.close_connection = True
            elif fault and fault.kind in STREAMING_FAULTS:
                self._stream(fault, lambda sent: record(200, sent))
            elif fault and fault.kind == "redirect":
                location = fault.spec.get("location") or self.path
                if "toPort" in fault.spec:
                    location = f"http://127.0.0.1:{int(fault.spec['toPort'])}{self.path}"
                record(302, 0)
                self._write(Response(302, b"", "", headers={"Location": location}))
            else:
                response = self._api_response(path, params, fault)
                self._write(response, truncate=bool(fault and fault.kind == "truncated"),
                            on_ready=lambda sent: record(response.status, sent))
        finally:
            if not logged:
                record(None, 0)

    def _stream(self, fault: Fault, record) -> None:
        """A body far larger than any Marvel page: ``huge`` (``sizeMb`` with a Content-Length),
        ``endless`` (no length, never ends until the client hangs up) or ``gzipBomb`` (a small
        gzip stream expanding to ``sizeMb``). Each starts like a Marvel answer, then pads one
        result's name with spaces."""
        head = b'{"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":1,"count":1,' \
            b'"results":[{"id":1,"name":"'
        tail = b'"}]}}'
        chunk = b" " * (1 << 20)
        size = int(fault.spec.get("sizeMb", 0) * (1 << 20))
        record(0)
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        try:
            if fault.kind == "gzipBomb":
                self.send_header("Content-Encoding", "gzip")
                self.end_headers()
                packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                self.wfile.write(packer.compress(head))
                for _ in range(size // len(chunk)):
                    self.wfile.write(packer.compress(chunk))
                self.wfile.write(packer.compress(tail) + packer.flush())
            elif fault.kind == "huge":
                self.send_header("Content-Length", str(len(head) + size + len(tail)))
                self.end_headers()
                self.wfile.write(head)
                for _ in range(size // len(chunk)):
                    self.wfile.write(chunk)
                self.wfile.write(tail)
            else:
                self.end_headers()
                self.wfile.write(head)
                deadline = time.monotonic() + 600
                while time.monotonic() < deadline:
                    self.wfile.write(chunk)
            self.wfile.flush()
        except OSError:
            pass  # the client hung up, as it should

    def _api_response(self, path: str, params: dict, fault: Fault | None) -> Response:
        if fault and fault.kind in REPLACING_FAULTS:
            return fault_response(fault)
        if fault and fault.kind == "page":
            return self._lying_page(path, params, fault)
        if self.command != "GET":
            return Response.json(405, {"code": "MethodNotAllowed",
                                       "message": f"{self.command} is not allowed"})
        if not (path == API_PREFIX or path.startswith(API_PREFIX + "/")):
            return Response.json(404, {"code": "ResourceNotFound",
                                       "message": f"{path} does not exist"})
        return self.server.api.handle(path, params, self.headers.get("If-None-Match"))

    def _lying_page(self, path: str, params: dict, fault: Fault) -> Response:
        """The real page (``shift`` places away), its paging rewritten by the fault."""
        requested = int(params.get("offset", "0") or 0) if params.get("offset", "0").isdigit() else 0
        shifted = dict(params)
        if "offset" in params or fault.spec.get("shift"):  # /characters/{id} takes no offset
            shifted["offset"] = str(max(0, requested + int(fault.spec.get("shift", 0))))
        response = self.server.api.handle(path, shifted, None)
        if response.status != 200:
            return response
        body = rewrite_page(response.body, fault.spec, requested)
        return Response(200, body)

    # -- control requests ----------------------------------------------------------

    def _control(self, path: str, query: str, body: bytes) -> None:
        route = (self.command, path.rstrip("/"))
        handlers = {("GET", "/_sim/health"): self._health, ("GET", "/_sim/log"): self._get_log,
                    ("POST", "/_sim/reset"): self._reset, ("POST", "/_sim/faults"): self._add_faults,
                    ("GET", "/_sim/faults"): self._get_faults, ("POST", "/_sim/touch"): self._touch}
        handler = handlers.get(route)
        if handler is None:
            self._write(Response.json(404, {"error": f"no control route {self.command} {path}"}))
            return
        try:
            payload = json.loads(body) if body.strip() else {}
        except ValueError:
            self._write(Response.json(400, {"error": "body is not JSON"}))
            return
        self._write(handler(payload, dict(parse_qsl(query))))

    def _health(self, payload, query) -> Response:
        return Response(200, b"ok", "text/plain; charset=utf-8")

    def _get_log(self, payload, query) -> Response:
        since = int(query.get("since", "0") or 0)
        return Response.json(200, self.server.log.entries(since))

    def _reset(self, payload, query) -> Response:
        self.server.log.clear()
        self.server.faults.clear()
        return Response.json(200, {"ok": True})

    def _add_faults(self, payload, query) -> Response:
        specs = payload.get("faults") if isinstance(payload, dict) else None
        if not isinstance(specs, list):
            return Response.json(400, {"error": 'expected {"faults": [...]}'})
        try:
            faults = [Fault.parse(spec) for spec in specs]
        except ValueError as err:
            return Response.json(400, {"error": str(err)})
        self.server.faults.add(faults)
        return Response.json(200, {"queued": self.server.faults.snapshot()})

    def _get_faults(self, payload, query) -> Response:
        return Response.json(200, {"queued": self.server.faults.snapshot()})

    def _touch(self, payload, query) -> Response:
        ident = payload.get("id") if isinstance(payload, dict) else None
        if not isinstance(ident, int):
            return Response.json(400, {"error": 'expected {"id": <character id>}'})
        modified = self.server.api.catalog.touch(ident)
        if modified is None:
            return Response.json(404, {"error": f"no character {ident}"})
        return Response.json(200, {"id": ident, "modified": modified})
