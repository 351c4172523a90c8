"""The build of the rules core under test: the sources, or the modules mypyc compiled from them.

``scripts/test.sh`` runs the suite twice: on the sources, then through ``scripts/compiled.sh``
(which sets ``DDZ_CORE=compiled``) on the compiled core the Docker image ships. A path mistake
would test one build twice and the other never; a stale compiled module in the source tree
would shadow its edited source. These tests fail in either case, for the test process and for
a Python it starts (the command line's and the purity tests' children). gunicorn puts its own
directory first on the path: the live-server tests serve the sources in both runs, and
``test_deploy`` serves the image's compiled core.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from core_use import function_calls_core

from service.rules import cards, kickers, moves
from service.rules.fast import families, hand, tables, wings

ROOT = Path(__file__).resolve().parents[1]
COMPILED = os.environ.get("DDZ_CORE") == "compiled"


@pytest.mark.parametrize(
    "module", [cards, kickers, moves, families, hand, tables, wings], ids=lambda m: m.__name__
)
def test_the_core_under_test_is_the_build_asked_for(module: object) -> None:
    path = getattr(module, "__file__", "") or ""
    assert path.endswith(".py") is not COMPILED, path


def test_a_python_the_tests_start_imports_the_same_build() -> None:
    code = "import service.rules.fast.families as g; print(g.__file__)"
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == families.__file__


def test_the_hook_compiles_with_the_locked_mypy() -> None:
    """The mypyc hook's build requirements pin the lock file's mypy: the compiler that builds
    the image is the type checker the tests run."""
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    hook = build["targets"]["wheel"]["hooks"]["mypyc"]
    pins = dict(requirement.split("==") for requirement in hook["dependencies"])
    locked = re.search(r'^name = "mypy"\nversion = "([^"]+)"', (ROOT / "uv.lock").read_text(), re.M)
    assert locked and pins["mypy"] == locked.group(1), pins


def test_the_compiled_pass_runs_the_checks_of_the_build() -> None:
    """The compiled pass runs the tests marked ``core`` (tests/conftest.py marks those that
    tests/core_use.py finds to call the core): the two checks above are among them, the check
    of pyproject.toml is not."""
    here = Path(__file__)
    assert function_calls_core(here, "test_the_core_under_test_is_the_build_asked_for", [])
    assert function_calls_core(here, "test_a_python_the_tests_start_imports_the_same_build", [])
    assert not function_calls_core(here, "test_the_hook_compiles_with_the_locked_mypy", [])
