"""The OpenAPI document as committed in ``openapi/openapi.yaml``.

Regenerate it with ``uv run python -m service.api.openapi`` (a test fails on any drift).
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from flask import Flask

from . import create_app

TARGET = Path(__file__).resolve().parents[2] / "openapi" / "openapi.yaml"


def spec_yaml(app: Flask) -> str:
    """The application's OpenAPI document as YAML (keys in document order, UTF-8 text)."""
    with app.app_context():
        document = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


def main() -> int:
    """Write the document next to the code."""
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(spec_yaml(create_app({"TESTING": True})), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
