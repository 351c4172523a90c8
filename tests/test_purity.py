"""The rules core is pure: it imports only the standard library (docs/style.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "service" / "rules"
STDLIB = sys.stdlib_module_names


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_core_modules_import_only_the_standard_library() -> None:
    for path in sorted(CORE.rglob("*.py")):
        outside = imported_modules(path) - set(STDLIB) - {"__future__"}
        assert not outside, f"{path.name} imports {sorted(outside)}"


def test_importing_the_core_loads_no_web_or_cache_library() -> None:
    code = (
        "import sys, service.rules\n"
        "loaded = {m.split('.')[0] for m in sys.modules}\n"
        "bad = {'flask', 'marshmallow', 'redis', 'werkzeug'} & loaded\n"
        "print(sorted(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
