"""Which tests call the rules core: the tests the compiled pass of ``scripts/test.sh`` runs.

``scripts/test.sh`` runs the suite on the sources, then again with the core's hot modules
compiled by mypyc (``scripts/compiled.sh``). The second pass runs only the tests marked
``core`` (``-m core``), which ``tests/conftest.py`` marks by reading their code with this
module, so that a new test is in or out by what it does, without a list to keep.

A test calls the core when its function (its decorators included: a parametrization by the
core's own objects), a fixture it asks for, or a function, class or module-level value of its
own module that these name (followed through), names something imported from the rules core
(``service.rules`` or a module in it: everything the core does can reach the compiled
modules), or imports from it. What other modules do is not followed: the HTTP layer, the
command line, a live server or a browser reach the core only as the service does, and the
references (``tests/*reference.py``) use the core's notation only. A module that checks a
reference (``test_<name>_reference.py``: the reference against its hand-worked cases and its
golden file) is out whatever it names. A doctest file (``docs/*.md``) is in when its examples
import from the core; a module's doctests when the module imports from it.

>>> tree = ast.parse('''
... from service.rules import legal_moves
... from helpers import check
... HAND = "3456789"
... def count(hand):
...     return legal_moves(hand).count()
... def test_count():
...     assert count(HAND) == 1
... def test_helper():
...     check(HAND)
... ''')
>>> uses = Uses(tree)
>>> uses.calls_core(uses.defined["test_count"]), uses.calls_core(uses.defined["test_helper"])
(True, False)
"""

from __future__ import annotations

import ast
import doctest
from functools import cache
from pathlib import Path

CORE = "service.rules"
"""The rules core: the package whose modules mypyc compiles (pyproject.toml) and those they
serve."""
CORE_DIR = Path(__file__).resolve().parents[1] / "service" / "rules"


def is_core(module: str) -> bool:
    """Whether a module name is the core or a module in it.

    >>> is_core("service.rules"), is_core("service.rules.fast.hand"), is_core("service.api")
    (True, True, False)
    """
    return module == CORE or module.startswith(CORE + ".")


def imports_core(node: ast.AST) -> bool:
    """Whether ``node`` holds an import from the core (``import``, ``from ... import``)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Import) and any(is_core(a.name) for a in inner.names):
            return True
        if isinstance(inner, ast.ImportFrom) and inner.level == 0 and is_core(inner.module or ""):
            return True
    return False


def names(node: ast.AST) -> set[str]:
    """Every name ``node`` reads, but in annotations (types, not calls).

    >>> sorted(names(ast.parse("def f(x: RuleSet = STANDARD) -> Kind: return g(x)")))
    ['STANDARD', 'g', 'x']
    """
    found: set[str] = set()
    pending = [node]
    while pending:
        inner = pending.pop()
        if isinstance(inner, ast.Name):
            found.add(inner.id)
        skipped: list[ast.AST | None] = []
        if isinstance(inner, ast.arg | ast.AnnAssign):
            skipped.append(inner.annotation)
        elif isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
            skipped.append(inner.returns)
        pending += [child for child in ast.iter_child_nodes(inner) if child not in skipped]
    return found


class Uses:
    """A module's top-level names: those bound to the core, and what each definition names."""

    def __init__(self, tree: ast.Module) -> None:
        self.core: set[str] = set()
        self.defined: dict[str, ast.AST] = {}
        for node in tree.body:
            if isinstance(node, ast.Import):
                self.core |= {
                    (a.asname or a.name).split(".")[0] for a in node.names if is_core(a.name)
                }
            elif (
                isinstance(node, ast.ImportFrom) and node.level == 0 and is_core(node.module or "")
            ):
                self.core |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.defined[node.name] = node
            elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for name in names(target):
                        # a name bound twice: both values count
                        self.defined[name] = (
                            ast.Module(body=[self.defined[name], node], type_ignores=[])
                            if name in self.defined
                            else node
                        )
        self._memo: dict[str, bool] = {}

    def calls_core(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``node`` names the core or imports from it, itself or through the
        module's own definitions it names."""
        if imports_core(node):
            return True
        used = names(node)
        if used & self.core:
            return True
        return any(self._name_calls_core(name, seen) for name in sorted(used - seen))

    def _name_calls_core(self, name: str, seen: frozenset[str]) -> bool:
        if name not in self.defined:
            return False
        if name not in self._memo:
            self._memo[name] = False  # a cycle adds nothing
            self._memo[name] = self.calls_core(self.defined[name], seen | {name})
        return self._memo[name]


@cache
def module_uses(path: Path) -> Uses:
    """The top-level names of the module at ``path``."""
    return Uses(ast.parse(path.read_text(encoding="utf-8")))


@cache
def module_imports_core(path: Path) -> bool:
    """Whether the module at ``path`` is in the core or imports from it, anywhere in it."""
    return CORE_DIR in path.parents or imports_core(ast.parse(path.read_text(encoding="utf-8")))


@cache
def text_imports_core(path: Path) -> bool:
    """Whether the doctest examples of a text file import from the core."""
    examples = doctest.DocTestParser().get_examples(path.read_text(encoding="utf-8"))
    source = "\n".join(example.source for example in examples)
    try:
        return imports_core(ast.parse(source))
    except SyntaxError:
        return True  # not read: counted in


def checks_a_reference(path: Path) -> bool:
    """Whether a test module checks one of the tests' references (``test_X_reference.py``)."""
    return path.name.startswith("test_") and path.stem.endswith("_reference")


def function_calls_core(path: Path, function: str, fixtures: list[str]) -> bool:
    """Whether the test ``function`` of the module at ``path``, with the ``fixtures`` it asks
    for, calls the core (see the module's docstring)."""
    return _function_calls_core(path, function, tuple(fixtures))


@cache  # once per function, not once per parametrized case
def _function_calls_core(path: Path, function: str, fixtures: tuple[str, ...]) -> bool:
    if checks_a_reference(path):
        return False
    uses = module_uses(path)
    if function not in uses.defined:
        return module_imports_core(path)  # not a plain top-level function: counted in
    return any(_definition_calls_core(path, name) for name in (function, *fixtures))


@cache
def _definition_calls_core(path: Path, name: str) -> bool:
    """Whether the module's own definition ``name`` (if any) calls the core."""
    uses = module_uses(path)
    return name in uses.defined and uses.calls_core(uses.defined[name])
