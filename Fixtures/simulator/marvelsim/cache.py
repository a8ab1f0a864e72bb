"""Caching and ETags: a bounded LRU map, the ETag digest and If-None-Match matching.

An ETag is the sha1 hex digest of the salt plus the serialised ``data``
object; it is sent unquoted so the header is byte-for-byte the body's ``etag``.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict


class LRU:
    """A thread-safe LRU map bounded by entry count and by total size."""

    def __init__(self, max_items: int, max_bytes: int = 1 << 62):
        self.max_items, self.max_bytes = max_items, max_bytes
        self._data: OrderedDict = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            entry = self._data.get(key)
            if entry is None:
                return None
            self._data.move_to_end(key)
            return entry[0]

    def put(self, key, value, size: int = 1) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._data[key] = (value, size)
            self._bytes += size
            while self._data and (len(self._data) > self.max_items or self._bytes > self.max_bytes):
                _, (_, dropped) = self._data.popitem(last=False)
                self._bytes -= dropped

    def pop(self, key) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._bytes -= old[1]

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._bytes = 0


def etag_for(salt: str, data_json: str) -> str:
    """The ETag of a serialised data container."""
    return hashlib.sha1((salt + data_json).encode()).hexdigest()


def etag_matches(header: str | None, etag: str) -> bool:
    """If-None-Match check: quoted or not, W/ or not, lists, '*'."""
    if not header:
        return False
    for candidate in header.split(","):
        candidate = candidate.strip()
        if candidate.startswith("W/"):
            candidate = candidate[2:]
        candidate = candidate.strip('"')
        if candidate in (etag, "*"):
            return True
    return False
