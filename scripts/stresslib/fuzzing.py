"""Fuzzing: mutated argument vectors and mutated API bodies through the real code.

Ten thousand processes would take minutes here, so the bulk runs in process: `squad-fuzz`
(Sources/squad-fuzz) calls SquadCLI.run with each input, in a sandbox folder that is its working
directory and HOME. `argv` feeds mutated argument vectors with no network; `bodies` feeds
mutated API answers to networked commands through the live client's decoder. A crash or hang
ends the fuzzer, so it runs as a child: the last `iteration N` line it printed names the input,
the campaign resumes after it, and the line to replay it is printed. A few hundred of the
argument vectors also run through the real binary as processes. Only the exit codes PRODUCT.md
documents may come back."""

import json
import os
import re
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

from common import DOCUMENTED_EXIT_CODES, Result, clean_environment, describe_exit

ARGV_COUNT = 10_000
BODY_COUNT = 10_000
PROCESS_SAMPLE = 300


class Campaign:
    """One fuzzer mode run to its count, restarted after each crash or hang."""

    def __init__(self, ctx, mode, count, sandbox, seed):
        self.ctx, self.mode, self.count, self.sandbox, self.seed = ctx, mode, count, sandbox, seed
        self.codes, self.findings, self.anomalies = {}, [], []
        self.reset_every = 1
        self.runs = 0

    def command(self, start, count):
        argv = [self.ctx.fuzzer, self.mode, "--seed", str(self.seed), "--start", str(start), "--count", str(count),
                "--sandbox", self.sandbox]
        if self.mode == "bodies":
            argv += ["--corpus", os.path.join(self.ctx.root, "Fixtures", "marvel")]
        return argv

    def run(self):
        start = 0
        while start < self.count:
            self.runs += 1
            process = subprocess.run(self.command(start, self.count - start), cwd=self.sandbox,
                                     env=clean_environment(self.sandbox), stdin=subprocess.DEVNULL,
                                     capture_output=True, text=True, errors="replace", timeout=1800)
            last, summary = start, None
            for line in process.stdout.splitlines():
                kind, _, payload = line.partition(" ")
                if kind == "iteration":
                    last = int(payload)
                elif kind == "plan":
                    self.reset_every = json.loads(payload)["resetEvery"]
                elif kind == "anomaly":
                    self.anomalies.append(json.loads(payload))
                elif kind == "summary":
                    summary = json.loads(payload)
            if process.returncode == 0 and summary:
                for code, times in summary["codes"].items():
                    self.codes[int(code)] = self.codes.get(int(code), 0) + times
                return
            self.findings.append(self.describe(last, process))
            start = last + 1

    def describe(self, iteration, process):
        what = "hang" if process.returncode == 124 else describe_exit(process.returncode)
        cause = next((line.strip() for line in process.stderr.splitlines()
                      if re.search(r"runtime failure|Fatal error|Program crashed", line)), "")
        block = iteration - iteration % self.reset_every
        replay = " ".join(self.command(block, iteration - block + 1)[1:]).replace(self.sandbox, "<empty folder>")
        return f"{self.mode} iteration {iteration}: {what} {cause} (replay: squad-fuzz {replay} --verbose)"


def sample_processes(ctx, seed, sandbox):
    """Runs argument vectors from the fuzzer's generator through the real binary."""
    listing = subprocess.run([ctx.fuzzer, "print-argv", "--seed", str(seed), "--count", str(PROCESS_SAMPLE * ctx.scale)],
                             capture_output=True, text=True, check=True)
    vectors = [json.loads(line) for line in listing.stdout.splitlines()]
    outcomes = []
    for block in range(0, len(vectors), 50):
        subprocess.run([ctx.fuzzer, "prepare-sandbox", "--start", str(block // 50), "--sandbox", sandbox], check=True)
        with ThreadPoolExecutor(max_workers=4) as pool:
            outcomes += pool.map(lambda argv: run_vector(ctx, argv, sandbox), vectors[block:block + 50])
    return outcomes


def run_vector(ctx, argv, sandbox):
    env = clean_environment(os.path.join(sandbox, "user"))
    try:
        done = subprocess.run([ctx.squad] + argv, cwd=sandbox, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=60)
        return argv, done.returncode
    except subprocess.TimeoutExpired:
        return argv, "hang"


def run(ctx, names):
    """The `fuzz-argv` and `fuzz-bodies` results, as asked for by name."""
    root = ctx.folder("fuzz", memory=True)
    sandboxes = {name: os.path.join(root, name) for name in ("argv", "bodies", "processes")}
    for path in sandboxes.values():
        os.makedirs(path)
    rng = ctx.random("fuzz")
    seeds = [rng.getrandbits(32) for _ in range(3)]
    results = []
    if "fuzz-argv" in names:
        result, started = Result("fuzz-argv"), time.monotonic()
        campaign = Campaign(ctx, "argv", ARGV_COUNT * ctx.scale, sandboxes["argv"], seeds[0])
        campaign.run()
        report(result, campaign, "argument vectors")
        sample = sample_processes(ctx, seeds[2], sandboxes["processes"])
        crashes = [f"{argv}: {'hang' if code == 'hang' else describe_exit(code)}" for argv, code in sample
                   if code == "hang" or code < 0]
        undocumented = [f"{argv}: exit {code}" for argv, code in sample
                        if code != "hang" and code >= 0 and code not in DOCUMENTED_EXIT_CODES]
        result.count(f"{len(sample)} as processes (seed {seeds[2]}): {len(crashes)} crashes or hangs, "
                     f"{len(undocumented)} undocumented codes")
        for problem in (crashes + undocumented)[:20]:
            result.fail(problem)
        result.seconds = time.monotonic() - started
        results.append(result)
    if "fuzz-bodies" in names:
        result, started = Result("fuzz-bodies"), time.monotonic()
        campaign = Campaign(ctx, "bodies", BODY_COUNT * ctx.scale, sandboxes["bodies"], seeds[1])
        campaign.run()
        report(result, campaign, "API bodies through the live client")
        result.seconds = time.monotonic() - started
        results.append(result)
    strays = sorted(set(os.listdir(root)) - set(sandboxes))
    if strays:
        results[0].fail(f"fuzzed commands wrote outside their sandbox: {strays}")
    return results


def report(result, campaign, label):
    undocumented = {code: n for code, n in campaign.codes.items() if code not in DOCUMENTED_EXIT_CODES}
    codes = ", ".join(f"{code}×{n}" for code, n in sorted(campaign.codes.items()))
    result.count(f"{campaign.count} {label} in process (seed {campaign.seed}; exits {codes})")
    result.count(f"{len(campaign.findings)} crashes or hangs, {len(undocumented)} undocumented codes, "
                 f"{len(campaign.anomalies)} other anomalies")
    for finding in campaign.findings:
        result.fail(finding)
    for code, n in undocumented.items():
        result.fail(f"exit {code} came back {n} times")
    for anomaly in campaign.anomalies[:10]:
        result.fail(f"{campaign.mode} iteration {anomaly['iteration']}: {anomaly['problem']} ({anomaly['argv']})")
