"""The README's curl examples are real: each is replayed against the application."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from service.api import create_app

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def examples() -> list[tuple[str, str]]:
    """(curl command line, printed answer) pairs of the README's console blocks."""
    pairs = []
    for block in BLOCK.findall(README.read_text(encoding="utf-8")):
        lines = block.strip().splitlines()
        for index, line in enumerate(lines):
            if line.startswith("$ curl "):
                pairs.append((line[2:], lines[index + 1]))
    return pairs


def test_the_readme_shows_every_operation() -> None:
    paths = {shlex.split(command)[2].removeprefix("localhost:8000") for command, _ in examples()}
    assert paths >= {
        "/v1/classify",
        "/v1/classify/batch",
        "/v1/beats",
        "/v1/beats/batch",
        "/v1/legal-moves",
        "/v1/score",
        "/v1/hands/validate",
        "/v1/rulesets/openspiel",
        "/healthz",
        "/readyz",
    }


@pytest.mark.parametrize(("command", "printed"), examples())
def test_readme_example(command: str, printed: str) -> None:
    words = shlex.split(command)
    path = words[2].removeprefix("localhost:8000")
    headers = dict(words[i + 1].split(": ", 1) for i, w in enumerate(words) if w == "-H")
    client = create_app({"TESTING": True}).test_client()
    if "--json" in words:
        answer = client.post(
            path, json=json.loads(words[words.index("--json") + 1]), headers=headers
        )
    else:
        answer = client.get(path, headers=headers)
    expected, got = json.loads(printed), answer.json
    if path == "/readyz":  # its cache statistics depend on what came before
        assert got.keys() == expected.keys() and got["cache"].keys() == expected["cache"].keys()
    else:
        assert got == expected
