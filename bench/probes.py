"""Measurements in a fresh interpreter (import time, memory) and facts about the machine."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import statistics
import subprocess
import sys
from pathlib import Path
from time import perf_counter_ns
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: Run in a fresh interpreter: RSS before and after importing the core and exercising every
#: preset (classify a sample of plays, those its game's deck holds, and list the leads of the
#: hand the service warms each preset with, ``service.api.warm``; the card sets then kept in
#: its universe, which holds what was read: a wildcard game, with wild ranks drawn, has
#: none: 0), as JSON.
MEMORY_SCRIPT = r"""
import json, sys

def status():
    found = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0])
    return found

before = status()
import service.rules as rules
from service.rules.examples import WORST_HAND
after_import = status()
plays = sys.argv[1].split(",")
universes = {}
for name, preset in rules.PRESETS.items():
    if preset.wilds.ranks:
        preset = preset.derive(wild=["7", "J"][: preset.wilds.ranks])
    for play in plays:
        try:
            rules.classify(play, preset)
        except rules.CardError:  # not in this game's deck (Big Three has no jokers)
            pass
    rules.legal_moves(WORST_HAND, rules=preset).count()
    universes[name] = 0 if preset.wilds.ranks else len(rules.universe(preset))
after = status()
print(json.dumps({
    "before_kb": before["VmRSS"], "after_import_kb": after_import["VmRSS"],
    "after_kb": after["VmRSS"], "peak_kb": after["VmHWM"],
    "universes": universes,
}))
"""


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPROFILEIMPORTTIME",)}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )


def _wall_ms(code: str) -> float:
    t0 = perf_counter_ns()
    _run(["-c", code])
    return (perf_counter_ns() - t0) / 1e6


def import_time(repetitions: int) -> dict[str, Any]:
    """Import time of ``service.rules`` in fresh interpreters.

    ``importtime_ms`` is ``-X importtime``'s cumulative figure for ``service.rules`` (median of
    the runs); ``wall_ms`` is the median wall time of ``python -c "import service.rules"`` minus
    that of ``python -c pass``, runs alternating.
    """
    cumulative: list[float] = []
    bare: list[float] = []
    loaded: list[float] = []
    for _ in range(repetitions):
        out = _run(["-X", "importtime", "-c", "import service.rules"]).stderr
        match = re.search(r"^import time:\s*\d+\s*\|\s*(\d+)\s*\|\s*service\.rules\s*$", out, re.M)
        if match:
            cumulative.append(int(match.group(1)) / 1e3)
        bare.append(_wall_ms("pass"))
        loaded.append(_wall_ms("import service.rules"))
    return {
        "repetitions": repetitions,
        "importtime_ms": statistics.median(cumulative) if cumulative else None,
        "wall_ms": statistics.median(loaded) - statistics.median(bare),
        "bare_interpreter_ms": statistics.median(bare),
    }


def memory(plays: list[str]) -> dict[str, Any]:
    """RSS of a fresh interpreter after importing the core and exercising every preset, less
    the RSS before the import (MiB); the peak (VmHWM) likewise."""
    data = json.loads(_run(["-c", MEMORY_SCRIPT, ",".join(plays)]).stdout)
    return {
        **data,
        "import_mib": (data["after_import_kb"] - data["before_kb"]) / 1024,
        "delta_mib": (data["after_kb"] - data["before_kb"]) / 1024,
        "peak_delta_mib": (data["peak_kb"] - data["before_kb"]) / 1024,
        "plays_classified": len(plays),
    }


def code_state() -> dict[str, Any]:
    """Which code was measured: the commit, whether ``service/`` differs from it, and a digest
    of the ``service/rules`` sources (figures of different digests are not comparable)."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "service" / "rules").glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    found: dict[str, Any] = {"rules_sha256": digest.hexdigest()[:16], "core": core_build()}
    try:
        git = ["git", "-C", str(ROOT)]
        head = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], check=False, capture_output=True, text=True
        )
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "--", "service"],
            check=False,
            capture_output=True,
            text=True,
        )
        found["commit"] = head.stdout.strip() or None
        found["service_modified"] = bool(dirty.stdout.strip()) if dirty.returncode == 0 else None
    except OSError:
        found["commit"] = found["service_modified"] = None
    return found


def core_build() -> str:
    """How the measured rules core was built: ``mypyc`` when its hot modules are compiled
    extension modules (``scripts/compiled.sh``, the Docker image), else ``pure Python``."""
    from service.rules.fast import families

    return "pure Python" if families.__file__.endswith(".py") else "mypyc"


def machine() -> dict[str, Any]:
    """nproc, CPU model, Python version, platform, and the engines' versions."""
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    versions: dict[str, str] = {}
    from importlib.metadata import PackageNotFoundError, version

    for package in ("rlcard", "douzero", "open_spiel", "ddz-referee"):
        try:
            versions[package] = version(package)
        except PackageNotFoundError:
            versions[package] = "missing"
    return {
        "nproc": os.cpu_count(),
        "affinity": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "cpu": model,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "versions": versions,
    }
