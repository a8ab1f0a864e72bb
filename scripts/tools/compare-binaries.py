#!/usr/bin/env python3
"""Before/after timings of two squad release binaries, interleaved run by run (A, B, B, A, …) so
a change in the shared machine's speed falls on both alike. Used for issue 20 (BENCHMARKS.md).

    python3 scripts/tools/compare-binaries.py OLD NEW IMPORT.jsonl...

OLD and NEW are release binaries (`scripts/build-release`, copied out); the JSON Lines files
make the large catalogue (`catalogue import`, under 64 MiB each). Each binary gets its own homes
(a catalogue synced from the simulator, one imported, a squad of 100), so each reads the files
it writes. Prints one Markdown row per case: medians of wall and CPU (user + system) time.
"""
import os, resource, shutil, statistics, subprocess, sys, tempfile, time
from pathlib import Path

OLD, NEW, IMPORTS = sys.argv[1], sys.argv[2], sys.argv[3:]
SIMULATOR = Path(__file__).resolve().parents[2] / "Fixtures" / "simulator" / "marvel_sim.py"
KEYS = {"MARVEL_PUBLIC_KEY": "compare-public-key", "MARVEL_PRIVATE_KEY": "compare-private-key"}


def environment(home, base=None):
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"}
    return {**env, **KEYS, "MARVEL_API_BASE": base} if base else env


def squad(binary, home, args, base=None, check=True):
    return subprocess.run([binary, "--home", home] + args, env=environment(home, base), capture_output=True,
                          text=True, check=check)


def timed(binary, home, args, base=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    squad(binary, home, args, base)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main():
    root = tempfile.mkdtemp(prefix="squad-compare-")
    sim = subprocess.Popen(["python3", str(SIMULATOR), "--public-key", KEYS["MARVEL_PUBLIC_KEY"], "--private-key",
                            KEYS["MARVEL_PRIVATE_KEY"], "--port", "0", "--max-seconds", "3600"],
                           stdout=subprocess.PIPE, text=True)
    base = sim.stdout.readline().split()[1]
    homes = {}
    for name, binary in (("old", OLD), ("new", NEW)):
        home = {kind: os.path.join(root, name, kind) for kind in ("synced", "large", "squad", "recruit")}
        for path in home.values():
            os.makedirs(path)
        squad(binary, home["synced"], ["sync"], base)
        squad(binary, home["large"], ["catalogue", "import"] + IMPORTS)
        ids = [line.split("\t")[0] for line in
               squad(binary, home["synced"], ["--offline", "heroes", "--limit", "100"]).stdout.splitlines()]
        squad(binary, home["squad"], ["--offline", "recruit"] + ids)
        os.symlink(os.path.join(home["synced"], "catalogue.sqc"), os.path.join(home["recruit"], "catalogue.sqc"))
        homes[name] = (binary, home)
    middle = ["--offline", "heroes", "--limit", "1", "--offset", "50000"]
    large_id = squad(OLD, homes["old"][1]["large"], middle).stdout.split("\t")[0]
    cases = [
        ("list, 100 members", "squad", ["list"], 31),
        ("show 1009610 --offline, 1,564 synced", "synced", ["--offline", "show", "1009610"], 31),
        ("recruit 1009610 --offline, 1,564 synced", "recruit", ["--offline", "recruit", "1009610"], 31),
        ("heroes --all --offline, 1,564 synced", "synced", ["--offline", "heroes", "--all"], 31),
        (f"show {large_id} --offline, large", "large", ["--offline", "show", large_id], 21),
        ("heroes --all --offline, large", "large", ["--offline", "heroes", "--all"], 11),
        ("sync, cold, 1,564 (16 requests)", None, ["sync"], 7),
    ]
    print("| case | runs | wall before | wall after | after/before | CPU before | CPU after | after/before |")
    print("|---|---|---|---|---|---|---|---|")
    for label, kind, args, runs in cases:
        samples = {"old": [], "new": []}
        for run in range(runs):
            for name in ("old", "new") if run % 2 == 0 else ("new", "old"):
                binary, home = homes[name]
                if kind is None:
                    path = os.path.join(root, name, f"cold-{run}")
                    os.makedirs(path)
                    samples[name].append(timed(binary, path, args, base))
                    shutil.rmtree(path)
                    continue
                if kind == "recruit":
                    for leftover in ("squad.json", "history.jsonl"):
                        Path(home[kind], leftover).unlink(missing_ok=True)
                samples[name].append(timed(binary, home[kind], args))
        wall = {n: statistics.median(w for w, _ in s) * 1000 for n, s in samples.items()}
        cpu = {n: statistics.median(c for _, c in s) * 1000 for n, s in samples.items()}
        print(f"| {label} | {runs} | {wall['old']:.1f} ms | {wall['new']:.1f} ms | {wall['new'] / wall['old']:.2f}× "
              f"| {cpu['old']:.1f} ms | {cpu['new']:.1f} ms | {cpu['new'] / cpu['old']:.2f}× |", flush=True)
    sim.kill()
    shutil.rmtree(root)


if __name__ == "__main__":
    main()
