"""In process: the front door (``GET /``) answers a browser with the home page and any other
client with the JSON index, and the pages' words (``static/pages/words.json``) say every term
in both languages, for every code the API answers with."""

from __future__ import annotations

import json
import tomllib
from enum import StrEnum

import pytest
import yaml
from live import ROOT

from service.api import VERSION, create_app, pages
from service.hands.records import Part
from service.rules import Reason
from service.rules.events import Phase, Violation
from service.rules.online import Call, Stage
from service.rules.scoring import FactorName

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
WORDS = json.loads((pages.FILES / "words.json").read_text(encoding="utf-8"))


def test_a_browser_gets_the_home_page_leading_to_the_pages_and_the_docs() -> None:
    client = create_app({"TESTING": True}).test_client()
    with client.get("/", headers={"Accept": BROWSER}) as answer:
        assert answer.status_code == 200
        assert answer.mimetype == "text/html"
        assert answer.headers["Content-Security-Policy"] == pages.POLICY
        assert "Accept" in answer.headers["Vary"]
        html = answer.get_data(as_text=True)
    for link in ('href="/table"', 'href="/replay"', 'href="/docs"'):
        assert link in html


@pytest.mark.parametrize("accept", [None, "*/*", "application/json"])
def test_a_json_client_gets_the_index(accept: str | None) -> None:
    """curl's ``*/*``, no Accept at all, or JSON asked for: the service's index, whose
    endpoints are the operations of the contract."""
    client = create_app({"TESTING": True}).test_client()
    headers = {"Accept": accept} if accept else {}
    with client.get("/", headers=headers) as answer:
        assert answer.status_code == 200
        assert answer.mimetype == "application/json"
        index = answer.json
    assert index["name"] == "ddz-referee"
    assert index["version"] == VERSION
    contract = yaml.safe_load((ROOT / "openapi" / "openapi.yaml").read_text(encoding="utf-8"))
    operations = {
        f"{method.upper()} {path}"
        for path, item in contract["paths"].items()
        if path.startswith("/v1/")
        for method in item
        if method != "parameters"
    }
    assert set(index["endpoints"]) == operations
    for link in index["links"].values():
        with client.get(link) as linked:
            assert linked.status_code == 200, link


def test_one_version_everywhere() -> None:
    """pyproject.toml's version is the package's, the contract's and the image tags'; its
    licence is the LICENSE file's and the contract's."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared["project"]["version"] == VERSION
    contract = yaml.safe_load((ROOT / "openapi" / "openapi.yaml").read_text(encoding="utf-8"))
    assert contract["info"]["version"] == VERSION
    assert contract["info"]["license"]["identifier"] == declared["project"]["license"] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    for name in ("deploy/compose.yaml", "deploy/k8s/kustomization.yaml", "deploy/README.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert f"ddz-referee:{VERSION}" in text or f"newTag: {VERSION}" in text, name


def test_the_pages_words_are_in_both_languages() -> None:
    assert set(WORDS) == {"en", "zh"}
    assert WORDS["en"].keys() == WORDS["zh"].keys()
    for lang, words in WORDS.items():
        for key, text in words.items():
            assert text.strip(), (lang, key)
    # The Chinese of a player's table, as a player says it.
    zh = WORDS["zh"]
    expected = {
        "role.landlord": "地主",
        "role.farmer": "农民",
        "factor.spring": "春天",
        "action.rob": "抢地主",
        "action.show": "明牌",
        "action.double": "加倍",
        "part.bids": "叫分",
        "rank.B": "小王",
        "rank.R": "大王",
    }
    assert {key: zh[key] for key in expected} == expected
    assert "不出" in zh["replay.passes"]
    assert "底牌" in zh["replay.kitty_down"]


VOCABULARIES: list[tuple[str, type[StrEnum]]] = [
    ("reason", Reason),
    ("violation", Violation),
    ("factor", FactorName),
    ("action", Call),
    ("stage", Stage),
    ("phase", Phase),
    ("part", Part),
]


@pytest.mark.parametrize(("prefix", "vocabulary"), VOCABULARIES, ids=[p for p, _ in VOCABULARIES])
def test_every_code_of_the_api_has_words(prefix: str, vocabulary: type[StrEnum]) -> None:
    """Each code the pages show (a beats reason, an illegal event, a score's factor, an auction
    call and its stage, a phase, a record's part) has its words in both languages, read from
    the core's own vocabulary: a code added there fails here until it has them."""
    missing = [code.value for code in vocabulary if f"{prefix}.{code.value}" not in WORDS["en"]]
    assert missing == []
