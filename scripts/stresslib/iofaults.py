"""I/O fault injection, the way SQLite tests its I/O error paths (issue 27): every command that
changes squad's files is run with one system call failing, each occurrence of each call on a file
of the home in turn (`strace -e inject`), and every run is classified:

  crash    a signal, or no exit within the deadline;
  corrupt  a file squad cannot read back (a squad, a history line, the catalogue), or a file moved
           aside as "damaged" on an I/O error;
  silent   exit 0 but the home is not what the same command makes without a fault (the change not
           done, not recorded, or a false answer such as "nothing to reset");
  mixed    a failure that left the home neither as it was nor as the command makes it (a folder,
           lock, spool or temporary file left after "Nothing was changed"), or no "Error:" said.

A failure (exit 1) that leaves the home as it was, or as the command makes it when the fault came
after the commit point (a folder flush), is correct. The counts must all be 0.

The suite runs a sample (STRESS_IO_FAULTS=N runs of 5 commands, 80 by default, chosen by the seed); the whole
sweep runs by hand: `scripts/stress --only io-faults` with STRESS_IO_FAULTS=all, or
`python3 scripts/stresslib/iofaults.py --bin-dir .build/debug --all`. Needs strace; says why not when absent."""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Result, clean_environment  # noqa: E402
from simulator import Simulator, keys_environment  # noqa: E402

SYSCALLS = ["openat", "read", "write", "pwrite64", "fsync", "rename", "flock", "unlink", "close", "mmap"]
# EIO for every call; EINTR too (retried, so the command must simply work); ENOSPC where data is
# written; EACCES where files are opened.
ERRNOS = {"openat": ["EIO", "EINTR", "EACCES"], "write": ["EIO", "EINTR", "ENOSPC"],
          "pwrite64": ["EIO", "EINTR", "ENOSPC"], "fsync": ["EIO", "EINTR", "ENOSPC"]}
DEADLINE = 60
SPIDER_MAN, HULK, THOR, IRON_MAN = 1009610, 1009351, 1009664, 1009368

# Each command, as run in a copy of the template home ({out} is a folder outside the home).
COMMANDS = {
    "recruit": ["--squad", "avengers", "recruit", str(THOR)],
    "recruit default": ["recruit", str(IRON_MAN)],
    "recruit imported": ["recruit", "5000001"],
    "fire": ["--squad", "avengers", "fire", "--yes", str(SPIDER_MAN)],
    "undo": ["--squad", "avengers", "undo"],
    "redo": ["--squad", "avengers", "redo"],
    "squads create": ["squads", "create", "newone"],
    "squads rename": ["squads", "rename", "avengers", "heroes"],
    "squads delete": ["squads", "delete", "avengers", "--yes"],
    "squads edit": ["squads", "edit", "avengers", "--max", "8"],
    "import": ["--squad", "avengers", "import", "{out}/members.json"],
    "import --replace": ["--squad", "avengers", "import", "{out}/members.json", "--replace"],
    "export": ["--squad", "avengers", "export", "--output", "{out}/export.json"],
    "catalogue import": ["catalogue", "import", "{out}/more.json"],
    "catalogue reset": ["catalogue", "reset", "--yes"],
    "sync": ["sync"],
}
# sync talks to the loopback simulator (started by the sweep) and runs many threads; it is sampled.
SYNC_SAMPLE = 60
SIMULATOR = {}


def strace_missing():
    return None if shutil.which("strace") else "strace is not installed"


def squad(bin_dir, home, args, prefix=(), out=None):
    online = args[:1] == ["sync"]
    argv = list(prefix) + [os.path.join(bin_dir, "squad"), "--home", home] + ([] if online else ["--offline"])
    argv += [arg.replace("{out}", out or "") for arg in args]
    env = keys_environment(home, SIMULATOR["base"]) if online else clean_environment(home)
    try:
        done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, errors="replace", timeout=DEADLINE)
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        return None, "", "no exit within the deadline"


def make_template(bin_dir, folder):
    """A home with the default squad, a named squad with a history to undo and redo, an imported
    hero in the catalogue; and, outside it, the files the commands read."""
    home, out = os.path.join(folder, "home"), os.path.join(folder, "inputs")
    os.makedirs(out)
    with open(os.path.join(out, "one.json"), "w") as file:
        json.dump([{"id": 5000000 + i, "name": f"Someone {i}"} for i in range(1, 40)], file)
    with open(os.path.join(out, "more.json"), "w") as file:
        json.dump([{"id": 6000000 + i, "name": f"More {i}"} for i in range(1, 40)], file)
    steps = [["catalogue", "import", os.path.join(out, "one.json")], ["recruit", str(HULK)],
             ["squads", "create", "avengers"], ["--squad", "avengers", "recruit", str(SPIDER_MAN), str(HULK)],
             ["--squad", "avengers", "recruit", str(IRON_MAN)], ["--squad", "avengers", "undo"],
             ["--squad", "avengers", "export", "--output", os.path.join(out, "members.json")]]
    for step in steps:
        code, _, err = squad(bin_dir, home, step)
        if code != 0:
            raise RuntimeError(f"setting up the template: squad {' '.join(step)}: {err.strip()}")
    with open(os.path.join(out, "members.json")) as file:
        members = json.load(file)
    members["members"] = members["members"][:1]
    with open(os.path.join(out, "members.json"), "w") as file:
        json.dump(members, file)
    return home, out


def state(home, out):
    """What the home holds, in the terms a user sees: every file (a deleted squad's folder under
    its name without the time and process), each squad's members and limit, each history's kinds,
    the catalogue's counts; and the export's bytes. Raises ValueError for a file squad cannot read
    back (the run is then counted as corrupt)."""
    files, squads, histories = [], {}, {}
    for folder, subfolders, names in os.walk(home):
        top = os.path.relpath(folder, home).split(os.sep)[0]
        # Folders too: an empty folder left after "Nothing was changed" (squads/.deleted/) is a change.
        for sub in subfolders:
            if top != "cache" and sub != "cache":
                relative = os.path.relpath(os.path.join(folder, sub), home)
                files.append(re.sub(r"\.deleted/([a-z]+)-\d+-\d+$", r".deleted/\1", relative) + "/")
        for name in names:
            # The response cache is a cache (written without a lock, best effort): an entry lost is no change lost.
            if stale_spool(name) or os.path.relpath(folder, home).split(os.sep)[0] == "cache":
                continue  # its unlink failed; the next write of the catalogue sweeps it (an end-to-end test shows it)
            relative = os.path.relpath(os.path.join(folder, name), home)
            relative = re.sub(r"\.deleted/([a-z]+)-\d+-\d+/", r".deleted/\1/", relative)
            files.append(relative)
            path = os.path.join(folder, name)
            if name == "squad.json":
                with open(path, "rb") as file:
                    document = json.loads(file.read())
                squads[relative] = ([m["id"] for m in document["members"]], document.get("maxMembers"))
            elif name == "history.jsonl":
                with open(path, "rb") as file:
                    lines = file.read().split(b"\n")
                if lines[-1]:
                    raise ValueError(f"{relative} ends in a line cut short")
                histories[relative] = [json.loads(line)["kind"] for line in lines[:-1] if line]
            elif ".damaged-" in name:
                raise ValueError(f"{relative}: a file was moved aside as damaged")
    catalogue = None
    if os.path.exists(os.path.join(home, "catalogue.sqc")):
        with open(os.path.join(home, "catalogue.sqc"), "rb") as file:
            head = file.read(4096).split(b"\n")
        # Format 4 ends the header line with its checksum after the JSON (docs/CATALOGUE.md).
        header = json.JSONDecoder().raw_decode(head[1].decode())[0]
        catalogue = (header["heroes"], header["comicCount"], os.path.getsize(os.path.join(home, "catalogue.sqc")))
    exported = None
    if os.path.exists(os.path.join(out, "export.json")):
        with open(os.path.join(out, "export.json"), "rb") as file:
            exported = json.loads(file.read())["members"]
    return {"files": sorted(files), "squads": squads, "histories": histories, "catalogue": catalogue,
            "export": exported}


def stale_spool(name):
    """Whether `name` is a catalogue spool left by a process that has ended."""
    found = re.fullmatch(r"\.catalogue-spool\.tmp-(\d+)-.{6}", name)
    if not found:
        return False
    try:
        os.kill(int(found.group(1)), 0)
        return False
    except ProcessLookupError:
        return True
    except PermissionError:
        return False


def fresh_copy(template, out, scratch):
    run = tempfile.mkdtemp(dir=scratch)
    home, inputs = os.path.join(run, "home"), os.path.join(run, "inputs")
    shutil.copytree(template, home, symlinks=True)
    shutil.copytree(out, inputs, symlinks=True)
    return run, home, inputs


def occurrences(bin_dir, template, out, scratch, args, call):
    """The invocation numbers (per thread, as strace counts them for `when=`) of `call` on files
    of the home or the command's inputs, from one traced run without a fault."""
    run, home, inputs = fresh_copy(template, out, scratch)
    trace = os.path.join(run, "trace")
    squad(bin_dir, home, args, prefix=["strace", "-f", "-qq", "-y", "-o", trace, "-e", f"trace={call}"], out=inputs)
    counts, numbers = {}, set()
    with open(trace, errors="replace") as file:
        for line in file:
            tid, _, rest = line.partition(" ")
            if not rest.lstrip().startswith(call + "("):
                continue  # a "resumed" half, or a signal
            counts[tid] = counts.get(tid, 0) + 1
            if run in rest:
                numbers.add(counts[tid])
    shutil.rmtree(run, ignore_errors=True)
    return sorted(numbers)


def classify(bin_dir, template, out, scratch, name, call, errno, number, before, golden):
    """One faulty run's verdict: None when correct, else (category, description)."""
    run, home, inputs = fresh_copy(template, out, scratch)
    try:
        args = COMMANDS[name]
        code, stdout, stderr = squad(
            bin_dir, home, args, out=inputs,
            prefix=["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"trace={call}",
                    "-e", f"inject={call}:error={errno}:when={number}"])
        label = f"{name} with {call} #{number} failing {errno}"
        if code is None or code < 0:
            return "crash", f"{label}: {stderr.strip()[-300:] or 'signal'}"
        try:
            after = state(home, inputs)
        except (ValueError, KeyError, json.JSONDecodeError) as problem:
            return "corrupt", f"{label}: {problem}"
        if code == 127 and "error while loading shared libraries" in stderr and after == before:
            return None  # the fault hit the dynamic loader (per-thread counting): squad never ran
        if name == "sync" and code == 1 and "was not refreshed" in stderr and after["catalogue"] == golden["catalogue"]:
            return None  # sync's documented partial result: the catalogue saved, the squad named exit 1
        if code == 0:
            if after != golden:
                return "silent", f"{label}: exit 0 but {difference(golden, after)}; stderr: {stderr.strip()[:300]}"
            return None
        if after not in (before, golden) or (after != before and "Nothing was changed" in stderr):
            return "mixed", f"{label}: exit {code} but {difference(before, after)}; stderr: {stderr.strip()[:300]}"
        if "Error:" not in stderr or "moved to" in stderr:
            return "mixed", f"{label}: exit {code} saying {stderr.strip()[:300]!r}"
        return None
    finally:
        shutil.rmtree(run, ignore_errors=True)


def difference(expected, actual):
    for key in expected:
        if expected[key] != actual[key]:
            return f"{key} is {str(actual[key])[:200]}, not {str(expected[key])[:200]}"
    return "nothing differs"


def sweep(bin_dir, scratch, limit=None, seed=0, commands=None, jobs=2):
    """Runs the sweep (all of it, or `limit` runs chosen by `seed`); returns (runs, counts, problems)."""
    folder = tempfile.mkdtemp(prefix="io-faults-", dir=scratch)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    simulator = Simulator(root, characters=60)
    SIMULATOR["base"] = simulator.base
    try:
        return sweep_with(bin_dir, folder, limit, seed, commands, jobs)
    finally:
        simulator.stop()
        shutil.rmtree(folder, ignore_errors=True)


def sweep_with(bin_dir, folder, limit, seed, commands, jobs):
    template, out = make_template(bin_dir, folder)
    before = state(template, out)
    # A sample traces a few commands only, so the suite's run stays short.
    commands = commands or (list(COMMANDS) if limit is None else random.Random(seed).sample(list(COMMANDS), 5))
    cases, goldens = [], {}
    for name in commands:
        run, home, inputs = fresh_copy(template, out, folder)
        code, _, err = squad(bin_dir, home, COMMANDS[name], out=inputs)
        if code != 0:
            raise RuntimeError(f"squad {name} fails without a fault: {err.strip()}")
        goldens[name] = state(home, inputs)
        shutil.rmtree(run, ignore_errors=True)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        traced = pool.map(lambda pair: (pair, occurrences(bin_dir, template, out, folder, COMMANDS[pair[0]], pair[1])),
                          [(name, call) for name in commands for call in SYSCALLS])
        for (name, call), numbers in traced:
            for number in numbers:
                for errno in ERRNOS.get(call, ["EIO", "EINTR"]):
                    cases.append((name, call, errno, number))
    syncs = [case for case in cases if case[0] == "sync"]
    if len(syncs) > SYNC_SAMPLE:
        kept = set(random.Random(seed).sample(syncs, SYNC_SAMPLE))
        cases = [case for case in cases if case[0] != "sync" or case in kept]
    if limit is not None and limit < len(cases):
        cases = random.Random(seed).sample(cases, limit)
    counts = {"crash": 0, "corrupt": 0, "silent": 0, "mixed": 0}
    problems = []

    def one(case):
        name, call, errno, number = case
        return classify(bin_dir, template, out, folder, name, call, errno, number, before, goldens[name])

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for verdict in pool.map(one, cases):
            if verdict:
                counts[verdict[0]] += 1
                problems.append(f"{verdict[0]}: {verdict[1]}")
    return len(cases), counts, problems


def run(ctx):
    """The suite's `io-faults` test: a sample by default, everything with STRESS_IO_FAULTS=all."""
    result = Result("io-faults")
    missing = strace_missing()
    if missing:
        result.skipped = missing
        return result
    wanted = os.environ.get("STRESS_IO_FAULTS", "80")
    limit = None if wanted == "all" else int(wanted) * ctx.scale
    runs, counts, problems = sweep(ctx.bin_dir, ctx.scratch, limit=limit, seed=ctx.seed)
    result.count(f"{runs} runs" + (" (the whole sweep)" if limit is None else " (a sample)"))
    for category, count in counts.items():
        result.count(f"{count} {category}")
    for problem in problems[:20]:
        result.fail(problem)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--all", action="store_true", help="every case, not a sample")
    parser.add_argument("--sample", type=int, default=80)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--command", action="append", choices=list(COMMANDS), help="only these commands")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    missing = strace_missing()
    if missing:
        print(f"io-faults: SKIP ({missing})")
        return 0
    scratch = tempfile.mkdtemp(prefix="squad-io-faults-")
    try:
        runs, counts, problems = sweep(os.path.abspath(options.bin_dir), scratch,
                                       limit=None if options.all else options.sample, seed=options.seed,
                                       commands=options.command, jobs=options.jobs)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for problem in problems:
        print(problem)
    print(f"io-faults: {runs} runs; " + ", ".join(f"{count} {category}" for category, count in counts.items()))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
