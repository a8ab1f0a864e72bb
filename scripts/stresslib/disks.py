"""A read-only home and a full disk: clear errors (exit 1, a sentence naming the path), nothing
lost (the squad file byte for byte as before, no temporary file left), reads still working, and
everything working again once the disk has room.

Both need a file system squad cannot write to, which root cannot get from chmod. In order of
preference: a tmpfs mounted here (root with CAP_SYS_ADMIN), the same inside `unshare --user
--map-root-user --mount` (unprivileged user namespaces), and for the read-only home only, chmod
as a non-root user or squad run as `nobody` through setpriv. When none is possible the test says
exactly why it is skipped."""

import os
import shutil
import subprocess
import sys
import traceback

from common import Result, clean_environment, describe_exit, run_squad, temporary_files
from simulator import Simulator, keys_environment

NOBODY = 65534
SAMPLE_IMPORT = os.path.join("Fixtures", "export", "sample.json")


def try_run(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def can_mount(folder):
    if os.geteuid() != 0:
        return False
    if not try_run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder]):
        return False
    return try_run(["umount", folder])


class Home:
    """A home on a file system the test controls: a small tmpfs, or (for the read-only test
    without mounts) a folder that squad, run as another user, may not write to."""

    def __init__(self, ctx, name, size_kb, how):
        self.ctx, self.how = ctx, how
        self.path = ctx.folder(name)
        os.chmod(self.path, 0o755)
        if how == "mount":
            subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k,mode=0755", "tmpfs", self.path], check=True)

    def squad(self, args, env=None, as_owner=False):
        """Runs squad on the home: as this user, or (how == "nobody", unless `as_owner`) as nobody."""
        prefix = []
        if self.how == "nobody" and not as_owner:
            prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
        argv = prefix + [self.ctx.squad, "--home", self.path] + args
        return subprocess.run(argv, env=env or clean_environment(self.path), capture_output=True, text=True,
                              timeout=120, stdin=subprocess.DEVNULL)

    def make_read_only(self):
        if self.how == "nobody":
            return  # the home belongs to root, mode 755: nobody can read it and write nothing
        if self.how == "mount":
            # A read-only bind mount of the folder onto itself: unlike `remount,ro` of the tmpfs,
            # this also works inside an unprivileged user namespace.
            subprocess.run(["mount", "--bind", self.path, self.path], check=True)
            subprocess.run(["mount", "-o", "remount,bind,ro", self.path], check=True)
        else:
            self._chmod_tree(0o555, 0o444)

    def make_writable(self):
        if self.how == "nobody":
            return
        if self.how == "mount":
            subprocess.run(["umount", self.path], check=True)  # the read-only bind
        else:
            self._chmod_tree(0o777, 0o666)

    def _chmod_tree(self, folder_mode: int, file_mode: int):
        for folder, _, files in os.walk(self.path):
            os.chmod(folder, folder_mode)
            for name in files:
                os.chmod(os.path.join(folder, name), file_mode)

    def close(self):
        if self.how == "mount":
            while subprocess.run(["umount", self.path], capture_output=True).returncode == 0:
                pass  # the read-only bind (if a test stopped half-way), then the tmpfs
        elif self.how == "chmod":
            self.make_writable()


def squad_bytes(home):
    with open(os.path.join(home.path, "squad.json"), "rb") as file:
        return file.read()


def check_refusals(result, home, commands, env_for):
    """Each command must exit 1 naming a path in the home, and change nothing."""
    before = squad_bytes(home)
    refused = 0
    for label, args in commands:
        done = home.squad(args, env=env_for(args))
        where = f"{label}"
        if done.returncode < 0:
            result.fail(f"{where}: {describe_exit(done.returncode)}")
        elif done.returncode != 1:
            result.fail(f"{where}: exit {done.returncode}, expected 1: {done.stderr.strip()[:300]}")
        elif f"Could not write {home.path}/" not in done.stderr:
            result.fail(f"{where}: the error does not name the path: {done.stderr.strip()[:300]}")
        else:
            refused += 1
        if squad_bytes(home) != before:
            result.fail(f"{where}: the squad file changed")
        leftovers = [os.path.join(folder, name) for folder, _, names in os.walk(home.path) for name in names
                     if ".tmp-" in name or name == "out.json"]
        if leftovers:
            result.fail(f"{where}: left {leftovers}")
    return refused


def check_reads(result, home, env):
    """Reads still work and show the old squad."""
    done = home.squad(["list", "--json"], env=env)
    if done.returncode != 0 or "1009610" not in done.stdout:
        result.fail(f"list: {describe_exit(done.returncode)} {done.stderr.strip()[:200]}")
        return 0
    exported = home.squad(["export"], env=env)
    if exported.returncode != 0:
        result.fail(f"export to stdout: {describe_exit(exported.returncode)} {exported.stderr.strip()[:200]}")
        return 1
    return 2


def refusal_commands(ctx, home):
    return [
        ("recruit", ["--offline", "recruit", "thor"]),
        ("fire", ["--offline", "fire", "--yes", "hulk"]),
        ("import --replace", ["--offline", "import", os.path.join(ctx.root, SAMPLE_IMPORT), "--replace"]),
        ("export --output", ["export", "--output", os.path.join(home.path, "out.json")]),
        ("sync", ["sync"]),
    ]


def read_only_home(ctx, how, simulator):
    result = Result("read-only-home")
    home = Home(ctx, "read-only", 1024, how)
    try:
        seeded = home.squad(["--offline", "recruit", "1009610", "1009351"], as_owner=True)
        if seeded.returncode != 0:
            result.fail(f"could not seed the squad: {seeded.stderr.strip()}")
            return result
        home.make_read_only()
        env_for = lambda args: keys_environment(home.path, simulator.base) if args[0] == "sync" else None  # noqa: E731
        refused = check_refusals(result, home, refusal_commands(ctx, home), env_for)
        reads = check_reads(result, home, clean_environment(home.path))
        api = home.squad(["heroes", "spi"], env=keys_environment(home.path, simulator.base))
        if api.returncode != 0:
            result.fail(f"heroes through the API: {describe_exit(api.returncode)} {api.stderr.strip()[:200]}")
        home.make_writable()
        again = home.squad(["--offline", "recruit", "thor"], as_owner=True)
        if again.returncode != 0:
            result.fail(f"recruit once writable again: {describe_exit(again.returncode)} {again.stderr.strip()[:200]}")
        result.count(f"home {describe_how(how, read_only=True)}")
        result.count(f"{refused} of 5 writes refused with exit 1 naming the path, 0 lost")
        result.count(f"{reads + (api.returncode == 0)} of 3 reads answered")
        result.count("writable again: recruit " + ("works" if again.returncode == 0 else "fails"))
    finally:
        home.close()
    return result


def full_disk(ctx, simulator):
    result = Result("full-disk")
    home = Home(ctx, "full-disk", 256, "mount")
    filler = os.path.join(home.path, "filler")
    try:
        seeded = home.squad(["--offline", "recruit", "1009610", "1009351"])
        if seeded.returncode != 0:
            result.fail(f"could not seed the squad: {seeded.stderr.strip()}")
            return result
        os.makedirs(os.path.join(home.path, "cache"), exist_ok=True)
        descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            while True:
                os.write(descriptor, b"\0" * 4096)
        except OSError:
            pass  # full
        finally:
            os.close(descriptor)
        free = shutil.disk_usage(home.path).free
        env_for = lambda args: keys_environment(home.path, simulator.base) if args[0] == "sync" else None  # noqa: E731
        refused = check_refusals(result, home, refusal_commands(ctx, home), env_for)
        reads = check_reads(result, home, clean_environment(home.path))
        os.remove(filler)
        again = home.squad(["--offline", "recruit", "thor"])
        if again.returncode != 0 or temporary_files(home.path):
            result.fail(f"recruit once there is room: {describe_exit(again.returncode)} {again.stderr.strip()[:200]}")
        result.count(f"a 256 KB tmpfs filled to {free} bytes free")
        result.count(f"{refused} of 5 writes refused with exit 1 naming the path, 0 lost, 0 partial files")
        result.count(f"{reads} of 2 reads answered")
        result.count("with room again: recruit " + ("works" if again.returncode == 0 else "fails"))
    finally:
        home.close()
    return result


def describe_how(how, read_only=False):
    return {"mount": "a tmpfs behind a read-only bind mount", "chmod": "made read-only with chmod (not root)",
            "nobody": "readable but not writable by 'nobody', squad run as nobody with setpriv"}[how]


def nobody_can_run(ctx):
    return shutil.which("setpriv") is not None and try_run(
        ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", ctx.squad, "--version"])


def in_namespace(ctx, names):
    """Runs both disk tests again inside an unprivileged user and mount namespace; their results."""
    argv = ["unshare", "--user", "--map-root-user", "--mount", sys.executable,
            os.path.join(os.path.dirname(os.path.abspath(__file__)), "run.py"), "--bin-dir", ctx.bin_dir,
            "--fuzz-bin-dir", ctx.fuzz_dir,
            "--only", ",".join(names), "--seed", str(ctx.seed), "--scale", str(ctx.scale), "--no-unshare"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    results = {}
    for line in done.stdout.splitlines():
        for name in ("read-only-home", "full-disk"):
            if line.startswith(f"  {name}: "):
                results.setdefault(name, Result(name)).fail(line[len(f"  {name}: "):])
            elif line.startswith(f"{name}: "):
                body = line[len(name) + 2:].rsplit("  ", 2)[0]
                result = results.setdefault(name, Result(name))
                result.counts = [body + " (inside unshare --user --mount)"]
                if " SKIP (" in line:
                    result.skipped = line.split(" SKIP (", 1)[1].rsplit(")", 2)[0]
    return [results.get(name) or failed_namespace(name, done) for name in names]


def failed_namespace(name, done):
    result = Result(name)
    result.fail(f"the run inside unshare gave no result: {done.stderr.strip()[-300:]}")
    return result


def guarded(name, test):
    """The test's result, or a failed one saying how the test itself broke."""
    try:
        return test()
    except Exception:  # one broken disk test must not hide the other's result
        result = Result(name)
        result.fail("the test itself failed:\n" + traceback.format_exc())
        return result


def skipped(name, reason):
    result = Result(name)
    result.count("not run")
    result.skipped = reason
    return result


def run(ctx, names, allow_unshare=True):
    """The `read-only-home` and `full-disk` results, as asked for by name."""
    return [result for result in run_asked(ctx, names, allow_unshare) if result.name in names]


def run_asked(ctx, names, allow_unshare):
    probe = ctx.folder("mount-probe")
    mountable = can_mount(probe)
    if not mountable and allow_unshare and shutil.which("unshare") and try_run(
            ["unshare", "--user", "--map-root-user", "--mount", "true"]):
        return in_namespace(ctx, names)
    simulator = Simulator(ctx.root, characters=300)
    try:
        results = []
        if mountable:
            if "read-only-home" in names:
                results.append(guarded("read-only-home", lambda: read_only_home(ctx, "mount", simulator)))
            if "full-disk" in names:
                results.append(guarded("full-disk", lambda: full_disk(ctx, simulator)))
            return results
        why = ("mounting a tmpfs needs root with CAP_SYS_ADMIN" if os.geteuid() == 0 else "mounting needs root")
        why += " and unprivileged user namespaces (unshare --user --mount) are not allowed here"
        if "read-only-home" not in names:
            pass
        elif os.geteuid() != 0:
            results.append(guarded("read-only-home", lambda: read_only_home(ctx, "chmod", simulator)))
        elif nobody_can_run(ctx):
            results.append(guarded("read-only-home", lambda: read_only_home(ctx, "nobody", simulator)))
        else:
            results.append(skipped("read-only-home", why + "; as root chmod does not stop writes, and squad cannot "
                                   "run as nobody with setpriv (missing, or nobody cannot execute the binary)"))
        results.append(skipped("full-disk", why + "; a full disk needs its own small file system"))
        return results
    finally:
        simulator.stop()
