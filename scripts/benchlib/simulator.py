"""The loopback Marvel simulator as the benchmark uses it: started per section, its request log
read after every run so each run knows exactly which requests it sent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

PUBLIC_KEY = "bench-public-key"
PRIVATE_KEY = "bench-private-key"


class Simulator:
    """One running simulator; use as a context manager."""

    def __init__(self, root: Path, characters: int, latency_ms: int = 0):
        self.characters = characters
        self.latency_ms = latency_ms
        self._argv = [
            sys.executable, str(root / "Fixtures/simulator/marvel_sim.py"),
            "--public-key", PUBLIC_KEY, "--private-key", PRIVATE_KEY,
            "--characters", str(characters), "--latency-ms", str(latency_ms),
            "--parent-pid", str(os.getpid()), "--max-seconds", "7200",
            # Every page stays built after the warm-up run, even for 100,000 characters (~600 MB).
            "--page-cache-mb", "2048",
        ]
        self._process: subprocess.Popen | None = None
        self.base = ""
        self._seq = 0

    def __enter__(self) -> "Simulator":
        self._process = subprocess.Popen(self._argv, stdout=subprocess.PIPE, text=True)
        line = self._process.stdout.readline().strip()
        if not line.startswith("READY "):
            self._process.kill()
            raise RuntimeError(f"the simulator did not start (said {line!r})")
        self.base = line.split(" ", 1)[1]
        self.take_requests()
        return self

    def __exit__(self, *exc) -> None:
        if self._process and self._process.poll() is None:
            self._process.terminate()
            self._process.wait(timeout=10)

    @property
    def origin(self) -> str:
        return self.base.split("/v1/", 1)[0]

    def take_requests(self) -> list[dict]:
        """The API requests logged since the last call."""
        url = f"{self.origin}/_sim/log?since={self._seq}"
        with urllib.request.urlopen(url, timeout=30) as response:
            entries = json.loads(response.read())
        if entries:
            self._seq = max(e["seq"] for e in entries)
        return entries

    def cpu_seconds(self) -> float:
        """CPU time the simulator has used so far (user + system), from /proc; 0 where absent."""
        try:
            fields = Path(f"/proc/{self._process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def environment(self) -> dict[str, str]:
        """The variables that point a client at this simulator."""
        return {"MARVEL_PUBLIC_KEY": PUBLIC_KEY, "MARVEL_PRIVATE_KEY": PRIVATE_KEY,
                "MARVEL_API_BASE": self.base}


def round_trips(entries: list[dict]) -> int:
    """The longest chain of requests each sent after the previous one was answered.

    Requests in flight together share a round trip; a request sent only once an earlier answer
    had arrived starts the next one. This is the critical path in round trips, exact for any
    concurrency scheme (batches or a sliding window)."""
    ordered = sorted(entries, key=lambda e: e["receivedAt"])
    depth: list[int] = []
    for i, entry in enumerate(ordered):
        before = [depth[j] for j in range(i) if ordered[j]["answeredAt"] <= entry["receivedAt"]]
        depth.append(1 + max(before, default=0))
    return max(depth, default=0)


def peak_in_flight(entries: list[dict]) -> int:
    """The most requests the simulator was serving at one moment."""
    events = sorted([(e["receivedAt"], 1) for e in entries] + [(e["answeredAt"], -1) for e in entries],
                    key=lambda t: (t[0], t[1]))
    peak = current = 0
    for _, step in events:
        current += step
        peak = max(peak, current)
    return peak
