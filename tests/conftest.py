"""Test-wide settings: hypothesis's profile (no deadline: the machine is shared and noisy), and
the marks that say how the tests are run by ``scripts/test.sh``.

Under CI (``CI`` set, as ``.ci/run`` does) the examples are derandomized: the same ones on every
run, so that what lands does not depend on a draw; runs elsewhere keep exploring new ones.

Two marks are set on the collected tests, from what the tests are:

- ``core``: the test calls the rules core itself (``core_use.py`` reads its code to tell). The
  compiled pass of ``scripts/test.sh`` runs these (``-m core``) on the core compiled by mypyc.
- ``xdist_group``: the tests that share a fixture of a module's (or a class's) scope, such as
  one gunicorn, one Redis or one browser for the whole module, run in one worker process, in
  their order (``--dist loadgroup``, pyproject.toml), so that the fixture is set up once and a
  test that checks what the ones before it did (``test_hostile_live.py``'s last) sees them all.
  A module whose tests share a record of their own says so with its own ``xdist_group``
  (``test_contract.py``).

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

SHARED_SCOPES = frozenset({"module", "class", "package"})


def calls_core(item: pytest.Item) -> bool:
    """Whether ``item`` calls the rules core (``core_use.py``)."""
    if isinstance(item, DoctestItem):
        return (module_imports_core if item.path.suffix == ".py" else text_imports_core)(item.path)
    if isinstance(item, pytest.Function) and item.cls is None:
        return function_calls_core(item.path, item.originalname, list(item.fixturenames))
    return module_imports_core(item.path) if item.path.suffix == ".py" else True


def shares_a_fixture(item: pytest.Item) -> bool:
    """Whether ``item`` uses a fixture set up once for its module, package or class."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        definitions[-1].scope in SHARED_SCOPES
        for definitions in info.name2fixturedefs.values()
        if definitions
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under ``-m core``, skip the test modules that cannot hold a test marked ``core``."""
    if config.getoption("markexpr") != "core" or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    if checks_a_reference(collection_path) or not module_imports_core(collection_path):
        return True
    return None


@pytest.hookimpl(tryfirst=True)  # before -m deselects, and before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if calls_core(item):
            item.add_marker(pytest.mark.core)
        if shares_a_fixture(item) and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
