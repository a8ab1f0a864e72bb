"""The network: a cold sync with injected latency, a repeat within the TTL, a forced revalidation."""

from __future__ import annotations

import math
import subprocess
from collections import Counter
from pathlib import Path

from . import report
from .bench import Bench, remove
from .measure import Result
from .simulator import Simulator, peak_in_flight, round_trips

CONCURRENCY = 5  # squad's LiveMarvelClient.maximumRequestsInFlight, for the lower bound only


def run(bench: Bench, sim: Simulator) -> None:
    report.heading(f"Network: sync with {sim.latency_ms} ms latency")
    report.note(
        f"{sim.characters:,} characters, {sim.latency_ms} ms added before every answer. Round trips are read "
        "from the simulator's log, which stamps each request when it arrives and when it is answered: "
        "a request sent only after an earlier one was answered is one round trip later; the longest such "
        "chain is the count (exact for batches or a sliding window). The lower bound is 1 (the first "
        f"page gives the total) + ⌈other pages / {CONCURRENCY} in flight⌉. `in flight` is the most requests "
        "the simulator served at once.\n")
    runs = bench.runs.network
    homes: list[Path] = []

    def fresh() -> list[str]:
        homes.append(bench.home())
        return bench.squad_argv(homes[-1], "sync")

    cold = bench.measure("network.cold", "cold sync", "squad sync", runs, fresh, sim,
                         finish=lambda: remove(homes.pop()))
    synced = bench.home()
    subprocess.run(bench.squad_argv(synced, "--quiet", "sync"), env=bench.environment(sim), check=True,
                   stdout=subprocess.DEVNULL)
    sim.take_requests()
    repeat = bench.measure("network.repeat", "repeat within the TTL", "squad sync", runs,
                           lambda: bench.squad_argv(synced, "sync"), sim)
    forced = bench.measure("network.force", "revalidate", "squad sync --force", runs,
                           lambda: bench.squad_argv(synced, "sync", "--force"), sim)
    remove(synced)

    pages = math.ceil(sim.characters / 100)
    bound = 1 + math.ceil((pages - 1) / CONCURRENCY)
    rows = [_row(r, sim.latency_ms) for r in (cold, repeat, forced)]
    report.table(["case", "program", "runs", "wall (median)", "CPU (median)", "requests", "answers",
                  "round trips", "in flight", "latency floor"], rows)
    report.note(f"{pages} pages: at most {CONCURRENCY} in flight, the lower bound is {bound} round trips "
                f"({bound * sim.latency_ms} ms of latency). `latency floor` is round trips × latency. The count "
                "is read from the timeline, so a client that gets no CPU for a while (a loaded machine: wall "
                "far above CPU) sends its next request late and the chain grows; the best run shows what the "
                "design does when it is not starved.\n")


def _row(result: Result, latency_ms: int) -> list[str]:
    trips = sorted(round_trips(s.requests) for s in result.samples)
    flight = max(peak_in_flight(s.requests) for s in result.samples)
    answers = Counter(e["status"] for s in result.samples for e in s.requests)
    per_run = ", ".join(f"{n / result.runs:g}×{status}" for status, n in sorted(answers.items(), key=str)) or "none"
    trip = trips[len(trips) // 2]
    return [result.label, f"`{result.program}`", str(result.runs), report.seconds(result.wall),
            report.seconds(result.cpu), report.count(result.requests), per_run,
            str(trip) if trips[0] == trips[-1] else f"{trip} (range {trips[0]}–{trips[-1]})",
            str(flight), f"{trip * latency_ms} ms"]
