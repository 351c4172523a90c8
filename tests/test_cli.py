"""The ddz-referee command line answers the rules questions as JSON."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

from service.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    status = main(list(argv))
    return status, json.loads(capsys.readouterr().out)


def test_classify(capsys: pytest.CaptureFixture[str]) -> None:
    status, answer = run(capsys, "classify", "3 3 3 10 10")
    assert status == 0
    assert answer["valid"] is True
    assert answer["combination"]["kind"] == "trio_pair"
    assert answer["combination"]["name_zh"] == "三带二"
    assert answer["ruleset"] == {"name": "standard", "version": "1", "overrides": []}


def test_classify_not_a_combination_is_an_answer(capsys: pytest.CaptureFixture[str]) -> None:
    status, answer = run(capsys, "classify", "3345")
    assert status == 0
    assert (answer["valid"], answer["combination"], answer["readings"]) == (False, None, [])


def test_bad_cards_name_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    status, answer = run(capsys, "classify", "3 Z 4")
    assert status == 2
    assert answer["problems"] == [
        {"code": "unknown_token", "token": "Z", "position": 2, "message": "unknown card 'Z' at 2"}
    ]


def test_beats(capsys: pytest.CaptureFixture[str]) -> None:
    status, answer = run(capsys, "beats", "9TJQKA", "34567")
    assert status == 0
    assert (answer["beats"], answer["reason"]) == (False, "different_length")


def test_moves_with_override(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["moves", "333444555666", "--rules", "standard"]
    options = ["--option", "kicker_ranks_repeat=true", "--option", "adjacent_trio_kickers=true"]
    status, answer = run(capsys, *argv, *options, "--kinds", "airplane_singles")
    assert status == 0
    assert answer["ruleset"]["version"].startswith("1+")
    assert answer["count"] == answer["moves"].__len__() > 0
    assert answer["can_pass"] is False


def test_moves_answering(capsys: pytest.CaptureFixture[str]) -> None:
    _, answer = run(capsys, "moves", "3456789", "34567")
    assert [m["cards"] for m in answer["moves"]] == ["45678", "56789"]
    assert answer["can_pass"] is True


def test_score_pagat_example(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--bid", "3", "--winner", "landlord", "--bombs", "2", "--rockets", "1"]
    status, answer = run(capsys, *argv)
    assert status == 0
    assert (answer["landlord"], answer["farmers"], answer["multiplier"]) == (48, [-24, -24], 8)


def test_unknown_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    status, answer = run(capsys, "classify", "3", "--rules", "poker")
    assert status == 2
    assert "unknown rule set" in answer["error"]


def test_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    _, answer = run(capsys, "rulesets")
    assert [r["name"] for r in answer["rulesets"]] == [
        "standard",
        "rlcard",
        "douzero",
        "openspiel",
        "four_player",
        "big_three",
        "six_player",
        "huanle",
        "botzone",
        "laizi",
        "tiandi_laizi",
    ]


def test_console_script_runs_as_a_module() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "service.cli", "beats", "BR", "2222"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["reason"] == "rocket"


def test_serve_on_a_taken_port_says_how_to_choose_another() -> None:
    """Port busy (the service already running, say): a message naming the address and the two
    ways to choose another, at once, instead of gunicorn's retries and a bare error."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        bind = f"127.0.0.1:{held.getsockname()[1]}"
        result = subprocess.run(
            [sys.executable, "-m", "service.cli", "serve", "--bind", bind],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    assert result.returncode == 1
    assert f"{bind} is already in use" in result.stderr
    assert "DDZ_BIND=" in result.stderr and "serve --bind " in result.stderr
    assert "error" not in result.stderr.lower()
