"""squad side by side with esak 2.0.0: one character by id, one page of 100, the whole catalogue."""

from __future__ import annotations

from pathlib import Path

from . import report
from .bench import Bench, remove
from .measure import Result
from .simulator import Simulator

HERO = "1009610"  # Spider-Man (Peter Parker): in the simulator's real-id set


def run(bench: Bench, sim: Simulator, esak_status: str) -> None:
    report.heading("squad vs esak 2.0.0")
    report.note(
        f"Loopback simulator, {sim.characters:,} characters, {sim.latency_ms} ms latency. Every run is a whole "
        "process, so both pay their start-up. squad: a fresh `--home` per run, so its response cache "
        "starts cold and every answer is fetched and cached. esak: `cache=None` (esak's default: no "
        "SqliteCache), `api_url` set to the simulator; `scripts/benchlib/esak_peer.py` asks the same URLs "
        f"as the squad command (see the request counts). {esak_status}.\n")
    runs = bench.runs
    cases = [
        ("by-id", "one character by id", ["show", HERO], ["show", HERO], runs.fast),
        ("page", "one page of 100", ["heroes", "--limit", "100"], ["page"], runs.fast),
        ("all", "whole catalogue", ["heroes", "--all"], ["all"], runs.slow),
    ]
    rows = []
    for key, label, squad_args, esak_args, count in cases:
        squad = _squad(bench, sim, f"compare.{key}.squad", label, squad_args, count)
        esak = _esak(bench, sim, f"compare.{key}.esak", label, esak_args, count)
        rows += _rows(squad, esak)
    sync = _squad(bench, sim, "compare.sync.squad", "whole catalogue, stored", ["sync"], runs.slow)
    rows += _rows(sync, bench.results.get("compare.all.esak"))[:1]
    report.table(["case", "program", "runs", "wall (median)", "CPU (median)", "peak RSS", "requests",
                  "squad/esak wall", "squad/esak RSS"], rows)
    report.note("`squad/esak` below 1 means squad is faster or smaller: 0.10 is ten times faster. "
                "`whole catalogue, stored` is `squad sync` (pages fetched concurrently and written to the "
                "local catalogue) against the same esak loop.\n")


def _squad(bench: Bench, sim: Simulator, key: str, label: str, arguments: list[str], count: int) -> Result:
    homes: list[Path] = []

    def prepare() -> list[str]:
        homes.append(bench.home())
        return bench.squad_argv(homes[-1], *arguments)

    return bench.measure(key, label, "squad " + " ".join(arguments), count, prepare, sim,
                         finish=lambda: remove(homes.pop()))


def _esak(bench: Bench, sim: Simulator, key: str, label: str, arguments: list[str], count: int) -> Result | None:
    if bench.esak_python is None:
        return None
    peer = bench.root / "scripts/benchlib/esak_peer.py"
    argv = [str(bench.esak_python), str(peer), *arguments]
    return bench.measure(key, label, "esak " + " ".join(arguments), count, lambda: argv, sim)


def _rows(squad: Result, esak: Result | None) -> list[list[str]]:
    def row(result: Result, ratios: list[str]) -> list[str]:
        return [result.label, f"`{result.program}`", str(result.runs), report.seconds(result.wall),
                report.seconds(result.cpu), report.megabytes(result.peak_rss_kb),
                report.count(result.requests), *ratios]

    if esak is None:
        return [row(squad, ["(no esak)", "(no esak)"])]
    ratios = [report.ratio(squad.wall / esak.wall), report.ratio(squad.peak_rss_kb / esak.peak_rss_kb)]
    return [row(squad, ratios), row(esak, ["", ""])]
