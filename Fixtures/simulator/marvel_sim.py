#!/usr/bin/env python3
"""A loopback simulator of the (retired) Marvel Comics API v1, for squad's tests.

This is the command-line entry point; the simulator itself is the
``marvelsim`` package next to this file (see its ``__init__`` for a map of
the modules, and README.md for the command line, the READY line, the control
API and the behaviour). Run it from any working directory:

    python3 Fixtures/simulator/marvel_sim.py --public-key PUB --private-key PRIV [...]

Python 3.11 standard library only.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from marvelsim.cli import run  # noqa: E402

if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
