"""The ddz-referee command line answers the rules questions as JSON."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from service.api.resources.hands import BOTZONE_LOG
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


# --- validate: a file of records ---------------------------------------------------------------

DEAL = {"hands": ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"], "kitty": "JQK"}
SPRING = {
    "deal": DEAL,
    "first_bidder": 0,
    "bids": [{"seat": 0, "bid": 3}],
    "events": [{"seat": 0, "cards": "3334445556667779TJQK"}],
}


def validate_file(
    capsys: pytest.CaptureFixture[str], path: Path, *argv: str
) -> tuple[int, list[dict], str]:  # type: ignore[type-arg]
    status = main(["validate", str(path), *argv])
    captured = capsys.readouterr()
    return status, [json.loads(line) for line in captured.out.splitlines()], captured.err


def test_validate_prints_each_verdict_and_the_match_totals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Records of ours (with players: a match's hands) and Botzone logs, one a line: each
    line's verdict (an illegal hand is a verdict, with the Botzone judge's name), then the
    totals; a line that cannot be read is named by its number, the others judged all the same,
    and the command exits 2."""
    lost = SPRING | {"bids": [{"seat": 0, "bid": 4}]}
    lines = [
        json.dumps(SPRING | {"players": ["ann", "bo", "cy"]}),
        json.dumps(lost | {"players": ["bo", "cy", "ann"]}),
        "",
        '{"deal": {"hands": ["3Z"]}}',
        json.dumps(SPRING | {"players": ["cy", "ann", "bo"]}),
    ]
    path = tmp_path / "match.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, found, err = validate_file(capsys, path)
    assert status == 2 and err == ""
    assert [f.get("line") for f in found] == [1, 2, 4, 5, None]
    assert found[0]["points"] == {"ann": 12, "bo": -6, "cy": -6}
    assert (found[1]["valid"], found[1]["error"]["botzone"], found[1]["points"]) == (
        False,
        "INVALID_BID",
        None,
    )
    assert found[2]["unreadable"] == "line 4: invalid record in deal.hands.0, deal.kitty"
    assert found[2]["problems"][0]["code"] == "unknown_token"
    assert found[-1] == {
        "lines": 4,
        "hands": 3,
        "valid": 2,
        "invalid": [2],
        "unreadable": [4],
        "totals": {"ann": 6, "bo": -12, "cy": 6},
    }


def test_validate_reads_botzone_logs_and_the_rule_set_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Botzone log is judged as the judge does (its verdict beside ours); a record that names
    no rule set takes the one given on the command line, and the seats are totalled."""
    path = tmp_path / "day.jsonl"
    rocket = SPRING | {  # botzone: both jokers may be kickers
        "first_bidder": 2,
        "bids": [{"seat": 2, "bid": 3}],
        "events": [{"seat": 2, "cards": "AAAABR"}],
    }
    path.write_text(f"{json.dumps(BOTZONE_LOG)}\n{json.dumps(rocket)}\n", encoding="utf-8")
    status, found, _ = validate_file(capsys, path, "--rules", "botzone")
    assert status == 0
    assert found[0]["judge"]["scores"] == [24, -12, -12]
    assert found[1]["valid"] and found[1]["phase"] == "play"
    assert found[2]["totals"] == {"seat 0": 24, "seat 1": -12, "seat 2": -12}
    status, found, _ = validate_file(capsys, path)  # standard: AAAABR is no combination
    assert found[1]["error"]["code"] == "not_a_combination"


def test_validate_shows_progress_on_long_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A long file says how far it has got, on standard error, every 1,000 lines."""
    path = tmp_path / "long.jsonl"
    path.write_text((json.dumps(SPRING) + "\n") * 2100, encoding="utf-8")
    status, found, err = validate_file(capsys, path)
    assert status == 0 and found[-1]["valid"] == 2100
    assert err.splitlines() == [
        "ddz-referee: 1,000 of 2,100 lines read",
        "ddz-referee: 2,000 of 2,100 lines read",
    ]
    assert validate_file(capsys, path, "--quiet")[2] == ""


def test_validate_names_what_it_cannot_open(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, answer = run(capsys, "validate", str(tmp_path / "missing.jsonl"))
    assert status == 2 and "missing.jsonl" in answer["error"]
    status, answer = run(capsys, "validate", str(tmp_path), "--rules", "poker")
    assert status == 2 and "unknown rule set" in answer["error"]
