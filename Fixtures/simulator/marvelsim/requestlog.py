"""The request log behind ``GET /_sim/log`` and ``--log FILE``.

Every API request served is recorded (control requests are not), with a
``seq`` that keeps counting up across ``/_sim/reset``.
"""

from __future__ import annotations

import threading

from .common import dumps


class RequestLog:
    """Every API request served (control requests excluded), optionally mirrored to a file."""

    def __init__(self, path: str | None):
        self._entries: list[dict] = []
        self._seq = 0
        self._lock = threading.Lock()
        self._file = open(path, "a", encoding="utf-8") if path else None

    def record(self, **entry) -> None:
        with self._lock:
            self._seq += 1
            entry = {"seq": self._seq, **entry}
            self._entries.append(entry)
            if self._file:
                self._file.write(dumps(entry) + "\n")
                self._file.flush()

    def entries(self, since: int = 0) -> list[dict]:
        with self._lock:
            return [e for e in self._entries if e["seq"] > since]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def close(self) -> None:
        if self._file:
            self._file.close()
