"""A newcomer's first run: the README's command, ``bash scripts/run.sh``, on a fresh copy of
the repository and a Python without uv, starts the service and prints no line that says
"error" on the way (pip's refusals, a retry, a warning dressed as one).

The copy holds the repository's tracked files only (as a clone does); the Python is a new
virtual environment of the one running the tests, with pip and without uv; ``PATH`` keeps no
directory that holds a ``uv``. So the script fetches uv with pip, sets up the environment from
the lock file (from uv's cache when it is warm) and starts gunicorn; the test stops it with
Ctrl-C (SIGINT), as the README says.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import venv
from pathlib import Path

from live import ROOT, _answers, free_port

SETUP = 600.0
"""Seconds for the first run to answer: fetching uv, and the environment when uv's cache is
cold."""


def _tracked(destination: Path) -> None:
    """The repository's tracked files, copied as they are in the working tree."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def _path_without_uv(python: Path) -> str:
    """``PATH`` with the new Python first, and without any directory holding ``uv``."""
    kept = [str(python.parent)]
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if folder and not (Path(folder) / "uv").exists():
            kept.append(folder)
    return os.pathsep.join(kept)


def test_the_readme_run_command_prints_no_error_on_a_first_run(tmp_path: Path) -> None:
    clone = tmp_path / "ddz-referee"
    _tracked(clone)
    python_home = tmp_path / "python"
    venv.create(python_home, with_pip=True)
    python = python_home / "bin" / "python3"
    has_uv = subprocess.run([python, "-m", "uv", "--version"], capture_output=True, check=False)
    assert has_uv.returncode != 0
    bind = f"127.0.0.1:{free_port()}"
    env = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "UV", "PYTHONPATH"}}
    env |= {"PATH": _path_without_uv(python), "DDZ_BIND": bind, "DDZ_WORKERS": "1"}
    log = tmp_path / "run.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            ["bash", "scripts/run.sh"],
            cwd=clone,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=sink,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + SETUP
        while not _answers(f"http://{bind}/healthz"):
            assert process.poll() is None, log.read_text(errors="replace")[-4000:]
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-4000:]
            time.sleep(0.5)
        time.sleep(1)  # the answer sent in full: Ctrl-C comes between requests, as a person's
    finally:
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C, as a person stops it
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    printed = log.read_text(errors="replace")
    assert "fetching uv from PyPI" in printed  # the Python had no uv: this was a first run
    alarming = [line for line in printed.splitlines() if "error" in line.lower()]
    assert alarming == [], "\n".join(alarming)
