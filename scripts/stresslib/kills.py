"""200 `kill -9` at random moments while squad saves.

Four homes are attacked side by side. In each, a squad command changes the squad (75%
`import --replace` of one of three 300-member squads, 25% recruit or fire of one hero) and is
killed with SIGKILL: a third of the time at a random moment within its usual running time, two
thirds of the time aimed at the save (once its temporary file appears, at a random moment within
the usual time from there to the end), since the save is a small part of a run. After every kill the file
must parse and hold exactly the old squad or the new one, never a mix, and squad itself must
still read it. Where a kill landed is told by the evidence it leaves: a new temporary file means
it hit the write (between creating the temporary file and renaming it over squad.json); otherwise
the old squad means before the write, the new one after the rename. Kills leave temporary files
behind; the next save must remove them."""

import json
import os
import signal
import subprocess
import threading
import time

from inotify import IN_CREATE, IN_MOVED_FROM, Watch
from common import Result, clean_environment, describe_exit, parse_squad, run_squad, temporary_files

LANES = 4
MEMBERS = 300
VARIANTS = 3
TOGGLED_HERO = (1009610, "Spider-Man (Peter Parker)")


def write_variants(folder):
    """Three import files whose squads share no member, so any mix of them is visible."""
    paths, states = [], []
    for variant in range(VARIANTS):
        members = [
            {"id": 5_000_000 + variant * 100_000 + index, "name": f"Stress {variant}-{index}",
             "description": f"Squad {variant}, member {index}. " + "lorem ipsum " * 10, "thumbnail": None,
             "recruitedAt": "2026-01-02T03:04:05Z"}
            for index in range(MEMBERS)]
        path = os.path.join(folder, f"variant-{variant}.json")
        with open(path, "w") as file:
            json.dump({"schemaVersion": 1, "members": members}, file)
        paths.append(path)
        states.append(tuple((member["id"], member["name"]) for member in members))
    return paths, states


def squad_state(path):
    """The squad file's members as (id, name) pairs; raises ValueError when it is not valid."""
    with open(path, "rb") as file:
        return tuple((member["id"], member["name"]) for member in parse_squad(file.read()))


class Lane:
    """One home under attack, with its own tallies."""

    def __init__(self, ctx, index, paths, states, target, rng):
        self.ctx, self.paths, self.states, self.target, self.rng = ctx, paths, states, target, rng
        self.home = ctx.folder(f"kills-{index}")
        self.file = os.path.join(self.home, "squad.json")
        self.env = clean_environment(self.home)
        self.landed = self.finished_first = 0
        self.where = {"before the write": 0, "during the write": 0, "after the rename": 0}
        self.problems = []
        self.leftovers_created = 0
        self.most_at_once = 0
        self.leftovers_after_save = []

    def command(self, current):
        """A command that changes the squad, and the squad it should leave."""
        if self.rng.random() < 0.75:
            variant = self.rng.choice([v for v in range(VARIANTS) if self.states[v] != current])
            return ["import", self.paths[variant], "--replace"], self.states[variant]
        if TOGGLED_HERO[0] in [hero_id for hero_id, _ in current]:
            return ["fire", "--yes", str(TOGGLED_HERO[0])], tuple(m for m in current if m[0] != TOGGLED_HERO[0])
        return ["recruit", str(TOGGLED_HERO[0])], current + (TOGGLED_HERO,)

    def execute(self, args):
        return subprocess.Popen([self.ctx.squad, "--home", self.home, "--offline", "-q"] + args, env=self.env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def calibrate(self):
        """The usual running time of each kind of command, unkilled, and the usual time its
        temporary file exists (the save window)."""
        durations, windows = {}, []
        current = squad_state(self.file)
        for _ in range(8):
            args, new = self.command(current)
            started = time.monotonic()
            process = self.execute(args)
            created = self.wait_for_save(process, set(temporary_files(self.home)), deadline=started + 30)
            renamed = self.wait_for_rename(process, deadline=started + 30) if created else None
            _, err = process.communicate()
            if process.returncode != 0:
                raise RuntimeError(f"{args}: {describe_exit(process.returncode)} {err.decode()[:200]}")
            durations.setdefault(args[0], []).append(time.monotonic() - started)
            if created and renamed:
                windows.append(renamed - created)
            current = new
        usual = {kind: sorted(times)[len(times) // 2] for kind, times in durations.items()}
        return usual, sorted(windows)[len(windows) // 2] if windows else 0.005

    def wait_for_save(self, process, leftovers, deadline):
        """Waits until squad creates its temporary file (the save has begun); the time, or None
        when the process ended first."""
        if self.watch:
            while time.monotonic() < deadline:
                event = self.watch.next(0.05)
                if event and event[0] & IN_CREATE and ".tmp-" in event[1]:
                    return time.monotonic()
                if event is None and process.poll() is not None:
                    return None
            return None
        while process.poll() is None and time.monotonic() < deadline:
            if set(temporary_files(self.home)) - leftovers:
                return time.monotonic()
        return None

    def wait_for_rename(self, process, deadline):
        """Waits until the temporary file is renamed over squad.json; the time, or None."""
        while self.watch and time.monotonic() < deadline:
            event = self.watch.next(0.05)
            if event and event[0] & IN_MOVED_FROM and ".tmp-" in event[1]:
                return time.monotonic()
            if event is None and process.poll() is not None:
                return None
        return None

    def attack(self):
        self.watch = Watch(self.home) if Watch.available() else None
        try:
            self.run_rounds()
        except (ValueError, OSError, RuntimeError) as error:  # e.g. a round began on a corrupt file
            self.problems.append(f"the attack on {self.home} stopped: {error}")
        finally:
            if self.watch:
                self.watch.close()

    def run_rounds(self):
        if run_squad(self.ctx, ["--offline", "import", self.paths[0], "--replace"], home=self.home).returncode != 0:
            self.problems.append("could not seed the squad")
            return
        usual, window = self.calibrate()
        rounds = 0
        while self.landed < self.target and rounds < self.target * 4:
            rounds += 1
            self.round(usual, window)
        if self.landed < self.target:
            self.problems.append(f"only {self.landed} of {self.target} kills landed in {rounds} rounds")
        current = squad_state(self.file)
        args, new = self.command(current)
        done = run_squad(self.ctx, ["--offline", "-q"] + args, home=self.home)
        if done.returncode != 0 or squad_state(self.file) != new:
            self.problems.append(f"the save after the kills failed: {describe_exit(done.returncode)} {done.stderr[:200]}")
        self.leftovers_after_save = temporary_files(self.home)

    def round(self, usual, window):
        old = squad_state(self.file)
        leftovers = set(temporary_files(self.home))
        args, new = self.command(old)
        if self.watch:
            self.watch.drain()
        started = time.monotonic()
        process = self.execute(args)
        if self.rng.random() < 2 / 3:
            # Aimed: a random moment from the temporary file's creation to a little past the
            # usual rename, so most kills hit the write and some the moments right after it.
            self.wait_for_save(process, leftovers, deadline=started + 30)
            time.sleep(self.rng.uniform(0, 1.3 * window))
        else:
            time.sleep(self.rng.uniform(0, 1.1 * usual.get(args[0], max(usual.values()))))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            killed = process.returncode == -signal.SIGKILL
        else:
            killed = False
        process.stderr.close()
        if not killed and process.returncode != 0:
            self.problems.append(f"{args[0]} failed unkilled: {describe_exit(process.returncode)}")
        try:
            state = squad_state(self.file)
        except (ValueError, OSError) as error:
            self.problems.append(f"after a kill during {args[0]}: the file is not a valid squad ({error})")
            return
        if state not in (old, new):
            self.problems.append(f"after a kill during {args[0]}: the file holds neither the old nor the new squad")
        check = run_squad(self.ctx, ["list", "--json"], home=self.home)
        if check.returncode != 0:
            self.problems.append(f"squad list after a kill: {describe_exit(check.returncode)} {check.stderr[:200]}")
        if not killed:
            self.finished_first += 1
            return
        self.landed += 1
        now = set(temporary_files(self.home))
        self.most_at_once = max(self.most_at_once, len(now))
        if now - leftovers:
            self.leftovers_created += len(now - leftovers)
            self.where["during the write"] += 1
        elif state == new and new != old:
            self.where["after the rename"] += 1
        else:
            self.where["before the write"] += 1


def run(ctx):
    result = Result("kill-during-save")
    folder = ctx.folder("kill-variants")
    paths, states = write_variants(folder)
    total = 200 * ctx.scale
    lanes = [Lane(ctx, index, paths, states, total // LANES + (index < total % LANES), ctx.random(f"kills-{index}"))
             for index in range(LANES)]
    threads = [threading.Thread(target=lane.attack) for lane in lanes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    landed = sum(lane.landed for lane in lanes)
    where = {key: sum(lane.where[key] for lane in lanes) for key in lanes[0].where}
    left = sum(lane.leftovers_created for lane in lanes)
    most = max(lane.most_at_once for lane in lanes)
    remaining = [name for lane in lanes for name in lane.leftovers_after_save]
    problems = [problem for lane in lanes for problem in lane.problems]
    corrupt = sum("not a valid squad" in problem or "neither" in problem for problem in problems)
    result.count(f"{landed} kills ({', '.join(f'{count} {key}' for key, count in where.items())})")
    result.count(f"{sum(lane.finished_first for lane in lanes)} commands finished before their kill")
    result.count(f"{corrupt} corrupt or mixed files")
    result.count(f"{left} temporary files left by kills (at most {most} at once), {len(remaining)} after the next save")
    if where["during the write"] == 0:
        problems.append("no kill landed during a write, so the test proved nothing about atomicity")
    if remaining:
        problems.append(f"temporary files survive a successful save: {remaining[:5]}")
    for problem in problems[:20]:
        result.fail(problem)
    return result


# --- Several squads: changes and undos under kill -9, squads that must agree with their history.

SQUADS = ("alpha", "beta", "gamma")
# Uncommitted last entries seen (folder:position), evidence that kills landed between the two writes.
UNCOMMITTED_SEEN = set()


def history_agrees(folder):
    """Whether a squad folder's squad.json and history.jsonl agree, by the durability protocol: the
    last entry's after-digest is the file's digest, or that entry is an uncommitted one (its
    before-digest is the file's) and the one before it matches. Also replays the committed
    entries' diffs from the empty squad and checks they give the file's members. Returns None
    when they agree, else what is wrong."""
    import hashlib
    squad_path, history_path = os.path.join(folder, "squad.json"), os.path.join(folder, "history.jsonl")
    try:
        with open(squad_path, "rb") as file:
            data = file.read()
        digest, members = hashlib.md5(data).hexdigest(), [m["id"] for m in parse_squad(data)]
    except FileNotFoundError:
        digest, members = "none", []
    try:
        with open(history_path, "rb") as file:
            lines = file.read().split(b"\n")
    except FileNotFoundError:
        lines = [b""]
    entries = [json.loads(line) for line in lines[:-1] if line]  # the last piece is a torn line or empty
    if entries and entries[-1]["after"] != digest and entries[-1]["before"] == digest:
        entries.pop()  # appended, then killed before the commit point
        UNCOMMITTED_SEEN.add(folder + ":" + str(len(entries)))
    last = entries[-1]["after"] if entries else "none"
    if last != digest:
        return f"{folder}: the file's digest {digest} is not the history's last {last}"
    replayed = []
    for entry in entries:
        leaving = {json.dumps(p["member"], sort_keys=True) for p in entry["removed"]}
        replayed = [m for m in replayed if json.dumps(m, sort_keys=True) not in leaving]
        for placed in sorted(entry["added"], key=lambda p: p["index"]):
            replayed.insert(min(placed["index"], len(replayed)), placed["member"])
    if [m["id"] for m in replayed] != members:
        return f"{folder}: replaying the history gives {len(replayed)} members, the file has {len(members)}"
    return None


class SquadLane:
    """One named squad under attack: recruits, fires, imports, undos and redos killed with
    SIGKILL, half the time at a random moment of the run, half the time aimed just after the
    history grows (between the history append and the squad file's replacement)."""

    def __init__(self, ctx, home, name, paths, target, rng):
        self.ctx, self.home, self.name, self.paths, self.target, self.rng = ctx, home, name, paths, target, rng
        self.folder = os.path.join(home, "squads", name)
        self.env = clean_environment(home)
        self.landed = self.finished = 0
        self.kinds = {}
        self.problems = []

    def command(self):
        roll = self.rng.random()
        if roll < 0.3:
            return ["import", self.rng.choice(self.paths), "--replace"]
        if roll < 0.55:
            return self.rng.choice([["recruit", str(TOGGLED_HERO[0])], ["fire", "--yes", str(TOGGLED_HERO[0])]])
        if roll < 0.85:
            return ["undo", str(self.rng.randint(1, 3))]
        return ["redo", str(self.rng.randint(1, 2))]

    def wait_for_history_growth(self, process):
        history = os.path.join(self.folder, "history.jsonl")

        def size():
            try:
                return os.stat(history).st_size
            except FileNotFoundError:
                return 0
        before, deadline = size(), time.monotonic() + 30
        while process.poll() is None and time.monotonic() < deadline and size() == before:
            time.sleep(0.0002)

    def attack(self):
        try:
            self.run_rounds()
        except (ValueError, OSError, RuntimeError) as error:
            self.problems.append(f"the attack on {self.name} stopped: {error}")

    def run_rounds(self):
        made = run_squad(self.ctx, ["-q", "squads", "create", self.name], home=self.home)
        if made.returncode != 0:
            raise RuntimeError(f"could not create {self.name}: {made.stderr[:200]}")
        seeded = run_squad(self.ctx, ["--offline", "--squad", self.name, "import", self.paths[0]], home=self.home)
        if seeded.returncode != 0:
            raise RuntimeError(f"could not seed {self.name}: {seeded.stderr[:200]}")
        usual = {}
        for args in (["import", self.paths[1], "--replace"], ["undo"], ["redo"]):
            started = time.monotonic()
            run_squad(self.ctx, ["--offline", "-q", "--squad", self.name] + args, home=self.home)
            usual[args[0]] = time.monotonic() - started
        rounds = 0
        while self.landed < self.target and rounds < self.target * 4:
            rounds += 1
            args = self.command()
            process = subprocess.Popen(
                [self.ctx.squad, "--home", self.home, "--offline", "-q", "--squad", self.name] + args, env=self.env,
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if self.rng.random() < 0.5:
                # Aimed at the gap between the two writes: the moment the history grows, the
                # squad file has not been replaced yet.
                self.wait_for_history_growth(process)
                time.sleep(self.rng.uniform(0, 0.004))
            else:
                time.sleep(self.rng.uniform(0, 1.2 * usual.get(args[0], usual["import"])))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                process.wait()
            process.stderr.close()
            if process.returncode == -signal.SIGKILL:
                self.landed += 1
                self.kinds[args[0]] = self.kinds.get(args[0], 0) + 1
            else:
                self.finished += 1
                if process.returncode != 0:
                    self.problems.append(f"{self.name} {' '.join(args)} failed unkilled: {describe_exit(process.returncode)}")
            problem = history_agrees(self.folder)
            if problem:
                self.problems.append("disagrees after a kill: " + problem)
            check = run_squad(self.ctx, ["--squad", self.name, "history", "--json", "--limit", "1"], home=self.home)
            if check.returncode != 0:
                self.problems.append(f"squad history after a kill: {describe_exit(check.returncode)} {check.stderr[:200]}")
        if self.landed < self.target:
            self.problems.append(f"only {self.landed} of {self.target} kills landed on {self.name} in {rounds} rounds")
        done = run_squad(self.ctx, ["--offline", "-q", "--squad", self.name, "undo"], home=self.home)
        if done.returncode != 0 or history_agrees(self.folder):
            self.problems.append(f"undo after the kills on {self.name}: {describe_exit(done.returncode)} {done.stderr[:200]}")


def run_squads(ctx):
    result = Result("kill-during-squad-changes")
    paths, _ = write_variants(ctx.folder("kill-squads-variants"))
    home = ctx.folder("kill-squads")
    total = 200 * ctx.scale
    lanes = [SquadLane(ctx, home, name, paths, total // len(SQUADS) + (index < total % len(SQUADS)),
                       ctx.random(f"kill-squads-{index}")) for index, name in enumerate(SQUADS)]
    threads = [threading.Thread(target=lane.attack) for lane in lanes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    kinds = {}
    for lane in lanes:
        for kind, count in lane.kinds.items():
            kinds[kind] = kinds.get(kind, 0) + count
    problems = [problem for lane in lanes for problem in lane.problems]
    disagreeing = {lane.name for lane in lanes if any("disagrees" in p for p in lane.problems) or history_agrees(lane.folder)}
    result.count(f"{sum(lane.landed for lane in lanes)} kills across {len(SQUADS)} squads "
                 f"({', '.join(f'{count} {kind}' for kind, count in sorted(kinds.items()))})")
    result.count(f"{sum(lane.finished for lane in lanes)} commands finished before their kill")
    result.count(f"{len(UNCOMMITTED_SEEN)} kills between the history append and the squad save")
    result.count(f"{len(disagreeing)} squads that disagree with their history")
    for problem in problems[:20]:
        result.fail(problem)
    return result
