"""Growth: sync and offline listing at catalogue sizes far beyond Marvel's, per character."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path

from . import report
from .bench import Bench, Case, remove, tree_size
from .measure import Result
from . import pick
from .simulator import Simulator


def run(bench: Bench, sizes: list[int]) -> None:
    report.heading("Growth")
    report.note(
        "For each size a simulator with that many characters (0 ms latency); a cold `squad sync` into a "
        "fresh home, then `squad show` on it. When every size is synced, `squad heroes --all --offline` "
        "runs on the synced homes interleaved (one run of each size in turn), so a change in the "
        "machine's speed between phases of the run does not pass for a change of cost per character. "
        "`sim CPU` is the simulator's own CPU time during a measured sync: the warm-up sync had it build "
        "and gzip every page (in Python, about 0.1 s a page), so what is left is serving them and the "
        "sync measures squad. Per-character figures divide by the size; `marginal` divides the growth "
        "from the previous size by the characters added, so fixed start-up costs drop out and linear "
        "growth shows as a steady marginal cost. `show` (against the API, its own cached answers removed "
        "before each run) shows what one lookup costs on a home synced at that size. The goals judge "
        "linearity on CPU time, the process's own work; wall time also carries whatever else the machine "
        "was doing.\n")
    points = [_measure(bench, size) for size in sizes]
    _listings(bench, points)
    _local_commands(bench, points)
    pick.run(bench, [("bundled", bench.home())] + [(f"{p.size:,} synced", p.home) for p in points])
    for point in points:
        remove(point.home)
    bench.results["growth"] = points
    pairs = list(zip(points, [None] + points[:-1]))
    report.table(["characters", "runs", "sync wall", "sync CPU", "sync peak RSS", "sim CPU", "requests",
                  "catalogue file", "bytes / char", "cache on disk", "home on disk", "sync CPU / char",
                  "marginal sync CPU / char"],
                 [_sync_row(p, before) for p, before in pairs])
    report.note(
        "Local commands on the synced homes, offline, interleaved across sizes like the listings "
        "(`recruit` into an empty squad each run). `× first` is the wall time over the same command's at "
        "the first size, in this run: issue 11 wants `show`, `recruit` and `heroes <prefix>` within 2× "
        "at 100,000. `--order -comics` (issue 21) sorts every record by its count, so it grows with the "
        "catalogue; its peak RSS is the last column.\n")
    first = points[0]
    ratios = [LOCAL_COMMANDS[i] for i in RATIOS]
    report.table(["characters", *[f"{label} wall" for label, _ in LOCAL_COMMANDS],
                  *[f"{label} × first" for label, _ in ratios], "`--order -comics` peak RSS"],
                 [[f"{p.size:,}", *[report.seconds(p.local[name].wall) for _, name in LOCAL_COMMANDS],
                   *[report.ratio(p.local[name].wall / first.local[name].wall) for _, name in ratios],
                   report.megabytes(p.local["comics"].peak_rss_kb)]
                  for p in points])
    report.table(["characters", "runs", "heroes --all --offline wall", "CPU", "peak RSS", "wall / char",
                  "marginal wall / char", "marginal CPU / char", "marginal RSS / char"],
                 [_heroes_row(p, before) for p, before in pairs])
    report.table(["characters", "runs", "`show 1009610` wall", "CPU", "peak RSS", "requests"],
                 [[f"{p.size:,}", str(p.show.runs), report.seconds(p.show.wall), report.seconds(p.show.cpu),
                   report.megabytes(p.show.peak_rss_kb), report.count(p.show.requests)] for p in points])


@dataclass
class Point:
    """Everything measured at one catalogue size."""

    size: int
    sync: Result
    sim_cpu: float
    catalogue: int  # bytes of catalogue.sqc
    cache: int  # bytes under cache/
    show: Result
    home: Path  # the synced home, removed once the listings are measured
    home_bytes: int = 0  # bytes of everything in the home
    heroes: Result | None = None
    local: dict = field(default_factory=dict)  # name -> Result of the local commands


def _measure(bench: Bench, size: int) -> Point:
    runs = bench.runs.growth if size > 2000 else bench.runs.network
    with Simulator(bench.root, characters=size) as sim:
        homes: list[Path] = []
        sim_cpu: list[float] = []

        def prepare() -> list[str]:
            if homes:
                remove(homes.pop())
            homes.append(bench.home())
            sim_cpu.append(sim.cpu_seconds())
            return bench.squad_argv(homes[-1], "sync")

        def finish() -> None:
            sim_cpu[-1] = sim.cpu_seconds() - sim_cpu[-1]

        sync = bench.measure(f"growth.{size}.sync", f"sync {size:,}", "squad sync", runs, prepare, sim, finish)
        home = homes[0]
        catalogue = (home / "catalogue.sqc").stat().st_size
        cache = tree_size(home / "cache")
        home_bytes = tree_size(home)
        show = _show(bench, sim, size, home)
    # sim_cpu[0] is the warm-up run's.
    return Point(size, sync, statistics.median(sim_cpu[1:]), catalogue, cache, show, home, home_bytes)


LOCAL_COMMANDS = [("`show 1009610 --offline`", "show"), ("`recruit 1009610 --offline`", "recruit"),
                  ("`heroes spi --offline`", "prefix"), ("`heroes --offline` (first page)", "page"),
                  ("`heroes --order -comics --offline` (first page)", "comics")]
# The commands whose growth the table shows as `× first`: issue 11's three, and the counts order
# (issue 21), which reads every record and so grows with the catalogue.
RATIOS = [0, 1, 2, 4]


def _local_commands(bench: Bench, points: list[Point]) -> None:
    """The commands that need a few heroes, on every synced home, interleaved across sizes."""
    def argv(home: Path, name: str) -> list[str]:
        if name == "show":
            return bench.squad_argv(home, "show", "1009610", "--offline")
        if name == "recruit":
            (home / "squad.json").unlink(missing_ok=True)
            return bench.squad_argv(home, "recruit", "1009610", "--offline")
        if name == "prefix":
            return bench.squad_argv(home, "heroes", "spi", "--offline")
        if name == "comics":
            return bench.squad_argv(home, "heroes", "--order", "-comics", "--offline")
        return bench.squad_argv(home, "heroes", "--offline")

    cases = [Case(f"growth.{p.size}.{name}", f"{name} {p.size:,}", f"squad {label}",
                  lambda home=p.home, name=name: argv(home, name))
             for label, name in LOCAL_COMMANDS for p in points]
    results = bench.interleave(cases, bench.runs.fast, None)
    for case, result in zip(cases, results):
        size = int(case.key.split(".")[1])
        next(p for p in points if p.size == size).local[case.key.split(".")[2]] = result


def _listings(bench: Bench, points: list[Point]) -> None:
    """`heroes --all --offline` on every synced home, interleaved. A simulator runs only so that the
    environment holds its keys, as a synced user's does: with keys squad does more at start-up, even
    offline."""
    cases = [Case(f"growth.{p.size}.heroes", f"heroes {p.size:,}", "squad heroes --all --offline",
                  lambda home=p.home: bench.squad_argv(home, "heroes", "--all", "--offline")) for p in points]
    with Simulator(bench.root, characters=points[0].size) as sim:
        for point, result in zip(points, bench.interleave(cases, bench.runs.slow, sim)):
            point.heroes = result


def _show(bench: Bench, sim: Simulator, size: int, home: Path) -> Result:
    """`squad show` on the synced home, each run as the first: its own cached answers are removed."""
    responses = home / "cache/responses"
    before = set(responses.iterdir())

    def forget() -> None:
        for path in set(responses.iterdir()) - before:
            path.unlink()

    return bench.measure(f"growth.{size}.show", f"show {size:,}", "squad show 1009610", bench.runs.growth,
                         lambda: bench.squad_argv(home, "show", "1009610"), sim, forget)


def marginal(point: Point, previous: Point | None, value) -> float | None:
    """The growth of value(point) per character added since the previous size."""
    if previous is None:
        return None
    return (value(point) - value(previous)) / (point.size - previous.size)


def _micro(value: float | None) -> str:
    return "–" if value is None else f"{value * 1e6:.1f} µs"


def _sync_row(point: Point, previous: Point | None) -> list[str]:
    n = point.size
    return [f"{n:,}", str(point.sync.runs), report.seconds(point.sync.wall), report.seconds(point.sync.cpu),
            report.megabytes(point.sync.peak_rss_kb), report.seconds(point.sim_cpu), report.count(point.sync.requests),
            report.size(point.catalogue), f"{point.catalogue / n:.0f}", report.size(point.cache),
            report.size(point.home_bytes), _micro(point.sync.cpu / n),
            _micro(marginal(point, previous, lambda p: p.sync.cpu))]


def _heroes_row(point: Point, previous: Point | None) -> list[str]:
    n = point.size
    rss = marginal(point, previous, lambda p: p.heroes.peak_rss_kb * 1024)
    return [f"{n:,}", str(point.heroes.runs), report.seconds(point.heroes.wall), report.seconds(point.heroes.cpu),
            report.megabytes(point.heroes.peak_rss_kb), _micro(point.heroes.wall / n),
            _micro(marginal(point, previous, lambda p: p.heroes.wall)),
            _micro(marginal(point, previous, lambda p: p.heroes.cpu)),
            "–" if rss is None else f"{rss:,.0f} B"]
