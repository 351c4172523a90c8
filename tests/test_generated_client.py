"""The contract serves other tooling: a client generated from `openapi/openapi.yaml` by
openapi-python-client (a generator from PyPI, with no knowledge of this service) classifies,
lists legal moves and validates a whole hand against the live service (gunicorn).

The client is generated at test time into a temporary directory (never committed) by the
command docs/api.md gives ("A generated client"), with the generator's warnings as errors:
every operation and schema of the document must be modelled. Its post-generation hooks (a ruff
run over the output) are turned off: formatting generated code is no part of what the document
has to get right. The page's example of the client in use runs here too.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from live import ROOT, gunicorn

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "ddz_referee_client"
CONFIG = "post_hooks: []\n"
API_PAGE = ROOT / "docs" / "api.md"


def _documented(language: str) -> str:
    """The ``language`` block of docs/api.md's section "A generated client"."""
    text = API_PAGE.read_text(encoding="utf-8")
    section = text[text.index("## A generated client") :]
    found = re.search(rf"```{language}\n(.*?)```", section, re.DOTALL)
    assert found, f"docs/api.md shows no {language} block for the generated client"
    return found.group(1)


#: README's whole hand: seat 0 bids 3, leads 9TJQK, both farmers pass, it goes out: a spring.
DEAL = {"hands": ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"], "kitty": "JQK"}
LEAD = {"seat": 0, "cards": "9TJQK"}
PASSES = [{"seat": 1, "pass": True}, {"seat": 2, "pass": True}]
SPRING = {
    "deal": DEAL,
    "first_bidder": 0,
    "bids": [{"seat": 0, "bid": 3}],
    "events": [LEAD, *PASSES, {"seat": 0, "cards": "333444555666777"}],
}


@pytest.fixture(scope="module")
def client_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The generated package, imported from a temporary directory; forgotten afterwards."""
    folder = tmp_path_factory.mktemp("generated")
    config = folder / "config.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    documented = shlex.split(_documented("sh"))
    assert documented[:3] == ["uv", "run", "openapi-python-client"], documented
    command = [str(GENERATOR), *documented[3:]]
    output = command.index("--output-path") + 1
    assert command[output] == PACKAGE  # the package's own name, the generator's default
    command[output] = str(folder / PACKAGE)
    command += ["--config", str(config), "--fail-on-warning"]
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Warning" not in result.stdout + result.stderr, result.stdout + result.stderr
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    with gunicorn({"DDZ_LOG_LEVEL": "WARNING"}) as base:
        yield base


@pytest.fixture(scope="module")
def client(client_package: ModuleType, origin: str) -> Iterator[Any]:
    with client_package.Client(base_url=origin, raise_on_unexpected_status=True) as http:
        yield http


def test_the_documented_example_runs(client_package: ModuleType, origin: str) -> None:
    """docs/api.md's lines of the client in use, against the live service: its assertions
    hold, and it prints what its comment says."""
    code = _documented("python")
    assert 'base_url="http://127.0.0.1:8000"' in code
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code.replace("http://127.0.0.1:8000", origin), {"__name__": "example"})
    [said] = re.findall(r"print\(.*\)  # (.*)", code)
    assert printed.getvalue().strip() == said


def generated(name: str) -> Any:
    """A module of the generated package (``api.classify.post_v1_classify``, ``models``)."""
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_the_client_classifies_a_card_set(client: Any) -> None:
    models = generated("models")
    classify = generated("api.classify.post_v1_classify")
    answer = classify.sync(client=client, body=models.ClassifyRequest(cards="3 3 3 4 4"))
    assert isinstance(answer, models.ClassifyAnswer)
    assert answer.valid
    assert answer.cards == "33344"
    assert answer.combination.kind == models.CombinationKind.TRIO_PAIR
    assert answer.combination.rank == models.CombinationRank.THREE
    assert answer.combination.rank.value == "3"
    assert [r.kind.value for r in answer.readings] == ["trio_pair"]
    assert answer.ruleset.name == "standard"
    cards = ["🂡", "♥A", "🃁", "10s", "🂺"]  # README "Card notation": any notation, mixed
    answer = classify.sync(client=client, body=models.ClassifyRequest(cards=cards))
    assert (answer.cards, answer.combination.kind.value) == ("TTAAA", "trio_pair")


def test_the_client_reads_a_problem_naming_the_token(client: Any) -> None:
    """A 422 parses as the document's ``Problem``: the field, the token, its position."""
    models = generated("models")
    classify = generated("api.classify.post_v1_classify")
    request = models.ClassifyRequest(cards=["3", "3", "Z"])
    response = classify.sync_detailed(client=client, body=request)
    assert response.status_code == 422
    problem = response.parsed
    assert isinstance(problem, models.Problem)
    assert problem.status == 422
    [item] = problem.errors
    assert (item.field, item.code, item.token, item.position) == ("cards", "unknown_token", "Z", 2)


def test_the_client_lists_legal_moves(client: Any) -> None:
    """A lead from 33344: 3, 4, 33, 44, 333, 3334, 33344; the answer to a pair of 3s: 44."""
    models = generated("models")
    moves = generated("api.legal_moves.post_v1_legal_moves")
    lead = moves.sync(client=client, body=models.LegalMovesRequest(hand="33344"))
    assert isinstance(lead, models.LegalMovesAnswer)
    assert lead.count == 7
    assert sorted(m.cards for m in lead.moves) == sorted(
        ["3", "4", "33", "44", "333", "3334", "33344"]
    )
    assert lead.previous is None
    page = moves.sync(client=client, body=models.LegalMovesRequest(hand="33344", limit=2, offset=2))
    assert (page.count, page.offset, len(page.moves)) == (7, 2, 2)
    answer = moves.sync(client=client, body=models.LegalMovesRequest(hand="33344", previous="33"))
    assert [m.cards for m in answer.moves] == ["44"]
    assert answer.can_pass
    assert answer.previous.kind == models.CombinationKind.PAIR


def test_the_client_validates_a_whole_hand(client: Any) -> None:
    """README's spring: valid, ended, the landlord won; 12 points against 6 and 6."""
    models = generated("models")
    validate = generated("api.hands.post_v1_hands_validate")
    record = models.HandValidateRequest.from_dict(SPRING)
    answer = validate.sync(client=client, body=record)
    assert isinstance(answer, models.HandAnswer)
    assert answer.valid
    assert answer.error is None
    assert answer.phase == models.HandAnswerPhaseType0.ENDED
    assert answer.winner == models.HandAnswerWinnerType0.LANDLORD
    assert (answer.landlord, answer.bid, answer.spring) == (0, 3, True)
    assert answer.points == [12, -6, -6]
    assert (answer.score.multiplier, answer.score.landlord, answer.score.farmers) == (
        2,
        12,
        [-6, -6],
    )
    assert [f.name.value for f in answer.score.breakdown] == ["bid", "spring"]


def test_the_client_hears_an_illegal_event(client: Any) -> None:
    """The same record with seat 1 playing out of turn: a 200 verdict naming the event."""
    models = generated("models")
    validate = generated("api.hands.post_v1_hands_validate")
    events = [LEAD, {"seat": 2, "cards": "JQKA2"}]
    record = models.HandValidateRequest.from_dict(SPRING | {"events": events})
    answer = validate.sync(client=client, body=record)
    assert not answer.valid
    assert (answer.error.part.value, answer.error.index, answer.error.seat) == ("events", 1, 2)
    assert answer.error.code == models.HandErrorCode.WRONG_SEAT
    assert answer.phase == models.HandAnswerPhaseType0.PLAY
    assert answer.winner is None
    assert answer.to_act == 1
