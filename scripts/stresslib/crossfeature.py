"""Features against each other (issue 19): homes sharing one catalogue through links, commands
that change nothing among creates, renames and deletes, a reset before a sync, a sync over broken
squads, squads renamed while a sync runs, a pick whose squad is replaced while it is open, homes
sharing `squads/` through a link, and deletes killed while they prune `.deleted`."""

from collections import Counter
import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import termios
import threading
import time

from common import Result, clean_environment, describe_exit, run_squad
from simulator import Simulator, keys_environment

TESTS = ["shared-catalogue", "phantom-squads", "reset-then-sync", "sync-broken-squads", "renames-during-sync",
         "pick-after-recreate", "shared-squads", "prune-kills"]


def run_tests(ctx, names):
    bodies = {"shared-catalogue": shared_catalogue, "phantom-squads": phantom_squads,
              "reset-then-sync": reset_then_sync, "sync-broken-squads": sync_broken_squads,
              "renames-during-sync": renames_during_sync, "pick-after-recreate": pick_after_recreate,
              "shared-squads": shared_squads, "prune-kills": prune_kills}
    results = []
    for name in [name for name in TESTS if name in names]:
        result = Result(name)
        started = time.monotonic()
        bodies[name](ctx, result)
        result.seconds = time.monotonic() - started
        results.append(result)
    return results


def squad(ctx, home, *args, env=None, timeout=120):
    return run_squad(ctx, list(args), home=home, env=env or clean_environment(home), timeout=timeout)


def origins(ctx, home):
    done = squad(ctx, home, "catalogue", "--json")
    return json.loads(done.stdout)["heroes"] if done.returncode == 0 else {}


def start(ctx, home, args, env=None):
    return subprocess.Popen([ctx.squad, "--home", home] + list(args), env=env or clean_environment(home),
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def write_part(path, first_id, count):
    with open(path, "w") as file:
        for index in range(count):
            file.write(json.dumps({"id": first_id + index, "name": f"Stress hero {first_id + index}"}) + "\n")


def shared_catalogue(ctx, result):
    """Rounds of 2 and 8 homes importing at once into one catalogue they reach through links, and
    a sync racing an import: every hero of every import and of the sync must be there."""
    simulator = Simulator(ctx.root)
    try:
        # What a sync keeps in a home of its own: the API's records, but where a bundled one is newer.
        alone = ctx.folder("shared-catalogue")
        squad(ctx, alone, "sync", "-q", env=keys_environment(alone, simulator.base))
        synced = origins(ctx, alone).get("api")
        rounds, lost, imports = ctx.scale, 0, 0
        for homes in [2, 8] * rounds + [0] * rounds:
            folder = ctx.folder("shared-catalogue")
            seed = os.path.join(folder, "seed.jsonl")
            write_part(seed, 4_999_999, 1)
            home = [os.path.join(folder, f"h{index}") for index in range(max(homes, 2))]
            done = squad(ctx, home[0], "catalogue", "import", seed)
            if done.returncode != 0:
                result.fail(f"seeding: {done.stderr.strip()[:200]}")
                return
            os.makedirs(os.path.join(folder, "shared"))
            os.rename(os.path.join(home[0], "catalogue.sqc"), os.path.join(folder, "shared", "catalogue.sqc"))
            for path in home:
                os.makedirs(path, exist_ok=True)
                os.symlink("../shared/catalogue.sqc", os.path.join(path, "catalogue.sqc"))
            parts = []
            for index in range(max(homes, 1)):
                parts.append(os.path.join(folder, f"part{index}.jsonl"))
                write_part(parts[-1], 5_000_000 + index * 100_000, 1000)
            if homes:
                running = [start(ctx, home[index], ["catalogue", "import", parts[index]]) for index in range(homes)]
            else:
                # The import starts once every page has come: it races the sync's read and write.
                simulator.reset()
                env = keys_environment(home[0], simulator.base)
                running = [start(ctx, home[0], ["sync"], env=env)]
                deadline = time.monotonic() + 60
                while len(simulator.log()) < 16 and time.monotonic() < deadline:
                    time.sleep(0.005)
                running.append(start(ctx, home[1], ["catalogue", "import", parts[0]]))
            for process in running:
                _, err = process.communicate(timeout=300)
                if process.returncode != 0:
                    ending = describe_exit(process.returncode)
                    result.fail(f"{homes or 'sync and import'}: {ending} {err.strip()[:200]}")
            counts = origins(ctx, home[-1])
            expected = 1 + 1000 * max(homes, 1)
            imports += max(homes, 1)
            if counts.get("import") != expected or (not homes and counts.get("api") != synced):
                lost += 1
                result.fail(f"{homes or 'sync and import'} homes: {counts}, expected {expected} imported"
                            + ("" if homes else f" and {synced} from the API"))
            if not all(os.path.islink(os.path.join(path, "catalogue.sqc")) for path in home):
                result.fail(f"{homes} homes: a home lost its link")
        result.count(f"{imports} imports and {rounds} syncs through homes sharing one catalogue by links")
        result.count(f"{lost} rounds lost heroes")
    finally:
        simulator.stop()


def phantom_squads(ctx, result):
    """Random commands on squads that exist or not: no command that changes nothing leaves a
    folder; `.deleted` holds only deleted squads, the ten newest of each kind."""
    rng = ctx.random("phantom-squads")
    home = ctx.folder("phantom-squads")
    names = ["ghost", "six", "seven", "eight", "nine"]
    # What an earlier release left: a folder holding only a lock.
    os.makedirs(os.path.join(home, "squads", "ghost"))
    open(os.path.join(home, "squads", "ghost", "squad.lock"), "w").close()
    deleted, commands, seeded = [], 0, True
    for _ in range(150 * ctx.scale):
        name, other = rng.sample(names, 2)
        args = rng.choice([
            ["--squad", name, "fire", "thor", "--yes"], ["--squad", name, "undo"], ["--squad", name, "redo"],
            ["--squad", name, "history"], ["--squad", name, "list"], ["squads", "delete", name, "--yes"],
            ["squads", "rename", name, other], ["squads", "create", name], ["--squad", name, "recruit", "thor"],
            ["--squad", name, "import", os.path.join(ctx.root, "Fixtures", "export", "sample.json")],
        ])
        done = squad(ctx, home, "--offline", "-q", *args)
        commands += 1
        if done.returncode not in (0, 1, 64):
            result.fail(f"{args}: {describe_exit(done.returncode)} {done.stderr.strip()[:200]}")
        if args[:2] == ["squads", "delete"] and done.returncode == 0:
            deleted.append(name)
        squads = os.path.join(home, "squads")
        ghost = os.path.join(squads, "ghost")
        seeded = seeded and os.path.isdir(ghost) and os.listdir(ghost) == ["squad.lock"]
        for entry in os.listdir(squads) if os.path.isdir(squads) else []:
            if entry != ".deleted" and not os.path.exists(os.path.join(squads, entry, "squad.json")):
                if not (entry == "ghost" and seeded):
                    result.fail(f"after {args}: squads/{entry} holds no squad.json")
        trash = os.path.join(squads, ".deleted")
        kept = sorted(os.listdir(trash)) if os.path.isdir(trash) else []
        kept_names = sorted(entry.rsplit("-", 2)[0] for entry in kept)
        # squad keeps the ten newest of each kind (empty deleted squads, and those holding members
        # or changes; docs/SQUADS.md), so the ten newest deletions are always there, and at most twenty.
        held, newest = Counter(kept_names), Counter(deleted[-10:])
        if newest - held or held - Counter(deleted) or len(kept) > 20:
            result.fail(f"after {args}: .deleted holds {kept_names}, the newest deleted are {sorted(deleted[-10:])}")
            break
        if any(not os.path.exists(os.path.join(squads, ".deleted", entry, "squad.json")) for entry in kept):
            result.fail(f"after {args}: .deleted holds a folder that is no squad")
            break
    result.count(f"{commands} commands on 5 squad names, {len(deleted)} deletions")
    result.count(f"{len(result.problems)} phantom folders or wrong deleted squads")


def reset_then_sync(ctx, result):
    """sync, then a reset (or the data lost and the cache kept), then sync or sync --force: the
    catalogue is what the first sync left (the API's records, but where a bundled one is newer),
    and the members recruited from the API are never rewritten."""
    simulator = Simulator(ctx.root, characters=300)
    try:
        home = ctx.folder("reset-then-sync")
        env = keys_environment(home, simulator.base)
        squad(ctx, home, "recruit", "1009610", "1009652", "-q", env=env)
        member = squad(ctx, home, "list", "--json").stdout
        squad(ctx, home, "sync", "-q", env=env)
        synced = origins(ctx, home), squad(ctx, home, "--offline", "heroes", "--all", "--json").stdout
        rounds, restored = 4 * ctx.scale, 0
        for round_number in range(rounds):
            force = ["--force"] if round_number % 2 else []
            if round_number % 4 < 2:
                squad(ctx, home, "catalogue", "reset", "--yes", "-q")
            else:
                os.remove(os.path.join(home, "catalogue.sqc"))  # the data lost, the cache kept
            done = squad(ctx, home, "sync", *force, env=env)
            counts = origins(ctx, home), squad(ctx, home, "--offline", "heroes", "--all", "--json").stdout
            if done.returncode != 0 or counts != synced:
                ending = describe_exit(done.returncode)
                result.fail(f"round {round_number} (sync {' '.join(force)}): {ending}, {counts[0]}, not {synced[0]}")
            else:
                restored += 1
            if squad(ctx, home, "list", "--json").stdout != member:
                result.fail(f"round {round_number}: the member was rewritten")
        entries = json.loads(squad(ctx, home, "history", "--json").stdout)
        if len(entries) != 1:
            result.fail(f"history holds {len(entries)} entries, not only the recruit")
        result.count(f"{rounds} resets or lost catalogues then syncs (half --force): {restored} left what the first "
                     f"sync left ({synced[0].get('api')} of the API's records)")
        result.count("the member never rewritten" if len(entries) == 1 else "the member rewritten")
    finally:
        simulator.stop()


def sync_broken_squads(ctx, result):
    """A sync over a read-only, a corrupt, a dangling and a link-history squad: each named in a
    warning, exit 1; the healthy ones refreshed and recorded."""
    simulator = Simulator(ctx.root, characters=400)
    try:
        broken = {"ro": "was not refreshed", "bad": "was not refreshed", "dangling": "was not refreshed",
                  "linked": "made but not recorded"}
        healthy = ["default", "fine1", "fine2"]
        named = 0
        for _ in range(ctx.scale):
            home = ctx.folder("sync-broken-squads")
            stale = stale_member(ctx, home, 2_000_001)
            for name in list(broken) + healthy:
                if name != "default":
                    squad(ctx, home, "squads", "create", name, "-q")  # a named squad exists before it is used
                squad(ctx, home, "--squad", name, "import", stale, "-q")
            os.chmod(os.path.join(home, "squads", "ro", "squad.json"), 0o444)
            with open(os.path.join(home, "squads", "bad", "squad.json"), "w") as file:
                file.write("{")
            os.remove(os.path.join(home, "squads", "dangling", "squad.json"))
            os.symlink("nowhere.json", os.path.join(home, "squads", "dangling", "squad.json"))
            history = os.path.join(home, "squads", "linked", "history.jsonl")
            os.rename(history, os.path.join(home, "elsewhere.jsonl"))
            os.symlink("../../elsewhere.jsonl", history)
            done = squad(ctx, home, "sync", "-q", env=keys_environment(home, simulator.base))
            warnings = [line for line in done.stderr.splitlines() if line.startswith("Warning: ")]
            if done.returncode != 1:
                result.fail(f"sync: {describe_exit(done.returncode)}, expected 1")
            for name, words in broken.items():
                if any(f"The squad '{name}'" in line and words in line for line in warnings):
                    named += 1
                else:
                    result.fail(f"no warning naming '{name}' ({words}): {warnings}")
            if len(warnings) != len(broken):
                result.fail(f"{len(warnings)} warnings for {len(broken)} broken squads: {warnings}")
            for name in healthy:
                entries = json.loads(squad(ctx, home, "--squad", name, "history", "--json").stdout)
                if max(entries, key=lambda entry: entry["sequence"])["command"] != "sync":
                    result.fail(f"'{name}' was not refreshed and recorded")
        result.count(f"{ctx.scale} syncs over 4 broken squads each: {named} of {4 * ctx.scale} named")
    finally:
        simulator.stop()


def stale_member(ctx, folder, hero_id):
    """An export holding one member of the simulator's (give a synthetic hero: never bundled) with a
    name and description no answer has, so the next sync always rewrites it."""
    path = os.path.join(folder, f"stale-{hero_id}.json")
    member = {"id": hero_id, "name": "Stale name", "description": "stale", "thumbnail": None,
              "recruitedAt": "2020-01-01T00:00:00Z"}
    with open(path, "w") as file:
        json.dump({"schemaVersion": 1, "members": [member]}, file)
    return path


def renames_during_sync(ctx, result):
    """A squad renamed back and forth, as fast as squad allows, while `sync --force` runs: it is
    refreshed and recorded every time, under whatever name it has when the sync ends."""
    simulator = Simulator(ctx.root, faults=[], characters=None)
    try:
        home = ctx.folder("renames-during-sync")
        env = keys_environment(home, simulator.base)
        ids = [2_000_001 + index for index in range(1000)]  # synthetic heroes: never bundled
        squad(ctx, home, "squads", "create", "six")
        refreshed, renames = 0, 0
        rounds = 6 * ctx.scale
        for round_number in range(rounds):
            names = ["six", "seven"]
            current = next(name for name in names if os.path.exists(os.path.join(home, "squads", name)))
            squad(ctx, home, "--squad", current, "import", stale_member(ctx, home, ids[round_number % len(ids)]))
            stop = threading.Event()
            count = [0]

            def rename_loop():
                while not stop.is_set():
                    now = next(name for name in names if os.path.exists(os.path.join(home, "squads", name)))
                    if squad(ctx, home, "squads", "rename", now, names[1 - names.index(now)]).returncode == 0:
                        count[0] += 1

            thread = threading.Thread(target=rename_loop)
            thread.start()
            done = squad(ctx, home, "sync", "--force", "-q", env=env)
            stop.set()
            thread.join()
            renames += count[0]
            current = next(name for name in names if os.path.exists(os.path.join(home, "squads", name)))
            entries = json.loads(squad(ctx, home, "--squad", current, "history", "--json").stdout)
            changes = [entry for entry in entries if entry["kind"] == "change"]
            if done.returncode == 0 and max(changes, key=lambda entry: entry["sequence"])["command"] == "sync":
                refreshed += 1
            else:
                result.fail(f"round {round_number}: {describe_exit(done.returncode)} {done.stderr.strip()[:200]}; "
                            "the squad was not refreshed")
        result.count(f"{rounds} syncs with {renames} renames racing them: {refreshed} of {rounds} squads refreshed")
    finally:
        simulator.stop()


class PickSession:
    """`squad pick` on a pseudo-terminal: wait for text, type keys, see how it ended."""

    def __init__(self, ctx, home, args):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = clean_environment(home, TERM="xterm-256color")
        self.process = subprocess.Popen([ctx.squad, "--home", home] + args, stdin=slave, stdout=slave, stderr=slave,
                                        env=env, start_new_session=True,
                                        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        self.output = b""

    def wait_for(self, text, seconds=30):
        deadline = time.monotonic() + seconds
        while text.encode() not in self.output:
            if time.monotonic() > deadline or not self.read(deadline - time.monotonic()):
                raise TimeoutError(f"no {text!r} on the screen")

    def read(self, seconds):
        ready, _, _ = select.select([self.master], [], [], max(seconds, 0))
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return False
        self.output += chunk
        return bool(chunk)

    def send(self, text):
        os.write(self.master, text.encode())

    def finish(self, seconds=30):
        deadline = time.monotonic() + seconds
        while self.read(deadline - time.monotonic()) and time.monotonic() < deadline:
            pass
        code = self.process.wait(timeout=max(deadline - time.monotonic(), 1))
        os.close(self.master)
        return code


def pick_after_recreate(ctx, result):
    """A pick whose squad is deleted (or renamed away) and replaced by a new one of that name
    while it is open: Enter saves nothing, exits 1, and the new squad is untouched."""
    home = ctx.folder("pick-after-recreate")
    held = 0
    rounds = 2 * ctx.scale
    for round_number in range(rounds):
        away = (["squads", "delete", "six", "--yes"] if round_number % 2 == 0
                else ["squads", "rename", "six", f"old{round_number}"])
        squad(ctx, home, "squads", "create", "six", "--max", "6")
        session = PickSession(ctx, home, ["--squad", "six", "pick"])
        try:
            session.wait_for("Filter:")
            session.send(" ")
            session.wait_for("+1 to recruit")
            squad(ctx, home, *away)
            squad(ctx, home, "squads", "create", "six", "--max", "2")
            session.wait_for("elsewhere")
            session.send("\r")
            code = session.finish()
        except (TimeoutError, subprocess.TimeoutExpired) as error:
            session.process.kill()
            result.fail(f"round {round_number} ({' '.join(away)}): {error}")
            continue
        members = json.loads(squad(ctx, home, "--squad", "six", "list", "--json").stdout)["members"]
        if code != 1 or members or b"deleted, renamed or replaced while this command ran" not in session.output:
            result.fail(f"round {round_number} ({' '.join(away)}): exit {code}, the new squad holds {len(members)}")
        else:
            held += 1
        squad(ctx, home, "squads", "delete", "six", "--yes")
    result.count(f"{rounds} picks whose squad was replaced (deleted or renamed, then created): "
                  f"{held} saved nothing and exited 1")


def shared_squads(ctx, result):
    """Two homes sharing `squads/` through a link race creates, renames and deletes of one squad,
    and a recruit against a rename: exactly one of each pair is done, no squad comes back, and
    `.deleted` holds only squads."""
    folder = ctx.folder("shared-squads")
    one, two = os.path.join(folder, "w1"), os.path.join(folder, "w2")
    squad(ctx, one, "squads", "create", "zz")
    os.makedirs(two)
    os.symlink("../w1/squads", os.path.join(two, "squads"))
    rounds, wrong = 10 * ctx.scale, 0
    for _ in range(rounds):
        for first, second, singles in [
            (["squads", "create", "c"], ["squads", "create", "c"], True),
            (["squads", "rename", "c", "d"], ["squads", "rename", "c", "e"], True),
            (["squads", "rename", "d", "c"], ["squads", "rename", "e", "c"], True),
            (["squads", "rename", "c", "f"], ["--squad", "c", "recruit", "thor"], False),
            (["squads", "delete", "f", "--yes"], ["squads", "delete", "f", "--yes"], True),
        ]:
            running = [start(ctx, one, ["--offline"] + first), start(ctx, two, ["--offline"] + second)]
            errors = [process.communicate(timeout=120)[1] for process in running]
            done = sum(process.returncode == 0 for process in running)
            raw = [error for error in errors if "No such file" in error or "not empty" in error]
            if (singles and done != 1) or raw:
                wrong += 1
                result.fail(f"{first} and {second}: {done} done {raw[:1]}")
        if os.path.exists(os.path.join(one, "squads", "c")):
            wrong += 1
            result.fail("a recruit racing a rename brought the squad back under its old name")
            squad(ctx, one, "squads", "delete", "c", "--yes")
    trash = os.path.join(one, "squads", ".deleted")
    for entry in os.listdir(trash):
        if not os.path.exists(os.path.join(trash, entry, "squad.json")):
            result.fail(f".deleted holds {entry}, no squad")
    result.count(f"{rounds * 5} races between homes sharing squads/ by a link")
    result.count(f"{wrong} races with a wrong outcome")


def prune_kills(ctx, result):
    """Deletes killed at random moments, each past the ten deleted squads kept: after one more
    delete, `.deleted` holds exactly the ten newest, every one a squad, and nothing else."""
    rng = ctx.random("prune-kills")
    home = ctx.folder("prune-kills")
    kills = 0
    for index in range(30 * ctx.scale):
        squad(ctx, home, "--offline", "squads", "create", f"g{index}")
        process = start(ctx, home, ["--offline", "squads", "delete", f"g{index}", "--yes"])
        time.sleep(rng.uniform(0, 0.08))
        process.kill()
        kills += process.wait() != 0
    squad(ctx, home, "--offline", "squads", "create", "last")
    squad(ctx, home, "--offline", "squads", "delete", "last", "--yes")
    trash = os.path.join(home, "squads", ".deleted")
    kept = os.listdir(trash)
    names = [f"g{index}" for index in range(30 * ctx.scale)]
    deleted = 1 + sum(not os.path.exists(os.path.join(home, "squads", name)) for name in names)
    if len(kept) != min(deleted, 10) or any(not os.path.exists(os.path.join(trash, entry, "squad.json")) for entry in kept):
        result.fail(f".deleted holds {sorted(kept)}")
    result.count(f"{kills} of {30 * ctx.scale} deletes killed, {deleted} deleted; .deleted then holds {len(kept)}")
