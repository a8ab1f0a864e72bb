"""The local catalogue under attack (issues 10 and 11).

kill-during-upgrade: a home of the previous release (cache/catalogue.json with 20,000 synced heroes
and a squad) is upgraded by its first command, which is killed with SIGKILL at a random moment of
the rebuild. The next command must work and keep every hero and member; a later one must not
announce the upgrade again.

fuzz-catalogue-import: hostile archived files (terminal escapes in names, deep nesting, huge numbers,
duplicate ids, 50 MB of one string, invalid UTF-8) and random mutations of our fixtures go through
`squad catalogue import`: every run must end with a documented exit code in bounded time, print no
raw control characters, and leave a catalogue that `heroes --all` still reads."""

import json
import os
import signal
import subprocess
import time

from common import DOCUMENTED_EXIT_CODES, Result, clean_environment, describe_exit, run_squad

LEGACY_HEROES = 20_000
BUNDLED = 1562
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
    run_squad(ctx, ["--offline", "catalogue"], home=probe)
    usual = max(time.monotonic() - started, 0.05)
    runs = 30 * ctx.scale
    killed = finished = 0
    for index in range(runs):
        home = legacy_home(ctx, index)
        process = subprocess.Popen([ctx.squad, "--home", home, "--offline", "catalogue"], env=clean_environment(home),
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, usual))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            killed += 1
        else:
            finished += 1
        process.wait()
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
        again = run_squad(ctx, ["--offline", "heroes", "stress"], home=home)
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


def run_tests(ctx, names):
    tests = {"kill-during-upgrade": kill_during_upgrade, "fuzz-catalogue-import": fuzz_import}
    return [tests[name](ctx) for name in names]
