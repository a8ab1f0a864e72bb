"""A minimal inotify binding (Linux, through ctypes): tells the kill test the moment squad creates
or renames its temporary file, so kills can be aimed at the save without burning a core on
polling. `Watch.available()` is False elsewhere; the test then polls."""

import ctypes
import ctypes.util
import os
import select
import struct

IN_CREATE = 0x00000100
IN_MOVED_FROM = 0x00000040
_EVENT = struct.Struct("iIII")


class Watch:
    """Events (mask, name) in one folder."""

    _libc = None

    @classmethod
    def available(cls):
        if cls._libc is None:
            name = ctypes.util.find_library("c")
            libc = ctypes.CDLL(name, use_errno=True) if name else None
            cls._libc = libc if libc is not None and hasattr(libc, "inotify_init1") else False
        return bool(cls._libc)

    def __init__(self, folder):
        self.fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0 or self._libc.inotify_add_watch(self.fd, folder.encode(), IN_CREATE | IN_MOVED_FROM) < 0:
            raise OSError(ctypes.get_errno(), "inotify")
        self.pending = []

    def next(self, timeout):
        """The next (mask, name), or None after `timeout` seconds."""
        if not self.pending:
            ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
            if not ready:
                return None
            data = os.read(self.fd, 65536)
            offset = 0
            while offset < len(data):
                _, mask, _, length = _EVENT.unpack_from(data, offset)
                name = data[offset + _EVENT.size: offset + _EVENT.size + length].rstrip(b"\0").decode()
                self.pending.append((mask, name))
                offset += _EVENT.size + length
        return self.pending.pop(0)

    def drain(self):
        while self.next(0) is not None:
            pass

    def close(self):
        os.close(self.fd)
