"""`squad pick` keystroke latency: the release binary on a pseudo-terminal, keys typed one at a
time, each timed from the write of the key to the arrival of the frame that shows it."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import termios
import time
from pathlib import Path

from . import report
from .bench import Bench

# Typed, then erased with Backspace: a filter narrowing and widening again, as a person types.
WORD = "spider"
ROWS, COLUMNS = 40, 120
COUNT = re.compile(rb"(\d+) of (\d+)")


def latencies(bench: Bench, home: Path) -> tuple[float, list[float]]:
    """Seconds from start to the first frame, and per keystroke for WORD typed and erased, repeated."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    env = dict(bench.environment(None), TERM="xterm-256color")

    def own_terminal() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    started = time.perf_counter()
    child = subprocess.Popen(bench.squad_argv(home, "pick"), stdin=slave, stdout=slave, stderr=subprocess.DEVNULL,
                             preexec_fn=own_terminal, env=env)
    os.close(slave)
    try:
        _read_until(master, lambda seen: b"Filter:" in seen and COUNT.search(seen) is not None)
        first_frame = time.perf_counter() - started
        samples: list[float] = []
        for _ in range(max(bench.runs.fast // 3, 3)):
            typed = ""
            keys = list(WORD) + ["\x7f"] * len(WORD)
            for key in keys:
                typed = typed[:-1] if key == "\x7f" else typed + key
                expected = f"Filter: {typed}\u258f".encode()
                started = time.perf_counter()
                os.write(master, key.encode())
                _read_until(master, lambda seen, e=expected: e in seen)
                samples.append(time.perf_counter() - started)
        os.write(master, b"\x03")
        child.wait(timeout=30)
        return first_frame, samples
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(master)


def _read_until(master: int, done, timeout: float = 30.0) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while not done(seen):
        if time.monotonic() > deadline:
            raise RuntimeError("squad pick did not draw the expected frame")
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            seen += os.read(master, 1 << 16)
    # The frame's remaining lines are in the same write; take what has already arrived.
    while select.select([master], [], [], 0)[0]:
        seen += os.read(master, 1 << 16)
    return seen


def row(bench: Bench, label: str, home: Path) -> list[str]:
    first_frame, samples = latencies(bench, home)
    ms = [s * 1000 for s in samples]
    return [label, f"{first_frame * 1000:.0f} ms", str(len(ms)), f"{statistics.median(ms):.1f} ms", f"{sorted(ms)[int(len(ms) * 0.9)]:.1f} ms",
            f"{max(ms):.1f} ms"]


def run(bench: Bench, homes: list[tuple[str, Path]]) -> None:
    report.heading("pick")
    report.note(
        "`squad pick` on a 120×40 pseudo-terminal: `spider` typed and erased again, one key at a time, each "
        "timed from writing the key to reading the frame that shows the new filter (filter, list and detail; "
        "only changed lines are sent). `first frame` is from starting the process to its first frame. The "
        "goal is one frame, 16 ms, per key on the bundled catalogue, and staying responsive at 100,000 "
        "characters. The `bundled` home is fresh; the others are the growth section's synced homes.\n")
    report.table(["catalogue", "first frame", "keys", "median", "p90", "max"], [row(bench, label, home) for label, home in homes])
