"""squad side by side with esak 2.0.0: one character by id, one page of 100, the whole catalogue."""

from __future__ import annotations

from pathlib import Path

from . import report
from .bench import Bench, Case, remove
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
        contenders = [_squad(bench, f"compare.{key}.squad", label, squad_args)]
        if key == "all":
            contenders.append(_squad(bench, "compare.sync.squad", "whole catalogue, stored", ["sync"]))
        if bench.esak_python is not None:
            contenders.append(_esak(bench, f"compare.{key}.esak", label, esak_args))
        results = bench.interleave(contenders, count, sim)
        esak = results.pop() if bench.esak_python is not None else None
        rows += [_row(squad, _ratios(squad, esak)) for squad in results]
        if esak:
            rows.append(_row(esak, ["", ""]))
    report.table(["case", "program", "runs", "wall (median)", "CPU (median)", "peak RSS", "requests",
                  "squad/esak wall", "squad/esak RSS"], rows)
    report.note("`squad/esak` below 1 means squad is faster or smaller: 0.10 is ten times faster. "
                "`whole catalogue, stored` is `squad sync` (pages fetched concurrently and written to the "
                "local catalogue) against the same esak loop.\n")


def _squad(bench: Bench, key: str, label: str, arguments: list[str]) -> Case:
    homes: list[Path] = []

    def prepare() -> list[str]:
        homes.append(bench.home())
        return bench.squad_argv(homes[-1], *arguments)

    return Case(key, label, "squad " + " ".join(arguments), prepare, finish=lambda: remove(homes.pop()))


def _esak(bench: Bench, key: str, label: str, arguments: list[str]) -> Case:
    peer = bench.root / "scripts/benchlib/esak_peer.py"
    argv = [str(bench.esak_python), str(peer), *arguments]
    return Case(key, label, "esak " + " ".join(arguments), lambda: argv)


def _row(result: Result, ratios: list[str]) -> list[str]:
    return [result.label, f"`{result.program}`", str(result.runs), report.seconds(result.wall),
            report.seconds(result.cpu), report.megabytes(result.peak_rss_kb), report.count(result.requests), *ratios]


def _ratios(squad: Result, esak: Result | None) -> list[str]:
    if esak is None:
        return ["(no esak)", "(no esak)"]
    return [report.ratio(squad.wall / esak.wall), report.ratio(squad.peak_rss_kb / esak.peak_rss_kb)]
