"""Running one program as a whole process and measuring it.

Each run is started by a small C launcher (`measure.c`, compiled into .bench/ at set-up) with
stdin and stdout on /dev/null and stderr in a file. The launcher spawns the program, reaps it
with wait4, whose rusage gives the child's CPU time and peak resident set size, takes wall time
around spawn and wait (CLOCK_MONOTONIC), and reports the four numbers on a pipe.

Why not spawn from Python: posix_spawn (clone with CLONE_VM) and fork both start the child with
the parent's memory, and at exec the kernel carries the parent's peak RSS over into the child's
max RSS, so every program would show at least Python's ~25 MB. From the launcher that floor is
about 1 MB. Without a C compiler the bench falls back to spawning from Python and says so.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path


class RunFailed(Exception):
    """A measured program exited with an unexpected status."""


@dataclass
class Sample:
    """One run of a program."""

    wall: float  # seconds
    cpu: float  # user + system seconds
    max_rss_kb: int
    requests: list = field(default_factory=list)  # simulator log entries of this run


@dataclass
class Result:
    """Every run of one case."""

    label: str
    program: str
    samples: list[Sample]
    note: str = ""

    @property
    def runs(self) -> int:
        return len(self.samples)

    @property
    def wall(self) -> float:
        return statistics.median(s.wall for s in self.samples)

    @property
    def cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples)

    @property
    def peak_rss_kb(self) -> int:
        return max(s.max_rss_kb for s in self.samples)

    @property
    def requests(self) -> float:
        """Requests per run: the median over runs."""
        return statistics.median(len(s.requests) for s in self.samples)

    @property
    def request_counts(self) -> set[int]:
        return {len(s.requests) for s in self.samples}


def run_once(argv: list[str], env: dict[str, str], stderr_path: str, launcher: Path | None,
             expect: int = 0) -> Sample:
    """Runs argv (argv[0] an absolute path) once through the launcher (or, if None, straight from
    Python) and measures it."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
    ]
    if launcher is None:
        sample, code = _from_python(argv, env, actions)
    else:
        sample, code = _from_launcher(launcher, argv, env, actions, stderr_path)
    if code != expect:
        raise RunFailed(f"{' '.join(argv)} exited {code} (expected {expect}):\n{_tail(stderr_path)}")
    return sample


def _from_launcher(launcher: Path, argv: list[str], env: dict[str, str], actions, stderr_path: str):
    read, write = os.pipe()
    try:
        os.set_inheritable(write, True)
        pid = os.posix_spawn(str(launcher), [str(launcher), str(write), *argv], env, file_actions=actions)
    finally:
        os.close(write)
    with os.fdopen(read) as pipe:
        line = pipe.read()
    _, status, _ = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0 or not line:
        raise RunFailed(f"the launcher failed to run {' '.join(argv)}:\n{_tail(stderr_path)}")
    wall, cpu, max_rss_kb, code = line.split()
    return Sample(wall=float(wall), cpu=float(cpu), max_rss_kb=int(max_rss_kb)), int(code)


def max_rss_kb(usage) -> int:
    """Peak memory in KiB: getrusage gives KiB on Linux and bytes on Darwin."""
    return usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss


def _from_python(argv: list[str], env: dict[str, str], actions):
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    sample = Sample(wall=wall, cpu=usage.ru_utime + usage.ru_stime, max_rss_kb=max_rss_kb(usage))
    return sample, os.waitstatus_to_exitcode(status)


def _tail(stderr_path: str) -> str:
    with open(stderr_path, encoding="utf-8", errors="replace") as f:
        return f.read()[-2000:]
