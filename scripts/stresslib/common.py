"""Shared pieces of the reliability suite: where the binaries are, running squad, checking
squad files, and the one-line results every test reports."""

import json
import os
import random
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

DOCUMENTED_EXIT_CODES = {0, 1, 3, 4, 64, 65, 130}
MEMBER_KEYS = ["id", "name", "description", "thumbnail", "recruitedAt"]


@dataclass
class Context:
    """What every test gets: the repository, the built binaries, the run's scale and seed, and
    a scratch folder on a real disk (fsync costs what it costs for users)."""

    root: str
    bin_dir: str
    scale: int
    seed: int
    fuzz_dir: str
    scratch: str
    keep: bool = False

    @property
    def squad(self):
        return os.path.join(self.bin_dir, "squad")

    @property
    def fuzzer(self):
        return os.path.join(self.fuzz_dir, "squad-fuzz")

    def folder(self, name, memory=False):
        """A fresh folder for one test: on the real disk, or in memory (`/dev/shm`) when asked
        and available, for tests whose thousands of fsyncs would only measure the disk."""
        base = self.scratch
        if memory and os.access("/dev/shm", os.W_OK):
            base = os.path.join("/dev/shm", os.path.basename(self.scratch))
            os.makedirs(base, exist_ok=True)
        path = tempfile.mkdtemp(prefix=name + "-", dir=base)
        return path

    def random(self, name):
        """A generator for one test, fixed by the run's seed and the test's name."""
        return random.Random(f"{self.seed}:{name}")

    def cleanup(self):
        if self.keep:
            return
        shutil.rmtree(self.scratch, ignore_errors=True)
        shutil.rmtree(os.path.join("/dev/shm", os.path.basename(self.scratch)), ignore_errors=True)


@dataclass
class Result:
    """One test's outcome: counts for its summary line, and problems (each one fails it)."""

    name: str
    counts: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    skipped: str = ""
    seconds: float = 0.0

    def count(self, text):
        self.counts.append(text)

    def fail(self, text):
        self.problems.append(text)

    @property
    def passed(self):
        return not self.problems

    def line(self):
        verdict = f"SKIP ({self.skipped})" if self.skipped else ("PASS" if self.passed else "FAIL")
        return f"{self.name}: {', '.join(self.counts)}  {verdict}"


def clean_environment(home=None, **extra):
    """The environment squad runs in: no API keys from the caller, no terminal, plain locale."""
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home or tempfile.gettempdir()}
    env.update({key: value for key, value in extra.items() if value is not None})
    return env


def run_squad(ctx, args, home=None, env=None, timeout=60, cwd=None, stdin=subprocess.DEVNULL):
    """Runs the real binary once; returns the CompletedProcess (stdout and stderr as text)."""
    argv = [ctx.squad] + (["--home", home] if home else []) + list(args)
    return subprocess.run(
        argv, env=env or clean_environment(home), cwd=cwd, stdin=stdin, capture_output=True, timeout=timeout,
        text=True, errors="replace")


class Hang(Exception):
    """A process that did not exit in time; `backtrace` holds gdb's view of its threads when gdb
    is installed (a hang is a finding, and the stacks say where it waits)."""

    def __init__(self, argv, seconds, backtrace):
        super().__init__(f"no exit within {seconds} s")
        self.argv, self.seconds, self.backtrace = argv, seconds, backtrace


def run_or_report_hang(argv, timeout, **options):
    """subprocess.run with a deadline; on a hang, takes a backtrace, kills the process and raises
    Hang."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace",
                               **options)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        backtrace = ""
        if shutil.which("gdb"):
            traced = subprocess.run(["gdb", "-p", str(process.pid), "--batch", "-ex", "thread apply all bt"],
                                    capture_output=True, text=True, errors="replace", timeout=120)
            backtrace = "\n".join(line for line in traced.stdout.splitlines() if line.startswith(("#", "Thread")))
        process.kill()
        process.communicate()
        raise Hang(argv, timeout, backtrace)
    return subprocess.CompletedProcess(argv, process.returncode, out, err)


def describe_exit(code):
    """`exit 3`, or `signal 11` for a negative return code (a crash)."""
    return f"signal {-code}" if code < 0 else f"exit {code}"


def parse_squad(data):
    """The squad file's members as a list of dicts, or raises ValueError saying what is wrong.
    Checks the schema PRODUCT.md gives: schemaVersion 1, members with the five keys, unique ids."""
    document = json.loads(data)
    if not isinstance(document, dict) or document.get("schemaVersion") != 1:
        raise ValueError("not a schemaVersion 1 document")
    members = document.get("members")
    if not isinstance(members, list):
        raise ValueError("members is not a list")
    seen = set()
    for member in members:
        if not isinstance(member, dict) or list(member.keys()) != MEMBER_KEYS:
            raise ValueError(f"a member without exactly {MEMBER_KEYS}: {str(member)[:120]}")
        if not isinstance(member["id"], int) or member["id"] in seen:
            raise ValueError(f"a bad or repeated id {member['id']!r}")
        seen.add(member["id"])
    return members


def read_squad(path):
    """`parse_squad` of a file; [] when it does not exist."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        return []
    return parse_squad(data)


def temporary_files(folder):
    """Names of atomic-write leftovers (`.name.tmp-PID-RANDOM`) in a folder."""
    try:
        return sorted(name for name in os.listdir(folder) if ".tmp-" in name)
    except FileNotFoundError:
        return []


def bundled_heroes(ctx):
    """The bundled catalogue as (id, name) pairs, read through squad itself."""
    home = ctx.folder("catalogue")
    done = run_squad(ctx, ["--offline", "heroes", "--all", "--format", "json"], home=home)
    if done.returncode != 0:
        raise RuntimeError(f"squad heroes --all failed: {done.stderr.strip()}")
    return [(hero["id"], hero["name"]) for hero in json.loads(done.stdout)["heroes"]]


class Stopwatch:
    def __enter__(self):
        self.start = time.monotonic()
        return self

    def __exit__(self, *exc):
        self.seconds = time.monotonic() - self.start
