"""The card table (``GET /table``) and the hand replay (``GET /replay``) in a real headless browser.

The real service (gunicorn, ``gunicorn.conf.py``) is started on a free loopback port, and each
page is driven in Debian's Chromium as a person would: type cards, click the deck picker, paste a
hand record, step through it. What the page draws is checked against what the same service's
JSON endpoints answer, so a page that stops drawing, draws the wrong rows or loses the reason of
an illegal event fails here. The pages must load nothing from other hosts and break no rule of
their Content-Security-Policy. The screenshots of ``docs/pages.md`` are saved on the way
(``docs/img/card-table.png``, ``docs/img/hand-replay.png``).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import TIMEOUT, chromium, foreign, requested_urls
from live import gunicorn
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from service.api import create_app, pages
from service.api.resources.hands import UNDERCUT

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(os.environ.get("DDZ_SCREENSHOTS") or Path(tempfile.gettempdir()) / "ddz-screenshots")
"""Where the screenshots go: ``DDZ_SCREENSHOTS=docs/img`` renews those of ``docs/pages.md``
(a run leaves the committed ones alone otherwise: their pixels move by a shade between runs)."""


def _post(origin: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        origin + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    """The real service under gunicorn on a free loopback port: its origin (scheme://host:port)."""
    with gunicorn({"DDZ_WORKERS": "1"}) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    with chromium() as driver:
        yield driver


def _open(browser: WebDriver, url: str, ready: str) -> WebDriver:
    """The browser on a freshly loaded page, once ``body[data-<ready>]`` says it is set up."""
    browser.get("about:blank")
    browser.get_log("performance")  # drop the events of earlier pages
    browser.get_log("browser")
    browser.get(url)
    WebDriverWait(browser, TIMEOUT).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute(f"data-{ready}"),
        f"{url} never became ready",
    )
    return browser


def _wait(driver: WebDriver, check: Any, message: str) -> Any:
    return WebDriverWait(driver, TIMEOUT).until(check, message)


def _type(field: WebElement, text: str) -> None:
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    field.send_keys(text)


def _rows(driver: WebDriver, selector: str) -> list[str]:
    """The cards each row under ``selector`` draws, as canonical text (one card a character),
    read at one moment (the page redraws as answers come)."""
    found = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(line => "
        "[...line.querySelectorAll('.card')].map(card => card.dataset.rank).join(''));",
        selector,
    )
    assert isinstance(found, list)
    return [str(line) for line in found]


def _screenshot(driver: WebDriver, name: str) -> None:
    """Save the page as docs/img/``name``, the same on every run: no focus, no caret, the
    record's text scrolled to its top."""
    driver.execute_async_script(
        "const done = arguments[0]; document.activeElement.blur(); "
        "for (const area of document.querySelectorAll('textarea')) area.scrollTop = 0; "
        "requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)));"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / name))


def _clean(driver: WebDriver, origin: str) -> None:
    """Nothing was asked of another host, and the console has no error (a blocked script or
    style, a failed request)."""
    assert foreign(requested_urls(driver), origin) == [], "requests to other hosts"
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors


def test_card_table_draws_cards_readings_and_every_legal_move(
    browser: WebDriver, origin: str
) -> None:
    page = _open(browser, origin + "/table", "ready")
    hand = "3 4 5 6 7 8 9 10 J 2 2 BJ"
    moves = _post(origin, "/v1/legal-moves", {"hand": hand})
    assert 10 < moves["count"] <= len(moves["moves"])  # one page of the API, one of the page's
    _type(page.find_element(By.ID, "cards"), hand)

    def drawn(driver: WebDriver) -> bool:
        return _rows(driver, "#move-rows .move") == [m["cards"] for m in moves["moves"]]

    _wait(page, drawn, "the legal moves drawn are not the API's")
    assert page.find_element(By.ID, "moves-count").text == f"{moves['count']} moves"
    assert _rows(page, "#hand-cards .cards") == ["3456789TJ22B"]
    shown_kinds = [
        str(line.get_attribute("data-kind"))
        for line in page.find_elements(By.CSS_SELECTOR, "#move-rows .move")
    ]
    assert shown_kinds == [m["kind"] for m in moves["moves"]]
    classified = _post(origin, "/v1/classify", {"cards": hand})
    assert classified["valid"] is False
    assert page.find_element(By.ID, "reason").text == classified["reason"]

    # More moves than one page of the API: "Show more" draws the rest, in the API's order.
    big = "33334444555566667777"
    listed = _post(origin, "/v1/legal-moves", {"hand": big, "limit": 1000})
    assert len(listed["moves"]) == listed["count"] > 100
    _type(page.find_element(By.ID, "cards"), big)
    _wait(page, lambda d: len(_rows(d, "#move-rows .move")) == 100, "no first page of moves")
    page.find_element(By.ID, "more").click()

    def all_drawn(driver: WebDriver) -> bool:
        return _rows(driver, "#move-rows .move") == [m["cards"] for m in listed["moves"]]

    _wait(page, all_drawn, "the moves drawn after Show more are not the API's")
    assert not page.find_element(By.ID, "more").is_displayed()

    # The deck picker: Clear, then click 3 three times and 10 twice: a trio with a pair.
    page.find_element(By.ID, "clear").click()
    for rank in "333TT":
        page.find_element(By.CSS_SELECTOR, f'#picker .pick[data-rank="{rank}"]').click()
    _wait(page, lambda d: _rows(d, "#hand-cards .cards") == ["333TT"], "picked cards not drawn")
    assert page.find_element(By.ID, "cards").get_attribute("value") == "3 3 3 10 10"
    _wait(page, lambda d: _rows(d, "#readings .combo") == ["333TT"], "no reading drawn")
    reading = page.find_element(By.CSS_SELECTOR, "#readings .combo")
    assert reading.get_attribute("data-kind") == "trio_pair"
    assert len(reading.find_elements(By.CSS_SELECTOR, ".card.kicker")) == 2

    # Against a previous play: the verdict of /v1/beats and the responses of /v1/legal-moves.
    cards, previous = "7 7 7 8 8 8 9 J", "3 3 3 4 4 4 5 6"
    beats = _post(origin, "/v1/beats", {"play": cards, "previous": previous})
    answers = _post(origin, "/v1/legal-moves", {"hand": cards, "previous": previous})
    _type(page.find_element(By.ID, "cards"), cards)
    _type(page.find_element(By.ID, "previous"), previous)

    def answered(driver: WebDriver) -> bool:
        return _rows(driver, "#move-rows .move") == [m["cards"] for m in answers["moves"]]

    _wait(page, answered, "the legal responses drawn are not the API's")
    assert _rows(page, "#previous-cards .combo") == [beats["previous"]["cards"]]
    assert page.find_element(By.ID, "beats-verdict").text == "beats it"
    assert page.find_element(By.ID, "beats-reason").text == beats["message"]
    readings = _post(origin, "/v1/classify", {"cards": cards})["readings"]
    assert _rows(page, "#readings .combo") == [r["cards"] for r in readings]

    _screenshot(page, "card-table.png")
    _clean(page, origin)


def _current(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, "#steps li.current")


def _step_to(driver: WebDriver, wanted: Any) -> WebElement:
    """Press Next until the current step is ``wanted`` (or there is no next step)."""
    steps = len(driver.find_elements(By.CSS_SELECTOR, "#steps li"))
    for _ in range(steps):
        step = _current(driver)
        if wanted(step):
            return step
        button = driver.find_element(By.ID, "next")
        if not button.is_enabled():
            break
        before = driver.find_element(By.TAG_NAME, "body").get_attribute("data-step")
        button.click()
        _wait(
            driver,
            lambda d, b=before: d.find_element(By.TAG_NAME, "body").get_attribute("data-step") != b,
            "Next did not move",
        )
    raise AssertionError("stepped to the last step and never reached the step wanted")


def test_replay_steps_to_the_first_illegal_event_and_says_why(
    browser: WebDriver, origin: str
) -> None:
    page = _open(browser, origin + "/replay", "examples")
    verdict = _post(origin, "/v1/hands/validate", UNDERCUT)
    error = verdict["error"]
    assert verdict["valid"] is False

    source = page.find_element(By.ID, "record")
    source.clear()
    source.send_keys(json.dumps(UNDERCUT))
    page.find_element(By.ID, "replay").click()
    _wait(page, lambda d: "Illegal" in d.find_element(By.ID, "verdict").text, "no verdict")
    page.find_element(By.ID, "first").click()
    _wait(page, lambda d: _current(d).get_attribute("data-step") == "0", "First did not go back")

    step = _step_to(page, lambda s: "illegal" in (s.get_attribute("class") or ""))
    assert step.get_attribute("data-part") == error["part"]
    assert step.find_element(By.CSS_SELECTOR, ".part").text == f"{error['part']} {error['index']}"
    event = page.find_element(By.ID, "event")
    assert "illegal" in (event.get_attribute("class") or "")
    assert (
        event.find_element(By.CSS_SELECTOR, ".why").text == f"{error['code']}: {error['message']}"
    )
    assert error["message"] in page.find_element(By.ID, "verdict").text
    # The seats as the referee left them before the illegal play.
    _wait(
        page,
        lambda d: _rows(d, "#seats .seat .cards") == verdict["hands"],
        "the seats' cards at the illegal step are not the referee's",
    )
    assert page.find_element(By.ID, "score").is_displayed() is False
    _screenshot(page, "hand-replay.png")
    _clean(page, origin)


def test_replay_shows_a_valid_hands_score_and_its_breakdown(
    browser: WebDriver, origin: str
) -> None:
    page = _open(browser, origin + "/replay", "examples")
    options = page.find_elements(By.CSS_SELECTOR, "#examples option")[1:]
    assert options, "no example records offered"
    answers = [
        _post(origin, "/v1/hands/validate", json.loads(str(o.get_property("value"))))
        for o in options
    ]
    ended = next(i for i, a in enumerate(answers) if a["valid"] and a["score"])
    options[ended].click()
    page.find_element(By.ID, "load").click()
    expected = answers[ended]
    _wait(page, lambda d: d.find_element(By.ID, "score").is_displayed(), "no score shown")
    page.find_element(By.ID, "last").click()
    _wait(
        page,
        lambda d: _rows(d, "#seats .seat .cards") == [h for h in expected["hands"] if h],
        "the seats' cards at the end are not the referee's",
    )
    _screenshot(page, "hand-replay-score.png")
    breakdown = [
        [cell.text for cell in line.find_elements(By.TAG_NAME, "td")]
        for line in page.find_elements(By.CSS_SELECTOR, "#breakdown tr")
    ]
    score = expected["score"]
    assert breakdown == [[p["name"], str(p["factor"]), p["detail"]] for p in score["breakdown"]]
    points = page.find_element(By.ID, "points").text.split()
    assert points[2::3] == [f"{p:+d}" for p in expected["points"]]
    assert (
        f"stake {score['stake']} × {score['multiplier']}"
        in page.find_element(By.ID, "score-winner").text
    )
    _clean(page, origin)


def test_replay_shows_record_fields_it_does_not_know_as_json(
    browser: WebDriver, origin: str
) -> None:
    """A list field the page does not know (the service answers it with a 422) is still listed,
    each item a step "seat N: <json>", between the bids and the plays."""
    page = _open(browser, origin + "/replay", "examples")
    record = UNDERCUT | {"extra": [{"seat": 0, "note": "x"}]}
    page.execute_script(
        "document.getElementById('record').value = arguments[0];", json.dumps(record)
    )
    page.find_element(By.ID, "replay").click()
    _wait(
        page,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#steps li[data-part="extra"]'),
        "no step of the unknown field",
    )
    parts = [
        str(li.get_attribute("data-part"))
        for li in page.find_elements(By.CSS_SELECTOR, "#steps li")
    ]
    assert parts == ["deal", "bids", "bids", "bids", "extra", "events", "events"]
    step = page.find_element(By.CSS_SELECTOR, '#steps li[data-part="extra"]')
    assert step.text.endswith('seat 0: {"seat":0,"note":"x"}')


def test_replay_steps_through_an_online_auction_to_its_score(
    browser: WebDriver, origin: str
) -> None:
    """A huanle record (docs/rules.md §13): each call a step ("seat 0 says rob"), and the score's
    breakdown names the robs, the show and a seat's doubling."""
    page = _open(browser, origin + "/replay", "examples")
    page.execute_script(
        "document.getElementById('record').value = arguments[0];", json.dumps(HUANLE_RECORD)
    )
    page.find_element(By.ID, "replay").click()
    _wait(
        page,
        lambda d: len(d.find_elements(By.CSS_SELECTOR, '#steps li[data-part="auction"]')) == 8,
        "the auction's steps",
    )
    texts = [
        li.text for li in page.find_elements(By.CSS_SELECTOR, '#steps li[data-part="auction"]')
    ]
    assert texts[0].endswith("seat 0 says show (before_deal)") and texts[2].endswith(
        "seat 1 says rob"
    )
    page.find_element(By.ID, "last").click()
    _wait(page, lambda d: "rob" in d.find_element(By.ID, "score").text, "no score")
    score = page.find_element(By.ID, "score").text
    for name in ("rob", "show", "spring", "seat_doubling"):
        assert name in score, (name, score)


HUANLE_RECORD = {
    "ruleset": "huanle",
    "deal": {
        "hands": ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"],
        "kitty": "JQK",
    },
    "first_bidder": 2,
    "auction": [
        {"seat": 0, "action": "show", "stage": "before_deal"},
        {"seat": 0, "action": "call"},
        {"seat": 1, "action": "rob"},
        {"seat": 2, "action": "no_rob"},
        {"seat": 0, "action": "rob"},
        {"seat": 1, "action": "double"},
        {"seat": 2, "action": "no_double"},
        {"seat": 0, "action": "no_double"},
    ],
    "events": [{"seat": 0, "cards": "3334445556667779TJQK"}],
}


def test_pages_are_served_with_their_policy_and_nothing_inline() -> None:
    """In process: each page and each file it names is served under the pages' policy, and
    the pages hold no inline script, style or handler (the policy would block them)."""
    client = create_app({"TESTING": True}).test_client()
    for path in ("/table", "/replay"):
        with client.get(path) as answer:
            assert answer.status_code == 200
            assert answer.mimetype == "text/html"
            assert answer.headers["Content-Security-Policy"] == pages.POLICY
            html = answer.get_data(as_text=True)
        assert re.search(r"<script(?![^>]*\bsrc=)", html) is None, "an inline script"
        assert re.search(r"<style|\sstyle=|\son[a-z]+=", html) is None, "inline style or handler"
        files = re.findall(r'(?:src|href)="(/pages/[^"]+)"', html)
        assert len(files) == 4  # the icon, the style sheet, cards.js and the page's script
        for name in files:
            with client.get(name) as served:
                assert served.status_code == 200, name
                assert served.headers["Content-Security-Policy"] == pages.POLICY
    assert client.get("/pages/../pages.py").status_code == 404
    assert client.get("/pages/missing.js").status_code == 404


def test_card_table_reads_wild_cards_under_a_wildcard_game(browser: WebDriver, origin: str) -> None:
    """docs/rules.md §14 on the card table: choosing laizi shows the Wild field; each reading
    says its bomb class and what the wilds stand for; the moves drawn are the API's."""
    page = _open(browser, origin + "/table", "ready")
    assert not page.find_element(By.ID, "wild-label").is_displayed()
    ruleset = {"name": "laizi", "wild": ["7"]}
    readings = _post(origin, "/v1/classify", {"cards": "3337", "ruleset": ruleset})["readings"]
    moves = _post(origin, "/v1/legal-moves", {"hand": "3337", "ruleset": ruleset})["moves"]
    page.find_element(By.CSS_SELECTOR, '#ruleset option[value="laizi"]').click()
    _wait(page, lambda d: d.find_element(By.ID, "wild-label").is_displayed(), "no Wild field")
    _type(page.find_element(By.ID, "wild"), "7")
    _type(page.find_element(By.ID, "cards"), "3337")

    def drawn(driver: WebDriver) -> bool:
        return _rows(driver, "#move-rows .move") == [m["cards"] for m in moves]

    _wait(page, drawn, "the wild moves drawn are not the API's")
    lines = page.find_elements(By.CSS_SELECTOR, "#readings .combo")
    assert [line.get_attribute("data-kind") for line in lines] == [r["kind"] for r in readings]
    assert "soft, read as 3333" in lines[0].text
    _clean(page, origin)
