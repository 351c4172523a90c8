"""The build of the rules core under test: the sources, or the modules mypyc compiled from them.

``scripts/test.sh`` runs the suite twice: on the sources, then through ``scripts/compiled.sh``
(which sets ``DDZ_CORE=compiled``) on the compiled core the Docker image ships. A path mistake
would test one build twice and the other never; a stale compiled module in the source tree
would shadow its edited source. This test fails in either case.
"""

from __future__ import annotations

import os

import pytest

from service.rules import cards, generate, moves

COMPILED = os.environ.get("DDZ_CORE") == "compiled"


@pytest.mark.parametrize("module", [cards, generate, moves], ids=lambda m: m.__name__)
def test_the_core_under_test_is_the_build_asked_for(module: object) -> None:
    path = getattr(module, "__file__", "") or ""
    assert path.endswith(".py") is not COMPILED, path
