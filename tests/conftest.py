"""Test-wide settings: hypothesis's profile (no deadline: the machine is shared and noisy), and
the marks that say how the tests are run by ``scripts/test.sh``.

Under CI (``CI`` set, as ``.ci/run`` does) the examples are derandomized: the same ones on every
run, so that what lands does not depend on a draw; runs elsewhere keep exploring new ones.

The ``core`` mark is set on the tests that call the rules core themselves (``core_use.py``
reads their code to tell). The compiled pass of ``scripts/test.sh`` runs these (``-m core``) on
the core compiled by mypyc.

In the compiled pass (``-m core``), a test module that imports nothing from the core holds no
test it marks: it is not collected at all (nor is a check of a reference).
"""

from __future__ import annotations

import os
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


@pytest.hookimpl(tryfirst=True)  # before -m deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if calls_core(item):
            item.add_marker(pytest.mark.core)
