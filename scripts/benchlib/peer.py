"""esak 2.0.0 in a throwaway virtualenv under .bench/ (gitignored), installed from PyPI once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

VERSION = "2.0.0"


def install(bench_dir: Path) -> tuple[Path | None, str]:
    """The virtualenv's python with esak importable, or None and why not."""
    venv = bench_dir / "esak-venv"
    python = venv / "bin/python"
    if _has_esak(python):
        return python, f"esak {VERSION} (already in {venv})"
    try:
        if not python.exists():
            _run([sys.executable, "-m", "venv", str(venv)])
        wheels = bench_dir / "wheels"
        # Download, then install from the folder, so a re-created venv needs no network.
        if not list(wheels.glob(f"esak-{VERSION}-*.whl")):
            _run([str(python), "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                  "--dest", str(wheels), f"esak=={VERSION}"])
        _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
              "--no-index", "--find-links", str(wheels), f"esak=={VERSION}"])
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        last = (detail.strip().splitlines() or ["no reason given"])[-1]
        return None, f"esak {VERSION} could not be installed ({last})"
    if not _has_esak(python):
        return None, f"esak {VERSION} installed but does not import"
    return python, f"esak {VERSION} (installed into {venv})"


def _has_esak(python: Path) -> bool:
    if not python.exists():
        return False
    probe = subprocess.run([str(python), "-c", f"import esak; assert esak.__version__ == '{VERSION}'"],
                           capture_output=True)
    return probe.returncode == 0


def _run(argv: list[str]) -> None:
    subprocess.run(argv, check=True, capture_output=True, text=True, timeout=600)
