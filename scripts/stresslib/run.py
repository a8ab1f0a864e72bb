"""The reliability suite's entry point (run through scripts/stress): runs each test, prints one
summary line per test with its counts, and exits non-zero when any test fails."""

import argparse
import os
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import catalogue  # noqa: E402
import concurrency  # noqa: E402
import crossfeature  # noqa: E402
import disks  # noqa: E402
import edges  # noqa: E402
import faults  # noqa: E402
import fuzzing  # noqa: E402
import iofaults  # noqa: E402
import kills  # noqa: E402
from common import Context, Result, bundled_heroes  # noqa: E402

# Each test, and the group that runs it (a group's tests share one set-up).
GROUPS = {
    "concurrent-recruit-fire": "concurrency", "kill-during-save": "kills", "fault-matrix": "faults",
    "fuzz-argv": "fuzz", "fuzz-bodies": "fuzz", "read-only-home": "disks", "full-disk": "disks",
    "odd-files": "edges", "bounded-input": "edges",
    "kill-during-upgrade": "catalogue", "fuzz-catalogue-import": "catalogue", "fuzz-catalogue-files": "catalogue",
    "fuzz-catalogue-damage": "catalogue",
    "kill-during-squad-changes": "kill-squads", "concurrent-squads": "concurrency-squads", "io-faults": "iofaults",
    **{name: "crossfeature" for name in crossfeature.TESTS},
}
TESTS = list(GROUPS)


def main():
    parser = argparse.ArgumentParser(description="squad's reliability suite")
    parser.add_argument("--bin-dir", required=True, help="folder holding the built squad and squad-fuzz")
    parser.add_argument("--fuzz-bin-dir", help="folder holding an optimised squad-fuzz (default: --bin-dir)")
    parser.add_argument("--only", default=os.environ.get("STRESS_ONLY", ""), help="comma-separated test names")
    parser.add_argument("--scale", type=int, default=int(os.environ.get("STRESS_SCALE", "1")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("STRESS_SEED", "0")) or None)
    parser.add_argument("--no-unshare", action="store_true", help="(inside the disk tests' own namespace)")
    parser.add_argument("--keep", action="store_true", default=os.environ.get("STRESS_KEEP") == "1")
    options = parser.parse_args()
    selected = [name for name in options.only.split(",") if name] or TESTS
    unknown = [name for name in selected if name not in TESTS]
    if unknown:
        parser.error(f"unknown test {', '.join(unknown)}; the tests are {', '.join(TESTS)}")
    seed = options.seed or int.from_bytes(os.urandom(4), "big")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ctx = Context(root=root, bin_dir=os.path.abspath(options.bin_dir), scale=max(1, options.scale), seed=seed,
                  fuzz_dir=os.path.abspath(options.fuzz_bin_dir or options.bin_dir),
                  scratch=tempfile.mkdtemp(prefix="squad-stress-"), keep=options.keep)
    os.chmod(ctx.scratch, 0o755)  # the read-only test may run squad as 'nobody', who must reach it
    print(f"reliability suite: seed {seed} (STRESS_SEED={seed} repeats it), scale {ctx.scale}, scratch {ctx.scratch}",
          flush=True)
    results = []
    try:
        heroes = bundled_heroes(ctx)
        groups = {
            "concurrency": lambda names: [concurrency.run(ctx, list(heroes))],
            "kills": lambda names: [kills.run(ctx)],
            "kill-squads": lambda names: [kills.run_squads(ctx)],
            "concurrency-squads": lambda names: [concurrency.run_squads(ctx, list(heroes))],
            "faults": lambda names: [faults.run(ctx)],
            "iofaults": lambda names: [iofaults.run(ctx)],
            "fuzz": lambda names: fuzzing.run(ctx, names),
            "disks": lambda names: disks.run(ctx, names, allow_unshare=not options.no_unshare),
            "edges": lambda names: edges.run_tests(ctx, names),
            "catalogue": lambda names: catalogue.run_tests(ctx, names),
            "crossfeature": lambda names: crossfeature.run_tests(ctx, names),
        }
        done = {}
        for name in selected:
            group = GROUPS[name]
            if group not in done:
                started = time.monotonic()
                names = [other for other in selected if GROUPS[other] == group]
                try:
                    done[group] = {result.name: result for result in groups[group](names)}
                except Exception:  # a broken test must fail loudly, not stop the others
                    done[group] = {}
                    for other in names:
                        done[group][other] = Result(other)
                        done[group][other].fail("the test itself failed:\n" + traceback.format_exc())
                for result in done[group].values():
                    result.seconds = result.seconds or (time.monotonic() - started) / len(done[group])
            result = done[group][name]
            for problem in result.problems:
                print(f"  {name}: {problem}", flush=True)
            print(f"{result.line()}  ({result.seconds:.0f} s)", flush=True)
            results.append(result)
    finally:
        ctx.cleanup()
    failed = [result.name for result in results if not result.passed]
    skipped = [result.name for result in results if result.skipped]
    print(f"reliability suite: {len(results) - len(failed) - len(skipped)} of {len(results)} passed"
          + (f", {len(skipped)} skipped ({', '.join(skipped)})" if skipped else "")
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
