"""50 squad processes recruiting and firing at once on one home.

Each worker owns four heroes no other worker touches and runs a known sequence of recruit/fire
commands, so the final squad is determined: for every worker, its heroes' membership and
relative order are what its own sequence gives (other workers' commands cannot change them).
Two shared heroes add real contention: one only ever recruited, one (pre-seeded) only ever
fired. Meanwhile two readers watch the file: one parses squad.json directly in a tight loop,
one runs `squad list --json`. Every state they see must be valid and, for every worker, the
state after some prefix of its sequence, with prefixes never going backwards in time."""

import json
import os
import subprocess
import threading
from collections import Counter

from common import Result, clean_environment, describe_exit, parse_squad, read_squad, run_squad

WORKERS = 50
HEROES_PER_WORKER = 4


def plan(ctx, heroes):
    """The workers' command sequences, and the model's state after each of their prefixes."""
    rng = ctx.random("concurrency")
    rng.shuffle(heroes)
    shared_recruit, shared_fire = heroes[0], heroes[1]
    owned = [heroes[2 + w * HEROES_PER_WORKER: 2 + (w + 1) * HEROES_PER_WORKER] for w in range(WORKERS)]
    steps = 4 * ctx.scale
    names = Counter(name.lower() for _, name in heroes)
    shared_names = {name for name, count in names.items() if count > 1}
    workers = []
    shared = {"recruited": False, "fired": False}
    for mine in owned:
        ops, order, states = [], [], [()]
        for step in range(steps):
            verb = "recruit" if step == 0 or rng.random() < 0.55 else "fire"
            picked = rng.sample(mine, rng.randint(1, 3))
            extra = []
            if verb == "recruit" and rng.random() < 0.3:
                extra, shared["recruited"] = [shared_recruit], True
            if verb == "fire" and rng.random() < 0.3:
                extra, shared["fired"] = [shared_fire], True
            refs = [reference(rng, hero, shared_names) for hero in picked + extra]
            ops.append([verb] + (["--yes"] if verb == "fire" else []) + ["--"] + refs)
            for hero_id, _ in picked:
                if verb == "recruit" and hero_id not in order:
                    order.append(hero_id)
                if verb == "fire" and hero_id in order:
                    order.remove(hero_id)
            states.append(tuple(order))
        workers.append({"heroes": {hero_id for hero_id, _ in mine}, "ops": ops, "states": states})
    return workers, (shared_recruit, shared["recruited"]), (shared_fire, shared["fired"])


def reference(rng, hero, shared_names):
    """A hero by id, or by its exact name in a random case (an exact name always wins, unless
    another hero has it too: the two Jean Grey records are ambiguous by name, so by id)."""
    hero_id, name = hero
    if rng.random() < 0.7 or name.lower() in shared_names:
        return str(hero_id)
    return rng.choice([name, name.upper(), name.lower()])


class Watcher:
    """Records every distinct squad state a reader sees, in the order it saw them."""

    def __init__(self):
        self.reads = 0
        self.corrupt = []
        self.snapshots = []

    def see(self, data):
        self.reads += 1
        try:
            ids = tuple(member["id"] for member in parse_squad(data))
        except ValueError as error:
            self.corrupt.append(f"{error}: {data[:80]!r}")
            return
        if not self.snapshots or self.snapshots[-1] != ids:
            self.snapshots.append(ids)


def read_file(path, stop, watcher):
    while not stop.is_set():
        with open(path, "rb") as file:
            watcher.see(file.read())


def read_with_squad(ctx, home, stop, watcher, crashes):
    while not stop.is_set():
        done = run_squad(ctx, ["list", "--json"], home=home)
        if done.returncode < 0:
            crashes.append(f"squad list: {describe_exit(done.returncode)}")
        elif done.returncode != 0:
            watcher.reads += 1
            watcher.corrupt.append(f"squad list: {describe_exit(done.returncode)} {done.stderr.strip()[:200]}")
        else:
            watcher.see(done.stdout.encode())


def impossible_states(watcher, workers):
    """Snapshots that no prefix of some worker's sequence explains, or that go back in time."""
    problems = []
    progress = [0] * len(workers)
    for ids in watcher.snapshots:
        for index, worker in enumerate(workers):
            seen = tuple(hero for hero in ids if hero in worker["heroes"])
            later = [k for k, state in enumerate(worker["states"]) if state == seen and k >= progress[index]]
            if not later:
                problems.append(f"worker {index} seen as {seen}, which no step from {progress[index]} on gives")
                break
            progress[index] = later[0]
    return problems


def run(ctx, heroes):
    result = Result("concurrent-recruit-fire")
    home = ctx.folder("concurrency")
    workers, shared_recruit, shared_fire = plan(ctx, heroes)
    seeded = run_squad(ctx, ["--offline", "recruit", str(shared_fire[0][0])], home=home)
    if seeded.returncode != 0:
        result.fail(f"could not seed the squad: {seeded.stderr.strip()}")
        return result
    env = clean_environment(home)
    crashes, failures = [], []
    start = threading.Barrier(WORKERS + 1)

    def work(worker):
        start.wait()
        for op in worker["ops"]:
            argv = [ctx.squad, "--home", home, "--offline", "-q"] + op
            done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
            if done.returncode < 0:
                crashes.append(f"{' '.join(op)}: {describe_exit(done.returncode)}")
            elif done.returncode != 0:
                failures.append(f"{' '.join(op)}: {describe_exit(done.returncode)} {done.stderr.strip()[:200]}")

    stop = threading.Event()
    file_watcher, squad_watcher = Watcher(), Watcher()
    readers = [
        threading.Thread(target=read_file, args=(os.path.join(home, "squad.json"), stop, file_watcher)),
        threading.Thread(target=read_with_squad, args=(ctx, home, stop, squad_watcher, crashes)),
    ]
    threads = [threading.Thread(target=work, args=(worker,)) for worker in workers]
    for thread in readers + threads:
        thread.start()
    start.wait()
    for thread in threads:
        thread.join()
    stop.set()
    for thread in readers:
        thread.join()

    lost = []
    try:
        final = [member["id"] for member in read_squad(os.path.join(home, "squad.json"))]
    except ValueError as error:
        final = []
        result.fail(f"the squad file is not valid at the end: {error}")
    for index, worker in enumerate(workers):
        expected = worker["states"][-1]
        got = tuple(hero for hero in final if hero in worker["heroes"])
        if got != expected:
            lost.append(f"worker {index}: expected {expected}, the file has {got}")
    (recruit_hero, recruited), (fire_hero, fired) = shared_recruit, shared_fire
    if (recruit_hero[0] in final) != recruited:
        lost.append(f"shared hero {recruit_hero[1]}: recruited={recruited}, in the file={recruit_hero[0] in final}")
    if (fire_hero[0] in final) == fired:
        lost.append(f"shared hero {fire_hero[1]}: fired={fired}, in the file={fire_hero[0] in final}")
    impossible = impossible_states(file_watcher, workers) + impossible_states(squad_watcher, workers)
    commands = sum(len(worker["ops"]) for worker in workers)
    corrupt = file_watcher.corrupt + squad_watcher.corrupt

    result.count(f"{WORKERS} processes at once, {commands} commands")
    result.count(f"{len(lost)} lost updates")
    result.count(f"{file_watcher.reads + squad_watcher.reads} reads while running "
                 f"({len(file_watcher.snapshots) + len(squad_watcher.snapshots)} states seen, "
                 f"{len(corrupt)} corrupt, {len(impossible)} impossible)")
    result.count(f"{len(crashes)} crashes")
    for problem in lost + impossible[:10] + corrupt[:10] + crashes[:10] + failures[:10]:
        result.fail(problem)
    return result


# --- Several squads: 50 writers across 5 squads, each squad's members and history complete.
# Two of them ("four" and "five") keep their squad.json as symbolic links to one shared file (one
# link through the other), so their writers meet only in the lock beside that file.

SQUAD_NAMES = ("one", "two", "three", "four", "five")
LINKED_SQUADS = {"four": "../../shared/team.json", "five": "../four/squad.json"}


def run_squads(ctx, heroes):
    result = Result("concurrent-squads")
    home = ctx.folder("concurrency-squads")
    workers, _, _ = plan(ctx, list(heroes))
    env = clean_environment(home)
    os.makedirs(os.path.join(home, "shared"), exist_ok=True)
    with open(os.path.join(home, "shared", "team.json"), "w") as file:
        file.write('{"schemaVersion": 1, "members": []}\n')
    for name, target in LINKED_SQUADS.items():
        os.makedirs(os.path.join(home, "squads", name), exist_ok=True)
        os.symlink(target, os.path.join(home, "squads", name, "squad.json"))
    # A named squad exists before it is used: the others are made as a user makes them.
    created = [name for name in SQUAD_NAMES if name not in LINKED_SQUADS]
    for name in created:
        made = subprocess.run([ctx.squad, "--home", home, "-q", "squads", "create", name], env=env,
                              capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        if made.returncode != 0:
            result.fail(f"squads create {name}: {describe_exit(made.returncode)} {made.stderr.strip()[:200]}")
    crashes, failures = [], []
    start = threading.Barrier(WORKERS + 1)
    # The changes each worker's commands make (a command that changes nothing records nothing).
    changes = []
    for worker in workers:
        count = sum(1 for before, after in zip(worker["states"], worker["states"][1:]) if before != after)
        changes.append(count)

    def work(index, worker):
        start.wait()
        name = SQUAD_NAMES[index % len(SQUAD_NAMES)]
        for op in worker["ops"]:
            # Owned heroes only: the shared ones of the one-squad test would make counts depend on timing.
            refs = [ref for ref in op[op.index("--") + 1:] if not ref.isdigit() or int(ref) in worker["heroes"]]
            refs = [ref for ref in refs if ref.isdigit() or any(ref.lower() == h[1].lower() for h in heroes
                                                                 if h[0] in worker["heroes"])]
            argv = [ctx.squad, "--home", home, "--offline", "-q", "--squad", name] + op[:op.index("--") + 1] + refs
            done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
            if done.returncode < 0:
                crashes.append(f"{' '.join(op)}: {describe_exit(done.returncode)}")
            elif done.returncode != 0:
                failures.append(f"{' '.join(op)}: {describe_exit(done.returncode)} {done.stderr.strip()[:200]}")

    threads = [threading.Thread(target=work, args=(index, worker)) for index, worker in enumerate(workers)]
    for thread in threads:
        thread.start()
    start.wait()
    for thread in threads:
        thread.join()

    lost, missing_history = [], []
    for squad_index, name in enumerate(SQUAD_NAMES):
        folder = os.path.join(home, "squads", name)
        try:
            final = [member["id"] for member in read_squad(os.path.join(folder, "squad.json"))]
        except ValueError as error:
            result.fail(f"{name}: the squad file is not valid at the end: {error}")
            continue
        mine = [index for index in range(len(workers)) if index % len(SQUAD_NAMES) == squad_index]
        for index in mine:
            expected = workers[index]["states"][-1]
            got = tuple(hero for hero in final if hero in workers[index]["heroes"])
            if got != expected:
                lost.append(f"{name}, worker {index}: expected {expected}, the file has {got}")
        with open(os.path.join(folder, "history.jsonl")) as file:
            recorded = sum(1 for line in file if line.strip())
        expected_entries = sum(changes[index] for index in mine) + (name in created)
        if recorded != expected_entries:
            missing_history.append(f"{name}: {expected_entries} changes made, {recorded} recorded")
    commands = sum(len(worker["ops"]) for worker in workers)
    for name in LINKED_SQUADS:
        if not os.path.islink(os.path.join(home, "squads", name, "squad.json")):
            result.fail(f"{name}: squad.json is no longer a symbolic link")
    result.count(f"{WORKERS} processes at once across {len(SQUAD_NAMES)} squads "
                 f"({len(LINKED_SQUADS)} sharing one file through links), {commands} commands")
    result.count(f"{len(lost)} lost changes, {len(missing_history)} squads whose history missed or doubled one")
    result.count(f"{len(crashes)} crashes")
    for problem in lost + missing_history + crashes[:10] + failures[:10]:
        result.fail(problem)
    return result
