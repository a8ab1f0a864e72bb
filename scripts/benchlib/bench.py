"""What every section shares: the programs, where homes live, how many runs, and running a case."""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .measure import Result, run_once
from .report import progress
from .simulator import Simulator


@dataclass
class Runs:
    """Repetitions per kind of case."""

    fast: int  # commands that take milliseconds
    slow: int  # whole-catalogue fetches, esak
    network: int  # syncs with injected latency
    growth: int  # syncs at 15,000 and 100,000


FULL = Runs(fast=21, slow=11, network=11, growth=3)
QUICK = Runs(fast=3, slow=2, network=2, growth=1)


@dataclass
class Bench:
    root: Path  # the repository
    work: Path  # .bench/run-<pid>: homes and stderr files, removed at the end
    squad: Path  # the installed copies of setup.Programs
    empty: Path
    foundation: list[str]
    launcher: Path | None  # None: spawned from Python, peak RSS includes Python's
    esak_python: Path | None
    runs: Runs
    results: dict = field(default_factory=dict)  # key -> Result, for the goals

    def environment(self, sim: Simulator | None) -> dict[str, str]:
        """The same small environment for every program, pointed at the simulator."""
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(self.work / "user-home"),
               "LANG": "C.UTF-8", "TERM": "dumb"}
        if sim:
            env.update(sim.environment())
        return env

    def home(self) -> Path:
        """A new, empty squad home."""
        return Path(tempfile.mkdtemp(prefix="home-", dir=self.work))

    def squad_argv(self, home: Path, *arguments: str) -> list[str]:
        return [str(self.squad), "--home", str(home), *arguments]

    def measure(self, key: str, label: str, program: str, runs: int, prepare: Callable[[], list[str]],
                sim: Simulator | None, finish: Callable[[], None] = lambda: None) -> Result:
        """One case on its own; see ``interleave``."""
        return self.interleave([Case(key, label, program, prepare, finish)], runs, sim)[0]

    def interleave(self, cases: list["Case"], runs: int, sim: Simulator | None) -> list[Result]:
        """Runs every case once to warm up (the simulator builds its pages, the file cache fills,
        Python compiles esak), then `runs` rounds of one run of each case in turn, so a burst of
        load from elsewhere on the machine falls on all of them alike. Each run's simulator
        requests are kept with it."""
        progress(" · ".join(f"{c.label}: {c.program}" for c in cases) + f" × 1 + {runs}")
        stderr_path = str(self.work / "stderr.txt")
        env = self.environment(sim)
        for case in cases:
            run_once(case.prepare(), env, stderr_path, self.launcher)
            case.finish()
        samples: list[list] = [[] for _ in cases]
        for _ in range(runs):
            for case, kept in zip(cases, samples):
                argv = case.prepare()
                if sim:
                    sim.take_requests()
                sample = run_once(argv, env, stderr_path, self.launcher)
                if sim:
                    sample.requests = sim.take_requests()
                kept.append(sample)
                case.finish()
        results = [Result(label=c.label, program=c.program, samples=kept) for c, kept in zip(cases, samples)]
        for case, result in zip(cases, results):
            self.results[case.key] = result
        return results


@dataclass
class Case:
    """One program to measure: `prepare` sets up a run (untimed) and returns its argv; `finish`
    cleans up after it (untimed)."""

    key: str
    label: str
    program: str
    prepare: Callable[[], list[str]]
    finish: Callable[[], None] = lambda: None


def remove(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def tree_size(path: Path) -> int:
    """Bytes in the files under path."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
