"""Files that are not plain files and input that never ends (issue 14).

odd-files: squad.json, config.json and catalogue.sqc as a FIFO, a device, a socket, a folder, a dangling link, a link loop and
links to devices, under every command that reads or saves the squad; `export --output` onto
FIFOs, devices, links, folders, sockets and squad's own files; stdout a full device or a closed
pipe. Each run must end (no hang), without a crash, with a documented exit code, and whatever
was at the path must still be there, of the same kind: squad replaces only files it owns.

bounded-input: `import` from /dev/zero, /dev/urandom, endless stdin, an endless FIFO, a sparse
1 GiB file and a file just over the 16 MiB limit; a sparse 1 GiB squad.json; files under the
limit holding millions of bad records; a sparse 2 GiB config.json; a 100,000-character hero
name (exit 3, no suggestions). Each must exit 65 naming the limit (or saying it stopped
reading after 1000 problems), in bounded time and memory (peak RSS below MEMORY_LIMIT_MB)."""

import os
import socket
import stat
import subprocess
import sys
import threading

from common import DOCUMENTED_EXIT_CODES, Result, clean_environment, describe_exit

TIMEOUT = 60
MEMORY_LIMIT_MB = 512
SAMPLE_IMPORT = os.path.join("Fixtures", "export", "sample.json")


def identity(path):
    """What is at a path, to tell whether squad replaced it: kind, link target, device, inode."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return None
    target = os.readlink(path) if stat.S_ISLNK(status.st_mode) else None
    return (stat.S_IFMT(status.st_mode), target, status.st_rdev, status.st_ino)


def run(argv, env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, cwd=None):
    """Runs squad to the end or the deadline; returns (exit code or None on a hang, stderr, peak RSS in MB)."""
    process = subprocess.Popen(argv, env=env, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, cwd=cwd)
    errors = []
    reader = threading.Thread(target=lambda: errors.append(process.stderr.read()), daemon=True)
    reader.start()
    drainer = None
    if stdout == subprocess.PIPE:
        drainer = threading.Thread(target=process.stdout.read, daemon=True)
        drainer.start()
    timer = threading.Timer(TIMEOUT, process.kill)
    timer.start()
    try:
        _, status, usage = os.wait4(process.pid, 0)
    finally:
        timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    reader.join(5)
    if drainer:
        drainer.join(5)
    hung = process.returncode == -9
    text = (errors[0] if errors else b"").decode("utf-8", "replace")
    return (None if hung else process.returncode), text, (usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 1048576)


class Tally:
    def __init__(self, result):
        self.result, self.runs, self.crashes, self.hangs, self.replaced = result, 0, 0, 0, 0

    def check(self, label, code, stderr, expected):
        self.runs += 1
        if code is None:
            self.hangs += 1
            self.result.fail(f"{label}: no exit within {TIMEOUT} s")
        elif code < 0 or code in (132, 134, 139):
            self.crashes += 1
            self.result.fail(f"{label}: {describe_exit(code)}: {stderr.strip()[:300]}")
        elif code not in expected or code not in DOCUMENTED_EXIT_CODES:
            self.result.fail(f"{label}: exit {code}, expected {sorted(expected)}: {stderr.strip()[:300]}")
        elif "Fatal error" in stderr:
            self.crashes += 1
            self.result.fail(f"{label}: {stderr.strip()[:300]}")

    def kept(self, label, path, before):
        if identity(path) != before:
            self.replaced += 1
            self.result.fail(f"{label}: {path} was replaced ({before} -> {identity(path)})")

    def counts(self):
        self.result.count(f"{self.runs} runs")
        self.result.count(f"{self.crashes} crashes")
        self.result.count(f"{self.hangs} hangs")
        self.result.count(f"{self.replaced} files replaced that squad does not own")


def make_socket(path):
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    return server


def odd_squad_files(ctx, home):
    """(label, set-up) pairs that each put something odd at `home/squad.json`."""
    target = os.path.join(home, "squad.json")
    cases = [
        ("fifo", lambda: os.mkfifo(target)),
        ("folder", lambda: os.mkdir(target)),
        ("dangling link", lambda: os.symlink("missing/target.json", target)),
        ("link loop", lambda: (os.symlink("squad.json", target))),
        ("link to /dev/null", lambda: os.symlink("/dev/null", target)),
        ("link to /dev/zero", lambda: os.symlink("/dev/zero", target)),
        ("link to a folder", lambda: os.symlink("/", target)),
        ("socket", lambda: make_socket(target)),
    ]
    if os.geteuid() == 0:
        cases.append(("character device", lambda: os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, 3))))
    return cases


def run_odd_files(ctx, result):
    tally = Tally(result)
    sample = os.path.join(ctx.root, SAMPLE_IMPORT)
    commands = [
        ["list"], ["recruit", "1009610"], ["fire", "1009610", "--yes"], ["export"],
        ["import", sample], ["import", sample, "--replace"],
    ]
    for repeat in range(ctx.scale):
        probe = ctx.folder("odd-squad")
        for label, _ in odd_squad_files(ctx, probe):
            for args in commands:
                home = ctx.folder("odd-squad")
                setup = dict(odd_squad_files(ctx, home))[label]
                held = setup()
                target = os.path.join(home, "squad.json")
                before = identity(target)
                code, stderr, _ = run([ctx.squad, "--offline", "--home", home] + args, clean_environment(home))
                name = f"squad.json {label}: {' '.join(args[:2])}"
                tally.check(name, code, stderr, {1, 65})
                tally.kept(name, target, before)
                if code in (1, 65) and "squad.json" not in stderr:
                    result.fail(f"{name}: the error does not name squad.json: {stderr.strip()[:200]}")
                if held is not None:
                    held.close()

        # export --output onto odd things: devices and FIFOs are written through, the rest refused.
        home = ctx.folder("odd-output")
        code, stderr, _ = run([ctx.squad, "--offline", "--home", home, "recruit", "1009610"], clean_environment(home))
        tally.check("set-up recruit", code, stderr, {0})
        outputs = {
            "fifo": (lambda path: os.mkfifo(path), 0),
            "/dev/null link": (lambda path: os.symlink("/dev/null", path), 0),
            "stdout link": (lambda path: os.symlink("/proc/self/fd/1", path), 0),
            "dangling link": (lambda path: os.symlink("missing/out.csv", path), 1),
            "folder": (lambda path: os.mkdir(path), 1),
            "link to a folder": (lambda path: os.symlink("/", path), 1),
            "socket": (make_socket, 1),
            "link to squad.json": (lambda path: os.symlink(os.path.join(home, "squad.json"), path), 1),
        }
        if os.geteuid() == 0:
            outputs["character device"] = (lambda path: os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3)), 0)
        for label, (setup, expected) in outputs.items():
            # No extension in the name: export takes its format from one (issue 31).
            path = os.path.join(home, "out-" + label.replace(" ", "-").replace("/", "").replace(".", "-"))
            held = setup(path)
            before = identity(path)
            drain = None
            if label == "fifo":
                drain = threading.Thread(target=lambda: open(path, "rb").read(), daemon=True)
                drain.start()
            code, stderr, _ = run([ctx.squad, "--home", home, "export", "--format", "csv", "--output", path],
                                  clean_environment(home))
            tally.check(f"export --output {label}", code, stderr, {expected})
            tally.kept(f"export --output {label}", path, before)
            if drain:
                drain.join(5)
            if held is not None and hasattr(held, "close"):
                held.close()
        for own in ["squad.json", "squad.lock"]:
            path = os.path.join(home, own)
            with open(path, "rb") as file:
                before_bytes = file.read()
            code, stderr, _ = run([ctx.squad, "--home", home, "export", "--output", path], clean_environment(home))
            tally.check(f"export --output {own}", code, stderr, {1})
            with open(path, "rb") as file:
                if file.read() != before_bytes:
                    tally.replaced += 1
                    result.fail(f"export --output {own}: squad's own file was overwritten")

        check_odd_settings_and_catalogue(ctx, result, tally)

        # stdout that fails: a full device (exit 1 naming it), a closed pipe (quiet exit 0).
        for args in [["export"], ["list", "--json"], ["heroes", "--all", "--offline"]]:
            with open("/dev/full", "wb") as full:
                code, stderr, _ = run([ctx.squad, "--home", home] + args, clean_environment(home), stdout=full)
            tally.check(f"{' '.join(args)} > /dev/full", code, stderr, {1})
            if code == 1 and "standard output" not in stderr:
                result.fail(f"{' '.join(args)} > /dev/full: the error does not name standard output")
            read_end, write_end = os.pipe()
            os.close(read_end)
            code, stderr, _ = run([ctx.squad, "--home", home] + args, clean_environment(home), stdout=write_end)
            os.close(write_end)
            tally.check(f"{' '.join(args)} | closed pipe", code, stderr, {0})
            if stderr.strip():
                result.fail(f"{' '.join(args)} | closed pipe: not quiet: {stderr.strip()[:200]}")
    tally.counts()


def odd_things():
    """(label, set-up, kind named in the error) for things that are not regular files."""
    return [
        ("fifo", lambda path: os.mkfifo(path), "FIFO"),
        ("link to /dev/zero", lambda path: os.symlink("/dev/zero", path), "character device"),
        ("folder", lambda path: os.mkdir(path), "folder"),
        ("socket", make_socket, "socket"),
    ]


def check_odd_settings_and_catalogue(ctx, result, tally):
    """config.json and the catalogue as FIFOs, devices, folders and sockets: every file
    squad reads or maps is opened without blocking and refused unless it is a regular file."""
    for label, setup, kind in odd_things():
        home = ctx.folder("odd-config")
        held = setup(os.path.join(home, "config.json"))
        for args in [["list"], ["heroes", "--limit", "1"]]:
            name = f"config.json {label}: {args[0]}"
            code, stderr, _ = run([ctx.squad, "--offline", "--home", home] + args, clean_environment(home))
            tally.check(name, code, stderr, {1})
            if code == 1 and (kind not in stderr or "config.json" not in stderr):
                result.fail(f"{name}: the error does not say config.json is {kind}: {stderr.strip()[:200]}")
        if held is not None:
            held.close()
        # The catalogue (catalogue.sqc in the data folder, which --home is) is read by every
        # command that looks a hero up. What is not a regular file there is a read that fails,
        # not damage (docs/CATALOGUE.md): an offline answer exits 1 saying what is there.
        home = ctx.folder("odd-catalogue")
        held = setup(os.path.join(home, "catalogue.sqc"))
        for args in [["heroes", "--limit", "1"], ["show", "1009610"], ["recruit", "1009610"]]:
            name = f"catalogue.sqc {label}: {args[0]}"
            code, stderr, _ = run([ctx.squad, "--offline", "--home", home] + args, clean_environment(home))
            tally.check(name, code, stderr, {1})
            if code == 1 and (kind not in stderr or "catalogue.sqc" not in stderr or "damaged" in stderr):
                result.fail(f"{name}: the error does not say what catalogue.sqc is: {stderr.strip()[:200]}")
        if held is not None:
            held.close()


def endless_fifo(path, stop):
    with open(path, "wb") as fifo:
        line = b'{"id":1,"name":"a"}\n' * 4096
        try:
            while not stop.is_set():
                fifo.write(line)
        except BrokenPipeError:
            pass


def run_bounded_input(ctx, result):
    tally = Tally(result)
    worst = 0.0
    for repeat in range(ctx.scale):
        home = ctx.folder("bounded")
        sparse = os.path.join(home, "sparse.json")
        with open(sparse, "wb") as file:
            file.truncate(1 << 30)
        just_over = os.path.join(home, "just-over.jsonl")
        with open(just_over, "wb") as file:
            line = b'{"id":1,"name":"a"}\n'
            file.write(line * ((16 << 20) // len(line) + 1))
        empties = os.path.join(home, "empties.jsonl")
        with open(empties, "wb") as file:
            file.write(b"{}\n" * (5 << 20))  # 15 MiB of records, each with two problems
        empty_rows = os.path.join(home, "empties.csv")
        with open(empty_rows, "wb") as file:
            file.write(b"id,name\n" + b",\n" * (7 << 20))
        empty_members = os.path.join(home, "empties.json")
        with open(empty_members, "wb") as file:
            # Written in chunks: a forked child's peak RSS counts the parent's memory at fork.
            file.write(b'{"members": [{}')
            for _ in range(80):
                file.write(b",{}" * (1 << 16))
            file.write(b"]}")
        cases = [
            ("import a document of 5 million empty members", ["import", empty_members], None),
            ("import 5 million empty JSON lines", ["import", empties], None),
            ("import 7 million empty CSV rows", ["import", empty_rows], None),
            ("import /dev/zero", ["import", "/dev/zero"], None),
            ("import /dev/urandom", ["import", "/dev/urandom"], None),
            ("import a sparse 1 GiB file", ["import", sparse], None),
            ("import a file just over 16 MiB", ["import", just_over], None),
            ("endless stdin", ["import", "-"], "yes"),
            ("an endless FIFO", ["import", os.path.join(home, "endless.fifo")], "fifo"),
        ]
        for label, args, feed in cases:
            stdin = subprocess.DEVNULL
            producer = None
            stop = threading.Event()
            if feed == "yes":
                producer = subprocess.Popen(["yes", '{"id":1,"name":"a"}'], stdout=subprocess.PIPE)
                stdin = producer.stdout
            elif feed == "fifo":
                os.mkfifo(args[1])
                writer = threading.Thread(target=endless_fifo, args=(args[1], stop), daemon=True)
                writer.start()
            code, stderr, peak = run([ctx.squad, "--home", home] + args, clean_environment(home), stdin=stdin)
            stop.set()
            if producer:
                producer.kill()
                producer.wait()
            worst = max(worst, peak)
            tally.check(label, code, stderr, {65})
            if code == 65 and "16 MiB" not in stderr and "stopped reading" not in stderr:
                result.fail(f"{label}: the error does not name the limit: {stderr.strip()[:200]}")
            if peak > MEMORY_LIMIT_MB:
                result.fail(f"{label}: peak memory {peak:.0f} MB, above {MEMORY_LIMIT_MB} MB")
            if os.path.exists(os.path.join(home, "squad.json")):
                result.fail(f"{label}: a squad file was written")
        squad_file = os.path.join(home, "squad.json")
        with open(squad_file, "wb") as file:
            file.truncate(1 << 30)
        before = identity(squad_file)
        for args in [["list"], ["recruit", "1009610"]]:
            code, stderr, peak = run([ctx.squad, "--offline", "--home", home] + args, clean_environment(home))
            worst = max(worst, peak)
            tally.check(f"sparse squad.json: {args[0]}", code, stderr, {65})
            tally.kept(f"sparse squad.json: {args[0]}", squad_file, before)
            if os.path.getsize(squad_file) != 1 << 30:
                result.fail(f"sparse squad.json: {args[0]}: the file changed")
        worst = max(worst, check_large_settings_and_names(ctx, result, tally))
    tally.counts()
    result.count(f"peak memory {worst:.0f} MB")


def check_large_settings_and_names(ctx, result, tally):
    """A sparse 2 GiB config.json is refused from its size; a 100,000-character hero name is
    not found (exit 3, no suggestions) in bounded time, whatever the catalogue holds."""
    home = ctx.folder("bounded-config")
    with open(os.path.join(home, "config.json"), "wb") as file:
        file.truncate(2 << 30)
    code, stderr, worst = run([ctx.squad, "--offline", "--home", home, "list"], clean_environment(home))
    tally.check("sparse 2 GiB config.json: list", code, stderr, {65})
    if code == 65 and "1 MiB" not in stderr:
        result.fail(f"sparse config.json: the error does not name the 1 MiB limit: {stderr.strip()[:200]}")
    if worst > MEMORY_LIMIT_MB:
        result.fail(f"sparse config.json: peak memory {worst:.0f} MB, above {MEMORY_LIMIT_MB} MB")
    long_name = "a" * 100_000
    home = ctx.folder("bounded-name")
    for args in [["recruit", long_name], ["show", long_name]]:
        label = f"{args[0]} with a 100,000-character name"
        code, stderr, peak = run([ctx.squad, "--offline", "--home", home] + args, clean_environment(home))
        worst = max(worst, peak)
        tally.check(label, code, stderr, {3})
        if code == 3 and "Did you mean" in stderr:
            result.fail(f"{label}: suggestions offered for a name longer than any hero's")
    return worst


def run_tests(ctx, names):
    results = []
    for name, body in [("odd-files", run_odd_files), ("bounded-input", run_bounded_input)]:
        if name in names:
            result = Result(name)
            body(ctx, result)
            results.append(result)
    return results
