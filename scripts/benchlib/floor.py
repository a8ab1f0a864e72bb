"""squad against the process floor: an empty Foundation program built the same way, and one that
uses Foundation as any command-line program does before its own work."""

from __future__ import annotations

import subprocess

from . import report
from .bench import Bench, Case, remove
from .simulator import Simulator


def run(bench: Bench, sim: Simulator) -> None:
    report.heading("squad against the process floor")
    report.note(
        "Two floors, both built by `scripts/build-release` exactly like squad and run from installed "
        "copies. The **empty** program is `import Foundation` and one `print` (the standard library's): it "
        "touches no Foundation API, so it pays none of Foundation's start-up. The **Foundation** program "
        "does what any Foundation CLI does before its own work: reads a one-line JSON file into `Data` "
        "with `FileManager`, parses it with `JSONSerialization`, lowercases an `NSString` and prints one "
        "line, so it pays CoreFoundation's and ICU's initialisers and a full Foundation binary's page "
        "faults. It does not use FoundationNetworking, which squad also carries (and whose libcurl it loads "
        "only for the network). `squad --version` is start-up alone. `list` reads "
        f"a 100-member squad; `heroes --all --offline` reads a catalogue synced from the simulator "
        f"({sim.characters:,} characters, plus the bundled ones it lacks). Output goes to /dev/null "
        "(so squad prints TSV).\n")
    fast = bench.runs.fast
    env_keys = bench.environment(sim)
    members = _squad_with_members(bench, 100)
    synced = bench.home()
    subprocess.run(bench.squad_argv(synced, "--quiet", "sync"), env=env_keys, check=True,
                   stdout=subprocess.DEVNULL)

    cases = bench.interleave([
        Case("floor.empty", "empty Foundation program", "empty", lambda: [str(bench.empty)]),
        Case("floor.foundation", "Foundation in use", "foundation probe.json", lambda: bench.foundation),
        Case("floor.version", "start-up only", "squad --version", lambda: bench.squad_argv(members, "--version")),
        Case("floor.list", "list, 100 members", "squad list", lambda: bench.squad_argv(members, "list")),
        Case("floor.heroes", f"heroes, {sim.characters:,} synced", "squad heroes --all --offline",
             lambda: bench.squad_argv(synced, "heroes", "--all", "--offline")),
    ], fast, sim)
    empty, foundation = cases[0], cases[1]
    rows = [[r.label, f"`{r.program}`", str(r.runs), report.seconds(r.wall), report.seconds(r.cpu),
             report.megabytes(r.peak_rss_kb), report.count(r.requests), report.ratio(r.wall / empty.wall),
             report.ratio(r.wall / foundation.wall), report.ratio(r.peak_rss_kb / empty.peak_rss_kb),
             report.ratio(r.peak_rss_kb / foundation.peak_rss_kb), f"{(r.wall - foundation.wall) * 1000:+.1f} ms"]
            for r in cases]
    report.table(["case", "program", "runs", "wall (median)", "CPU (median)", "peak RSS", "requests",
                  "wall / empty", "wall / Foundation", "RSS / empty", "RSS / Foundation", "wall − Foundation"],
                 rows)
    remove(members)
    remove(synced)


def _squad_with_members(bench: Bench, count: int):
    """A home whose squad holds `count` heroes of the bundled catalogue, recruited by squad itself."""
    home = bench.home()
    env = bench.environment(None)
    listing = subprocess.run(bench.squad_argv(home, "--offline", "heroes", "--all", "--format", "tsv"),
                             env=env, check=True, capture_output=True, text=True).stdout
    ids = [line.split("\t", 1)[0] for line in listing.splitlines()][:count]
    if len(ids) < count:
        raise RuntimeError(f"the bundled catalogue holds only {len(ids)} heroes; {count} needed")
    subprocess.run(bench.squad_argv(home, "--offline", "--quiet", "recruit", *ids), env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return home
