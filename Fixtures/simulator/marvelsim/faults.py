"""Fault injection: the FIFO fault queue behind ``--fault`` and ``/_sim/faults``,
and the canned responses of the faults that replace the real answer.

The first queued fault whose ``path`` is a substring of the request target
applies (before auth) and uses up one of its ``times``; ``-1`` means forever.
``drop``, ``notHttp`` (``reply``: ``garbage``, ``http09`` or ``version``), ``slow`` and
``truncated`` are carried out by the HTTP layer, and so
are the streaming faults (``huge``, ``endless``, ``gzipBomb``) and ``redirect``.
``page`` rewrites the real answer's paging (see ``rewrite_page``).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field

from .common import dumps
from .responses import Response, success_body

FAULT_KINDS = {"status", "html", "malformed", "truncated", "empty", "drop", "slow", "wrongShape",
               "page", "huge", "endless", "gzipBomb", "redirect", "notHttp"}
STREAMING_FAULTS = {"huge", "endless", "gzipBomb"}


@dataclass
class Fault:
    """One queued fault: what to do, how many more times, and to which requests."""

    kind: str
    times: int = 1
    path: str | None = None
    spec: dict = field(default_factory=dict)

    @classmethod
    def parse(cls, spec) -> "Fault":
        """Validate a fault given as a JSON object; raises ValueError."""
        if not isinstance(spec, dict):
            raise ValueError("a fault must be a JSON object")
        kind = spec.get("kind")
        if kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind {kind!r}; one of {sorted(FAULT_KINDS)}")
        times = spec.get("times", 1)
        if not isinstance(times, int) or times == 0 or times < -1:
            raise ValueError("times must be a positive integer or -1")
        path = spec.get("path")
        if path is not None and not isinstance(path, str):
            raise ValueError("path must be a string")
        if kind == "status" and not (isinstance(spec.get("status"), int)
                                     and 100 <= spec["status"] <= 599):
            raise ValueError("a status fault needs an integer status")
        if kind == "slow" and not (isinstance(spec.get("delayMs"), (int, float))
                                   and spec["delayMs"] >= 0):
            raise ValueError("a slow fault needs delayMs >= 0")
        for key in ("keep", "total", "shift", "delayMs", "sizeMb"):
            value = spec.get(key)
            if value is not None and not (isinstance(value, (int, float)) and not isinstance(value, bool)):
                raise ValueError(f"{key} must be a number")
        if kind in {"huge", "gzipBomb"} and not spec.get("sizeMb", 0) > 0:
            raise ValueError(f"a {kind} fault needs sizeMb > 0")
        patch = spec.get("patch", {})
        if not (isinstance(patch, dict) and all(isinstance(fields, dict) for fields in patch.values())):
            raise ValueError('patch must map ids to objects of fields, e.g. {"1009351": {"id": 0}}')
        if kind == "redirect" and not isinstance(spec.get("location", ""), str):
            raise ValueError("location must be a string")
        return cls(kind, times, path, dict(spec))

    def applies_to(self, target: str) -> bool:
        return self.path is None or self.path in target


class FaultQueue:
    """A FIFO of faults; the first one matching a request is applied to it."""

    def __init__(self):
        self._faults: list[Fault] = []
        self._lock = threading.Lock()

    def add(self, faults: list[Fault]) -> None:
        with self._lock:
            self._faults.extend(faults)

    def clear(self) -> None:
        with self._lock:
            self._faults.clear()

    def take(self, target: str) -> Fault | None:
        """The fault for a request (path + query), consuming one use of it."""
        with self._lock:
            for index, fault in enumerate(self._faults):
                if fault.applies_to(target):
                    if fault.times > 0:
                        fault.times -= 1
                        if fault.times == 0:
                            del self._faults[index]
                    return fault
        return None

    def snapshot(self) -> list[dict]:
        with self._lock:
            return [dict(f.spec, times=f.times) for f in self._faults]


THROTTLED = {"code": "RequestThrottled",
             "message": "You have exceeded your rate limit.  Please try again later."}
INTERNAL = {"code": "InternalServerError", "message": "Internal Server Error"}
PROXY_PAGE = ("<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
              "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n"
              "</body>\r\n</html>\r\n")
MALFORMED = '{"code":200,"data":{"results":[{"id":#%&*garbage<<<'


def fault_response(fault: Fault) -> Response:
    """The canned response of a fault that replaces the real answer."""
    spec = fault.spec
    if fault.kind == "status":
        status = spec["status"]
        body = spec.get("body")
        if body is None:
            body = THROTTLED if status == 429 else INTERNAL if status >= 500 else \
                {"code": status, "status": f"Simulated error {status}"}
        raw = body.encode() if isinstance(body, str) else dumps(body).encode()
        # retryAfter: a value, or a list sent as that many Retry-After lines.
        retry_after = spec.get("retryAfter")
        headers = {} if retry_after is None else \
            {"Retry-After": [str(v) for v in retry_after] if isinstance(retry_after, list) else str(retry_after)}
        return Response(status, raw, headers=headers)
    if fault.kind == "html":
        return Response(spec.get("status", 502), PROXY_PAGE.encode(), "text/html")
    if fault.kind == "malformed":
        return Response(200, MALFORMED.encode())
    if fault.kind == "empty":
        return Response(200, b"")
    if fault.kind == "wrongShape":
        data = {"offset": 0, "limit": 20, "total": 1, "count": 1, "results": "not a list"}
        return Response(200, success_body(dumps(data), "0" * 40))
    raise AssertionError(fault.kind)


REPLACING_FAULTS = {"status", "html", "malformed", "empty", "wrongShape"}


def rewrite_page(body: bytes, spec: dict, requested_offset: int) -> bytes:
    """A 200 body with its paging rewritten, for servers whose paging lies.

    ``keep`` keeps only the first N results (``count`` follows); ``total`` replaces the total;
    ``shift`` answers with the page ``shift`` places earlier (negative) or later while still
    claiming the requested offset, so ids repeat across pages; ``rename`` (``{"id": "name"}``)
    gives characters new names, as a server whose data changed; ``patch`` (``{"id": {field:
    value}}``) overwrites any fields of a character, as a server that sends an id of 0, a blank
    name, a 12 MiB description or another character's id. The ETag is dropped, since the
    body no longer matches it."""
    document = json.loads(body)
    data = document.get("data", {})
    results = data.get("results", [])
    if "keep" in spec:
        results = results[: max(0, int(spec["keep"]))]
    data["results"], data["count"] = results, len(results)
    if "total" in spec:
        data["total"] = int(spec["total"])
    renames = spec.get("rename") or {}
    for result in results:
        if str(result.get("id")) in renames:
            result["name"] = renames[str(result["id"])]
    patches = spec.get("patch") or {}
    for result in results:
        result.update(patches.get(str(result.get("id")), {}))
    data["offset"] = requested_offset
    document.pop("etag", None)
    return dumps(document).encode()
