"""The tests' independent references stay independent of the code they judge.

The references (``tests/*reference.py``), the golden generators (``tests/golden/make_*.py``)
and their shared helpers (``tests/common.py``) are written from the docs alone:

- ``test_no_reference_imports_the_service``: none of them imports ``service`` (nor anything
  but the standard library and each other), in its code or in its doctests, read with ``ast``;
- ``test_preset_table_is_the_services``: the tests' own table of the presets' options
  (``common.PRESET_OPTIONS``, transcribed from docs/rulesets.md) and the service's presets
  (``RuleSet.options()``), two tables written independently, agree option by option;
- ``test_golden_rule_sets_are_the_services``: so do the rule sets the golden files name (a
  preset with overrides), as the generators build them and as the tests ask the service;
- ``test_card_text_is_the_services``: the references' card text and the service's.
"""

from __future__ import annotations

import ast
import doctest
import json
import sys
from pathlib import Path

import common
import pytest
from common import PRESET_OPTIONS, counts_from_text, preset_options, text_from_counts

from service.rules import PRESETS, get_ruleset, read_play
from service.rules.cards import RANK_CHARS, format_counts

TESTS = Path(__file__).parent
#: The modules that must not import the service: the references, the golden generators and
#: what they share (``recorded.py``: their answers kept between the passes of scripts/test.sh).
INDEPENDENT = sorted(
    [
        TESTS / "common.py",
        TESTS / "recorded.py",
        *(path for path in TESTS.glob("*reference.py") if not path.name.startswith("test_")),
        *(TESTS / "golden").glob("make_*.py"),
    ]
)
#: Modules of the tests they may import (each other).
LOCAL = {path.stem for path in INDEPENDENT}


def _doctest_sources(tree: ast.Module) -> list[str]:
    """The source of every doctest example in the module's docstrings."""
    parser = doctest.DocTestParser()
    sources = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                sources += [example.source for example in parser.get_examples(text)]
    return sources


def _imported(tree: ast.Module) -> list[str]:
    """Every module an ``import`` names, and every ``import_module``/``__import__`` call."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Call):
            function = node.func
            called = getattr(function, "attr", getattr(function, "id", ""))
            if called in ("import_module", "__import__"):
                names.append(f"<dynamic import: {ast.unparse(node)}>")
    return names


def test_the_independent_modules_are_found() -> None:
    names = {path.name for path in INDEPENDENT}
    assert {
        "common.py",
        "reference.py",
        "wild_reference.py",
        "variant_reference.py",
        "six_reference.py",
        "online_reference.py",
        "make_perft.py",
        "make_wild_perft.py",
        "make_variant_perft.py",
        "make_six_perft.py",
    } <= names


@pytest.mark.parametrize("path", INDEPENDENT, ids=lambda path: path.name)
def test_no_reference_imports_the_service(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = _imported(tree)
    for source in _doctest_sources(tree):
        imported += _imported(ast.parse(source))
    service = [name for name in imported if name == "service" or name.startswith("service.")]
    assert not service, f"{path.name} imports {service}"
    others = [
        name
        for name in imported
        if name.split(".")[0] not in sys.stdlib_module_names and name not in LOCAL
    ]
    assert not others, f"{path.name} imports {others}: only the standard library and {LOCAL}"


def test_preset_table_is_the_services() -> None:
    """Two tables of the presets written independently (the service's, the tests' from
    docs/rulesets.md): the same presets, the same options, the same values."""
    assert set(PRESET_OPTIONS) == set(PRESETS)
    for name, rules in PRESETS.items():
        ours = PRESET_OPTIONS[name]
        theirs = rules.options()
        assert set(ours) == set(theirs), name
        differ = {o: (ours[o], theirs[o]) for o in ours if ours[o] != theirs[o]}
        assert not differ, f"{name}: (tests' table, service) {differ}"


def _golden_rule_sets() -> list[tuple[str, dict]]:
    """Every (preset, overrides) a golden file names (the wildcard file names presets only)."""
    found = []
    for path in sorted((TESTS / "golden").glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8"))["entries"]:
            rule_set = (entry["rules"], entry.get("overrides", {}))
            if rule_set not in found:
                found.append(rule_set)
    return found


@pytest.mark.parametrize("rule_set", _golden_rule_sets(), ids=lambda r: common.rules_id(*r))
def test_golden_rule_sets_are_the_services(rule_set: tuple[str, dict]) -> None:
    name, overrides = rule_set
    assert preset_options(name, **overrides) == get_ruleset(name, **overrides).options()


def test_card_text_is_the_services() -> None:
    """The references' card text (``common``) reads and writes cards as the service does."""
    assert common.RANK_CHARS == RANK_CHARS
    standard = PRESETS["standard"]
    for text in ("33344", "3 3 3 10 10", "10,J,Q,K,A", "tjqka", "R2B3A33", "2b r", "KBJ"):
        counts = counts_from_text(text)
        assert counts == tuple(read_play(text, standard)), text
        assert text_from_counts(counts) == format_counts(counts), text
    with pytest.raises(ValueError):
        counts_from_text("3X")
