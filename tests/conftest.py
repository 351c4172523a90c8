"""Test-wide settings: hypothesis's profile (no deadline: the machine is shared and noisy), and
the marks that say how the tests are run by ``scripts/test.sh``.

Under CI (``CI`` set, as ``.ci/run`` does) the examples are derandomized: the same ones on every
run, so that what lands does not depend on a draw; runs elsewhere keep exploring new ones.

The ``core`` mark is set on the tests that call the rules core themselves (``core_use.py``
reads their code to tell). The compiled pass of ``scripts/test.sh`` runs these (``-m core``) on
the core compiled by mypyc.

In the compiled pass (``-m core``), a test module that imports nothing from the core holds no
test it marks: it is not collected at all (nor is a check of a reference).

The modules that take longest come first (``LONGEST_FIRST``): under ``-n`` each worker takes
whole modules in the order collected (``--dist loadfile`` with ``--no-loadscope-reorder``,
pyproject.toml), so a long module never starts last and leaves the other worker idle while it
ends.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import warnings
from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem
from core_use import (
    checks_a_reference,
    function_calls_core,
    module_imports_core,
    text_imports_core,
)
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ddz",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=bool(os.environ.get("CI")),
)
settings.load_profile("ddz")


def pytest_configure(config: pytest.Config) -> None:
    """In the process that starts the workers, before they start: rlcard's tables unpacked.
    rlcard unzips them into its own package the first time it is imported, and two workers of
    a new environment importing it at once raced: one read a half-written action space (24,351
    of its 27,472 entries, in ``test_rlcard_universe``)."""
    if not hasattr(config, "workerinput") and importlib.util.find_spec("rlcard"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            importlib.import_module("rlcard.games.doudizhu.utils")


def calls_core(item: pytest.Item) -> bool:
    """Whether ``item`` calls the rules core (``core_use.py``)."""
    if isinstance(item, DoctestItem):
        return (module_imports_core if item.path.suffix == ".py" else text_imports_core)(item.path)
    if isinstance(item, pytest.Function) and item.cls is None:
        return function_calls_core(item.path, item.originalname, list(item.fixturenames))
    return module_imports_core(item.path) if item.path.suffix == ".py" else True


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under ``-m core``, skip the test modules that cannot hold a test marked ``core``."""
    if config.getoption("markexpr") != "core" or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    if checks_a_reference(collection_path) or not module_imports_core(collection_path):
        return True
    return None


LONGEST_FIRST = (
    "tests/test_live.py",
    "tests/test_contract.py",
    "tests/test_wild_perft.py",
    "tests/test_wild_reference.py",
    "tests/test_differential.py",
    "tests/test_hands.py",
    "tests/test_wild_properties.py",
    "tests/test_pages_browser.py",
    "tests/test_universe.py",
    "tests/test_six_perft.py",
    "tests/test_perft.py",
    "tests/test_bench_smoke.py",
    "tests/test_first_run.py",
    "tests/test_docs_browser.py",
    "tests/test_fast_path.py",
    "tests/test_online.py",
    "tests/test_cards.py",
)
"""The modules that take longest, longest first (measured with ``--durations``, CPU and wall, in
both passes): they run before the others. A module not named runs after them, in the order
collected; a list out of date costs time, never a test. ``tests/test_deploy.py`` is not named:
under ``scripts/test.sh`` its image test serves the environment built meanwhile
(``tests/image.py``), which it would wait for if it came first."""


def module_rank(item: pytest.Item) -> int:
    """Where ``item``'s module comes in the run: its place in ``LONGEST_FIRST``, else after."""
    module = item.nodeid.split("::", 1)[0]
    return LONGEST_FIRST.index(module) if module in LONGEST_FIRST else len(LONGEST_FIRST)


@pytest.hookimpl(tryfirst=True)  # before -m deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if calls_core(item):
            item.add_marker(pytest.mark.core)
    items.sort(key=module_rank)  # stable: each module's tests stay together, in their order
