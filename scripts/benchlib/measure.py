"""Running one program as a whole process and measuring it.

Each run is spawned with posix_spawn (no shell, no Python work in the child) with stdin and
stdout on /dev/null and stderr in a file, then reaped with wait4, whose rusage gives the child's
CPU time and peak resident set size. Wall time is taken around spawn and wait.
"""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import dataclass, field


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


def run_once(argv: list[str], env: dict[str, str], stderr_path: str, expect: int = 0) -> Sample:
    """Runs argv (argv[0] an absolute path) once and measures it."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != expect:
        with open(stderr_path, encoding="utf-8", errors="replace") as f:
            tail = f.read()[-2000:]
        raise RunFailed(f"{' '.join(argv)} exited {code} (expected {expect}):\n{tail}")
    return Sample(wall=wall, cpu=usage.ru_utime + usage.ru_stime, max_rss_kb=usage.ru_maxrss)
