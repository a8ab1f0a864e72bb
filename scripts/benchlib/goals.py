"""Issue 5's goals, judged from this run's numbers."""

from __future__ import annotations

from . import report
from .bench import Bench
from .growth import marginal
from .simulator import round_trips

LINEAR_SLACK = 1.5  # the last marginal cost may be this much above the first and still count as linear


def run(bench: Bench) -> None:
    report.heading("Goals (issue 5)")
    results = bench.results
    rows = [
        _faster(results, "by-id", "≥ 10× faster than esak: one character by id", 10),
        _faster(results, "all", "≥ 5× faster than esak: whole catalogue (`heroes --all`)", 5),
        _faster(results, "sync", "≥ 5× faster than esak: whole catalogue (`sync`)", 5, esak_key="all"),
        _round_trips(results),
        _floor(results),
        *_linear(results),
    ]
    report.table(["goal", "measured", "verdict"], rows)
    report.heading("Goals (issue 11)")
    report.table(["goal", "measured", "verdict"], _catalogue_goals(results))


MEGABYTE = 1 << 20


def _catalogue_goals(results) -> list[list[str]]:
    points = results.get("growth")
    if not points or len(points) < 2 or not points[-1].local:
        return [["cost that does not grow with the catalogue", "not measured (needs the growth section)", "–"]]
    first, last = points[0], points[-1]
    rows = []
    for label, name in [("`show`", "show"), ("`recruit`", "recruit"), ("`heroes <prefix>`", "prefix")]:
        factor = last.local[name].wall / first.local[name].wall
        measured = (f"{report.ratio(factor)} ({report.seconds(last.local[name].wall)} at {last.size:,} vs "
                    f"{report.seconds(first.local[name].wall)} at {first.size:,}, same run)")
        rows.append([f"{label} at {last.size:,} within 2× of {first.size:,}", measured, _verdict(factor <= 2)])
    peak = last.sync.peak_rss_kb * 1024
    rows.append([f"`sync` of {last.size:,} under 150 MB peak RSS", report.megabytes(last.sync.peak_rss_kb),
                 _verdict(peak < 150 * MEGABYTE)])
    rows.append([f"home after syncing {last.size:,} under 120 MB on disk",
                 f"{report.size(last.home_bytes)} (catalogue {report.size(last.catalogue)}, cache {report.size(last.cache)})",
                 _verdict(last.home_bytes < 120 * MEGABYTE)])
    rows.append(["response cache no larger than the catalogue",
                 f"{report.size(last.cache)} vs {report.size(last.catalogue)}", _verdict(last.cache <= last.catalogue)])
    return rows


def _faster(results, key: str, goal: str, factor: float, esak_key: str | None = None) -> list[str]:
    squad = results.get(f"compare.{key}.squad")
    esak = results.get(f"compare.{esak_key or key}.esak")
    if squad is None or esak is None:
        return [goal, "not measured (no esak or section skipped)", "–"]
    speedup = esak.wall / squad.wall
    measured = (f"{report.ratio(speedup)} ({report.seconds(squad.wall)} vs {report.seconds(esak.wall)}); "
                f"CPU {report.ratio(esak.cpu / squad.cpu)}")
    return [goal, measured, _verdict(speedup >= factor)]


def _round_trips(results) -> list[str]:
    goal = "cold sync in ≤ 4 round trips"
    cold = results.get("network.cold")
    if cold is None:
        return [goal, "not measured (section skipped)", "–"]
    trips = sorted(round_trips(s.requests) for s in cold.samples)
    best, median, worst = trips[0], trips[len(trips) // 2], trips[-1]
    measured = f"best {best}, median {median}, worst {worst} of {len(trips)} runs; {report.seconds(cold.wall)}"
    if worst <= 4:
        verdict = "holds"
    elif median <= 4:
        verdict = "holds in the median run, **not in every run**"
    elif best <= 4:
        verdict = "holds in the best run only, **not in the median run** (see the note on load)"
    else:
        verdict = "**does not hold**"
    return [goal, measured, verdict]


def _floor(results) -> list[str]:
    goal = "`list` within 1.5× of the empty program"
    empty, listing = results.get("floor.empty"), results.get("floor.list")
    foundation = results.get("floor.foundation")
    if empty is None or listing is None or foundation is None:
        return [goal, "not measured (section skipped)", "–"]
    factor = listing.wall / empty.wall
    measured = (f"{report.ratio(factor)} ({report.seconds(listing.wall)} vs {report.seconds(empty.wall)}); "
                f"{report.ratio(listing.wall / foundation.wall)} the Foundation program "
                f"({report.seconds(foundation.wall)})")
    return [goal, measured, _verdict(factor <= 1.5)]


def _linear(results) -> list[list[str]]:
    points = results.get("growth")
    if not points or len(points) < 3:
        return [["linear growth", "not measured (needs three sizes; the full run has them)", "–"]]
    measures = [("sync CPU", lambda p: p.sync.cpu, "µs"), ("`heroes --all --offline` CPU", lambda p: p.heroes.cpu, "µs"),
                ("`heroes --all --offline` peak RSS", lambda p: p.heroes.peak_rss_kb * 1024, "B"),
                ("catalogue file", lambda p: p.catalogue, "B")]
    rows = []
    for name, value, unit in measures:
        costs = [marginal(p, before, value) for before, p in zip(points, points[1:])]
        scale = 1e6 if unit == "µs" else 1
        shown = " → ".join(f"{c * scale:,.1f} {unit}" for c in costs)
        grows = costs[-1] <= costs[0] * LINEAR_SLACK or costs[-1] <= 0
        rows.append([f"linear growth: {name}", f"marginal per character {shown}", _verdict(grows)])
    return rows


def _verdict(holds: bool) -> str:
    return "holds" if holds else "**does not hold**"
