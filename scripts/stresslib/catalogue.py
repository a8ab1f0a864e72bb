"""The local catalogue under attack (issues 10 and 11).

kill-during-upgrade: a home of the previous release (cache/catalogue.json with 20,000 synced heroes
and a squad) is upgraded by its first command that changes data (a recruit: reads never migrate),
which is killed with SIGKILL at a random moment of the rebuild. The next command must work and keep
every hero and member; a later change must not announce the upgrade again.

fuzz-catalogue-import: hostile archived files (terminal escapes in names, deep nesting, huge numbers,
duplicate ids, 50 MB of one string, invalid UTF-8) and random mutations of our fixtures go through
`squad catalogue import`: every run must end with a documented exit code in bounded time, print no
raw control characters, and leave a catalogue that `heroes --all` still reads.

fuzz-catalogue-files: the files squad reads back rather than imports are attacked in place: a stored
catalogue.sqc whose header numbers are huge, negative, overflowing when added or multiplied, or out
of the file; records with numbers beyond 64 bits, negative ids, empty names and an id index leading
to another hero; random byte flips; and an earlier release's cache/catalogue.json with the same
numbers. Every command must end with a documented exit code (never a trap), `recruit` must never
write a squad.json that `list` refuses, and a write must move a damaged file aside without losing
it (every moved-aside file keeps its bytes, none overwrites another)."""

import json
import os
import re
import signal
import subprocess
import time
import zlib

from common import DOCUMENTED_EXIT_CODES, Result, clean_environment, describe_exit, run_squad

LEGACY_HEROES = 20_000
BUNDLED = 1564
CONTROL = [b"\x1b", b"\x07", b"\x9b", "\u202e".encode()]


def legacy_home(ctx, index):
    home = ctx.folder(f"upgrade-{index}")
    os.makedirs(os.path.join(home, "cache"))
    records = ",\n".join(
        json.dumps({"id": 3_000_000 + n, "name": f"Stress Synced {n}", "description": "x" * 40, "comics": n % 50})
        for n in range(LEGACY_HEROES))
    with open(os.path.join(home, "cache", "catalogue.json"), "w") as file:
        file.write('{"schemaVersion":1,"bundled":"d14080d28050ace6","updatedAt":"2026-01-01T00:00:00Z","heroes":[\n'
                   + records + "\n]}\n")
    with open(os.path.join(home, "squad.json"), "w") as file:
        json.dump({"schemaVersion": 1, "members": [
            {"id": 3_000_007, "name": "Stress Synced 7", "recruitedAt": "2026-01-02T00:00:00Z"}]}, file)
    return home


def kill_during_upgrade(ctx):
    result = Result("kill-during-upgrade")
    rng = ctx.random("kill-during-upgrade")
    probe = legacy_home(ctx, "probe")
    started = time.monotonic()
    run_squad(ctx, ["--offline", "recruit", "1009610"], home=probe)
    usual = max(time.monotonic() - started, 0.05)
    runs = 30 * ctx.scale
    killed = finished = 0
    for index in range(runs):
        home = legacy_home(ctx, index)
        process = subprocess.Popen([ctx.squad, "--home", home, "--offline", "recruit", "1009610"],
                                   env=clean_environment(home),
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, usual))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            killed += 1
        else:
            finished += 1
        process.wait()
        finish = run_squad(ctx, ["--offline", "recruit", "1009610"], home=home)
        if finish.returncode != 0:
            result.fail(f"run {index}: the next change {describe_exit(finish.returncode)}: {finish.stderr[:300]}")
            continue
        after = run_squad(ctx, ["--offline", "catalogue", "--json"], home=home)
        if after.returncode != 0:
            result.fail(f"run {index}: the next command {describe_exit(after.returncode)}: {after.stderr[:300]}")
            continue
        total = json.loads(after.stdout)["heroes"]["total"]
        if total != BUNDLED + LEGACY_HEROES:
            result.fail(f"run {index}: {total} heroes after the upgrade, expected {BUNDLED + LEGACY_HEROES}")
        found = run_squad(ctx, ["--offline", "heroes", "stress synced 19999"], home=home)
        if "3019999" not in found.stdout:
            result.fail(f"run {index}: a synced hero is missing after the upgrade")
        members = run_squad(ctx, ["--offline", "list"], home=home)
        if "Stress Synced 7" not in members.stdout:
            result.fail(f"run {index}: the squad member is missing after the upgrade")
        again = run_squad(ctx, ["--offline", "fire", "1009610", "--yes"], home=home)
        if "indexed format" in again.stderr:
            result.fail(f"run {index}: the upgrade was announced twice")
    result.count(f"{killed} killed mid-upgrade")
    result.count(f"{finished} finished first")
    result.count(f"{LEGACY_HEROES:,} heroes kept every time" if result.passed else "heroes lost")
    return result


def hostile_files(folder):
    """Named hostile inputs, each a file path."""
    files = {}

    def put(name, data):
        path = os.path.join(folder, name)
        with open(path, "wb") as file:
            file.write(data if isinstance(data, bytes) else data.encode())
        files[name] = path

    put("escapes.json", json.dumps([{"id": 2_990_001, "name": "Evil\x1b[31m Red\x1b]0;owned\x07 \u202eesrever \x9b2J",
                                     "description": "Line\x1b[2J\r\nbreak"}]))
    put("deep.json", "[" * 100_000 + "]" * 100_000)
    put("deep-object.json", '{"a":' * 50_000 + "1" + "}" * 50_000)
    put("huge-numbers.json", '[{"id": 1e400, "name": "A"}, {"id": 99999999999999999999999999, "name": "B"}]')
    put("huge-count.json", '[{"id": 2990002, "name": "C", "comics": 1e308}]')
    put("duplicates.json", json.dumps([{"id": 2_990_003, "name": "Twin A"}, {"id": 2_990_003, "name": "Twin B"}]))
    put("long-string.json", b'[{"id": 2990004, "name": "' + b"A" * (50 << 20) + b'"}]')
    put("invalid-utf8.json", b'[{"id": 2990005, "name": "Bad \xff\xfe\xc0 bytes"}]')
    put("invalid-utf8-lines.jsonl", b'{"id": 2990006, "name": "x\xed\xa0\x80"}\n\xff\xff\n')
    put("empty.json", b"")
    put("nul.json", b"\x00" * 1000)
    # The attack on issues 10/11: a byte-order mark, invisible names, error answers, lenient ids,
    # and millions of tiny records in one file (refused at the catalogue's hero bound).
    put("bom.json", b'\xef\xbb\xbf[{"id": 2990007, "name": "Marked"}]')
    put("zero-width.json", '[{"id": 2990008, "name": "\u200b\u200b"}]'.encode())
    put("error-answer.json", json.dumps({"code": 500, "data": {"results": [{"id": 2990009, "name": "E"}]}}))
    put("lenient-ids.json", json.dumps({"characters": [{"id": " 2990010", "name": "S"}, {"id": "+2990011", "name": "P"}]}))
    put("blank.json", b"  \n\n ")
    put("millions.json", "[" + ",".join('{"id":%d,"name":"a"}' % (10**7 + i) for i in range(2_350_000)) + "]")
    return files


def mutations(ctx, folder, rng, count):
    """Random byte flips, cuts and duplications of our own archived fixtures."""
    sources = []
    for base, _, names in os.walk(os.path.join(ctx.root, "Fixtures", "catalogue", "archive")):
        sources += [os.path.join(base, name) for name in names]
    paths = []
    for index in range(count):
        with open(rng.choice(sources), "rb") as file:
            data = bytearray(file.read())
        for _ in range(rng.randint(1, 8)):
            if not data:
                break
            at = rng.randrange(len(data))
            kind = rng.random()
            if kind < 0.5:
                data[at] = rng.randrange(256)
            elif kind < 0.7:
                del data[at:]
            elif kind < 0.85:
                data[at:at] = rng.choice([b"\x1b[2J", b"9" * 30, b"[", b"{", b'"', b"\\u0000", b"\xff"])
            else:
                data[at:at] = data[at:at + rng.randrange(200)]
        path = os.path.join(folder, f"mutant-{index}.json")
        with open(path, "wb") as file:
            file.write(bytes(data))
        paths.append(path)
    return paths


def fuzz_import(ctx):
    result = Result("fuzz-catalogue-import")
    rng = ctx.random("fuzz-catalogue-import")
    folder = ctx.folder("hostile-files")
    home = ctx.folder("hostile-home")
    cases = list(hostile_files(folder).values()) + mutations(ctx, folder, rng, 150 * ctx.scale)
    exits = {}
    for path in cases:
        try:
            run = subprocess.run([ctx.squad, "--home", home, "--offline", "catalogue", "import", path, "--json"],
                                 env=clean_environment(home), stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            result.fail(f"{os.path.basename(path)}: no answer within 120 s")
            continue
        exits[run.returncode] = exits.get(run.returncode, 0) + 1
        if run.returncode not in DOCUMENTED_EXIT_CODES:
            result.fail(f"{os.path.basename(path)}: {describe_exit(run.returncode)}: {run.stderr[-300:]!r}")
        for control in CONTROL:
            if control in run.stdout or control in run.stderr:
                result.fail(f"{os.path.basename(path)}: printed a raw control character {control!r}")
    listing = subprocess.run([ctx.squad, "--home", home, "--offline", "heroes", "--all"], env=clean_environment(home),
                             capture_output=True, timeout=120)
    if listing.returncode != 0:
        result.fail(f"heroes --all after the imports: {describe_exit(listing.returncode)}")
    for control in CONTROL:
        if control in listing.stdout:
            result.fail(f"heroes --all printed a raw control character {control!r}")
    shown = subprocess.run([ctx.squad, "--home", home, "--offline", "show", "2990001"], env=clean_environment(home),
                           capture_output=True, timeout=60)
    if any(control in shown.stdout + shown.stderr for control in CONTROL):
        result.fail("show of the hero with escapes in its name printed them raw")
    result.count(f"{len(cases)} hostile files")
    result.count("exits " + ", ".join(f"{code}×{n}" for code, n in sorted(exits.items())))
    return result


HUGE = [2**62, 2**63 - 1, 2**63, 2**64, 10**30, -1, -(2**63)]


def header_mutants(stored, rng):
    """The stored file with one header number replaced by a huge, negative or disagreeing one."""
    # Format 4's header line ends with the CRC-32 of what comes before it (bytes 1015..1022): the
    # mutants are signed again, so that they reach the checks of the numbers behind it.
    end = 1015
    header = json.loads(stored[18:end])
    keys = ["count", "comicCount", "records", "ids", "names", "comics", "comicIndex", "heroes", "comicsByOrigin"]
    mutants = []
    for key in keys:
        for value in HUGE:
            edited = dict(header)
            if isinstance(header[key], list):
                edited[key] = [header[key][0], value] if rng.random() < 0.5 else [value, header[key][1]]
            elif isinstance(header[key], dict):
                edited[key] = dict(header[key], **{rng.choice(list(header[key])): value})
            else:
                edited[key] = value
            line = json.dumps(edited, separators=(",", ":")).encode()
            if len(line) <= 996:
                signed = stored[:18] + line.ljust(997)
                signed += b"%08x" % zlib.crc32(signed)
                mutants.append((f"header {key}={value}", signed + b"\n" + stored[1024:]))
    return mutants


def record_mutants(stored, rng, count):
    """Records rewritten in place (same length) with hostile numbers and names, and random flips."""
    lines = [(start, stored.index(b"\n", start)) for start in range(1024, len(stored))
             if stored[start - 1:start] == b"\n" and stored[start:start + 5] == b'{"k":']
    edits = [b'"comics":99999999999999999999999999', b'"id":-1', b'"name":"  "', b'"series":-5',
             b'"id":1009610', b'"events":1e400', b'"stories":18446744073709551616']
    mutants = []
    for index in range(count):
        data = bytearray(stored)
        if rng.random() < 0.7 and lines:
            start, end = rng.choice(lines)
            key_end = data.index(b",", data.index(b'"src"', start))
            edit = rng.choice(edits)
            record = bytes(data[start:key_end]) + b"," + edit + b',"id":1,"name":"x","p":"'
            if len(record) + 2 <= end - start:
                data[start:end] = record + b" " * (end - start - len(record) - 2) + b'"}'
        for _ in range(rng.randint(0, 3)):
            at = rng.randrange(len(data))
            data[at] = rng.choice(b"0123456789abcdef{}\",:\n\xff")
        mutants.append((f"records {index}", bytes(data)))
    return mutants


def legacy_mutants():
    heroes = [{"id": 5_100_001, "name": "Kept"}]
    for field, value in [("comics", 10**30), ("id", -7), ("name", ""), ("series", 2**64), ("id", 2**63)]:
        hero = {"id": 5_100_002, "name": "Bad"}
        hero[field] = value
        heroes.append(hero)
    return [("legacy hostile numbers", json.dumps({"heroes": heroes}).encode())]


def fuzz_files(ctx):
    result = Result("fuzz-catalogue-files")
    rng = ctx.random("fuzz-catalogue-files")
    base = ctx.folder("catalogue-files-base")
    one = os.path.join(base, "one.json")
    with open(one, "w") as file:
        json.dump([{"id": 5_000_001, "name": "Someone"}], file)
    subprocess.run([ctx.squad, "--home", base, "catalogue", "import", one], env=clean_environment(base),
                   capture_output=True, timeout=120, check=True)
    with open(os.path.join(base, "catalogue.sqc"), "rb") as file:
        stored = file.read()
    cases = [(label, "catalogue.sqc", data) for label, data in header_mutants(stored, rng)]
    cases += [(label, "catalogue.sqc", data) for label, data in record_mutants(stored, rng, 60 * ctx.scale)]
    cases += [(label, "cache/catalogue.json", data) for label, data in legacy_mutants()]
    commands = [["catalogue"], ["heroes", "--limit", "5"], ["heroes", "--all"], ["show", "1009652"],
                ["show", "thanos"], ["heroes", "spi"], ["recruit", "1009652"], ["recruit", "5100002"], ["list"],
                ["catalogue", "import", one]]
    exits = {}
    for label, name, data in cases:
        home = ctx.folder("catalogue-files")
        os.makedirs(os.path.join(home, "cache"), exist_ok=True)
        with open(os.path.join(home, name), "wb") as file:
            file.write(data)
        for args in commands:
            try:
                run = subprocess.run([ctx.squad, "--home", home, "--offline"] + args, env=clean_environment(home),
                                     stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
            except subprocess.TimeoutExpired:
                result.fail(f"{label}: {args[0]}: no answer within 60 s")
                continue
            exits[run.returncode] = exits.get(run.returncode, 0) + 1
            if run.returncode not in DOCUMENTED_EXIT_CODES:
                result.fail(f"{label}: {' '.join(args)}: {describe_exit(run.returncode)}: {run.stderr[-300:]!r}")
            if args == ["list"] and run.returncode != 0:
                result.fail(f"{label}: recruit wrote a squad.json that list refuses: {run.stderr[-300:]!r}")
        aside = [entry for entry in os.listdir(home) if entry.startswith("catalogue.sqc.damaged-")]
        if name == "catalogue.sqc" and aside:
            with open(os.path.join(home, aside[0]), "rb") as file:
                if file.read() != data:
                    result.fail(f"{label}: the file moved aside is not the damaged file, byte for byte")
        if len(aside) > 1:
            result.fail(f"{label}: {len(aside)} files moved aside for one damaged file")
    result.count(f"{len(cases)} hostile catalogue files × {len(commands)} commands")
    result.count("exits " + ", ".join(f"{code}×{n}" for code, n in sorted(exits.items())))
    return result


def fuzz_damage(ctx):
    """Issue 29: damaged copies of a catalogue through every read path and a write, in process
    (squad-fuzz catalogue), in one shard per core; the summed figures are the summary line, and
    any but the first fails it."""
    result = Result("fuzz-catalogue-damage")
    count = int(os.environ.get("STRESS_CATALOGUE_DAMAGE", "2000")) * ctx.scale
    shards = max(1, min(4, os.cpu_count() or 1, count))
    starts = [count * shard // shards for shard in range(shards + 1)]
    runs = [subprocess.Popen([ctx.fuzzer, "catalogue", "--seed", str(ctx.seed), "--start", str(starts[shard]),
                              "--count", str(starts[shard + 1] - starts[shard]),
                              "--sandbox", ctx.folder(f"catalogue-damage-{shard}")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for shard in range(shards)]
    names = ["damaged files tried", "crashes", "silent wrong answers", "undetected damages",
             "records carried forward", "intact imported heroes lost"]
    totals = dict.fromkeys(names, 0)
    for run in runs:
        stdout, stderr = run.communicate(timeout=3600)
        lines = stdout.strip().splitlines()
        figures = next((line for line in reversed(lines) if line.startswith("catalogue-fuzz:")), None)
        if figures is None:
            totals["crashes"] += 1
            result.fail(f"squad-fuzz catalogue ended with {describe_exit(run.returncode)}: {stderr[-300:]!r}")
            continue
        for name in names:
            totals[name] += int(re.search(re.escape(name) + r" (\d+)", figures).group(1))
        if run.returncode != 0:
            for line in lines[:-1][:20]:
                result.fail(line)
    result.count(", ".join(f"{name} {totals[name]}" for name in names) + f" ({shards} shards)")
    return result


def run_tests(ctx, names):
    tests = {"kill-during-upgrade": kill_during_upgrade, "fuzz-catalogue-import": fuzz_import,
             "fuzz-catalogue-files": fuzz_files, "fuzz-catalogue-damage": fuzz_damage}
    return [tests[name](ctx) for name in names]
