"""The loopback Marvel API simulator (Fixtures/simulator/marvel_sim.py), started for a test and
stopped by it."""

import json
import os
import socket
import subprocess
import urllib.request

PUBLIC_KEY = "stress-public-key"
PRIVATE_KEY = "stress-private-key"


class Simulator:
    """One simulator process; `base` is the API base URL to give squad."""

    def __init__(self, root, faults=(), characters=None, private_key=PRIVATE_KEY):
        script = os.path.join(root, "Fixtures", "simulator", "marvel_sim.py")
        argv = ["python3", script, "--public-key", PUBLIC_KEY, "--private-key", private_key, "--port", "0",
                "--parent-pid", str(os.getpid()), "--max-seconds", "900"]
        if characters:
            argv += ["--characters", str(characters)]
        for fault in faults:
            argv += ["--fault", json.dumps(fault)]
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline().strip()
        if not line.startswith("READY "):
            self.stop()
            raise RuntimeError(f"the simulator did not start: {line!r}")
        self.base = line[len("READY "):]
        self.control = self.base.replace("/v1/public", "/_sim")

    def add_faults(self, faults):
        self._post("/faults", {"faults": list(faults)})

    def reset(self):
        self._post("/reset", {})

    def log(self):
        with urllib.request.urlopen(self.control + "/log", timeout=10) as response:
            return json.load(response)

    def _post(self, path, body):
        request = urllib.request.Request(self.control + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10):
            pass

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def closed_port_url():
    """A loopback base URL nothing listens on: a port the kernel gave us, then closed."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1/public"


def keys_environment(home, base):
    return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home, "MARVEL_PUBLIC_KEY": PUBLIC_KEY,
            "MARVEL_PRIVATE_KEY": PRIVATE_KEY, "MARVEL_API_BASE": base}
