"""The core reads as docs/style.md asks: imports run one way (no cycle), modules stay under about
500 lines, and every public function and method of the core has a ``>>>`` example that runs
(the doctests run with the suite)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import service.rules

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "service" / "rules"
MODULE_LINES = 500


def core_modules() -> list[ModuleType]:
    names = [m.name for m in pkgutil.walk_packages(service.rules.__path__, "service.rules.")]
    return [service.rules, *map(importlib.import_module, names)]


def local_imports(path: Path) -> set[str]:
    """The core modules a core file imports (relative imports resolved)."""
    package = _name(path)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            names = [f"{target}.{a.name}" for a in node.names]  # from .fast import hand
            found |= {n for n in [target, *names] if _is_module(n)}
    return found


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def test_core_imports_run_one_way() -> None:
    """No module of the core imports one that imports it back, however far round."""
    graph = {_name(p): local_imports(p) - {_name(p)} for p in CORE.rglob("*.py")}
    graph = {k: {v for v in vs if v != "service.rules"} for k, vs in graph.items()}
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, f"import cycle: {' -> '.join((*path, node))}"
        if node in done:
            return
        for child in graph.get(node, ()):
            visit(child, (*path, node))
        done.add(node)

    for node in graph:
        visit(node, ())


def test_core_modules_stay_small() -> None:
    for path in CORE.rglob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MODULE_LINES, f"{path.relative_to(ROOT)}: {lines} lines"


def test_every_public_core_function_has_an_example() -> None:
    """docs/style.md: a ``>>>`` example on each public function and method of the core."""
    missing = []
    for module in core_modules():
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
                continue
            function = inspect.unwrap(value) if callable(value) else value  # @cache too
            if inspect.isfunction(function) and ">>>" not in (function.__doc__ or ""):
                missing.append(f"{module.__name__}.{name}")
            if inspect.isclass(value):
                missing += [
                    f"{module.__name__}.{name}.{method}"
                    for method, function in vars(value).items()
                    if not method.startswith("_")
                    and isinstance(function, classmethod | staticmethod | type(_function))
                    and ">>>" not in (inspect.getdoc(getattr(value, method)) or "")
                ]
    assert not missing, missing


def _function() -> None:
    """A plain function, for its type."""


def rule_table() -> list[tuple[str, list[Path], list[str]]]:
    """docs/development.md's table of where each rule lives: (section, files, names)."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    table = text[text.index("### Where each rule lives") :].split("\n\n")[1]
    rows = []
    for line in table.splitlines()[2:]:
        section, _, where, names = (cell.strip() for cell in line.strip("|").split("|"))
        paths = [ROOT / p if "/" in p.rstrip("/") else CORE / p for p in _ticked(where)]
        rows.append((section, paths, _ticked(names)))
    return rows


def _ticked(cell: str) -> list[str]:
    return cell.split("`")[1::2]


def _modules(path: Path) -> list[ModuleType]:
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    return [importlib.import_module(_name(f)) for f in files]


def _resolves(module: ModuleType, name: str) -> bool:
    """Whether a dotted name (``Hand.play``, ``GAMES[Game.BIG_THREE].order``) is defined in
    the module: its first part there (not imported from elsewhere), each later part an
    attribute of the one before (of a mapping's values, after ``[...]``)."""
    head, *parts = re.sub(r"\[[^\]]*\]", "", name).split(".")
    value = vars(module).get(head)
    if value is None:
        return False
    defined = inspect.unwrap(value) if callable(value) else value
    imported = getattr(defined, "__module__", module.__name__) != module.__name__
    if (inspect.isclass(defined) or inspect.isfunction(defined)) and imported:
        return False
    for part in parts:
        if isinstance(value, dict) and value:
            value = next(iter(value.values()))
        if not hasattr(value, part):
            return False
        value = getattr(value, part)
    return True


def test_the_docs_say_where_each_rule_lives() -> None:
    """Every name in docs/development.md's rule table is defined in a module its row names."""
    rows = rule_table()
    assert len(rows) >= 10
    for section, paths, names in rows:
        modules = [m for path in paths for m in _modules(path)]
        assert modules, f"section {section}: no file {paths}"
        for name in names:
            found = any(_resolves(m, name) for m in modules)
            assert found, f"section {section}: {name} not defined in {paths}"
