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
from service.api.resources.hands import SPRING, UNDERCUT

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
def browser(origin: str) -> Iterator[WebDriver]:
    """Headless Chromium, started after the server and quit before it stops: a connection the
    browser keeps alive would hold gunicorn's graceful stop for its whole timeout."""
    with chromium() as driver:
        yield driver


def _open(browser: WebDriver, url: str, ready: str, lang: str = "en") -> WebDriver:
    """The browser on a freshly loaded page in the language ``lang`` (as the switch keeps it),
    once ``body[data-<ready>]`` says it is set up."""
    origin = url[: url.index("/", len("http://"))]
    browser.get(origin + "/pages/icon.svg")  # the pages' origin, for its storage
    browser.execute_script("localStorage.setItem('ddz-lang', arguments[0]);", lang)
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


def _screenshot(driver: WebDriver, name: str, height: int | None = None) -> None:
    """Save the page as docs/img/``name``, the same on every run: no focus, no caret, the
    record's text scrolled to its top; with ``height``, the top of the page in a window that
    tall (a phone's screen and a bit more)."""
    if height is not None:
        width = driver.execute_script("return innerWidth")
        driver.set_window_size(width, height)
        driver.execute_script("window.scrollTo(0, 0);")
    driver.execute_async_script(
        "const done = arguments[0]; document.activeElement.blur(); "
        "for (const area of document.querySelectorAll('textarea')) area.scrollTop = 0; "
        "requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)));"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / name))


def _clean(driver: WebDriver, origin: str, refused: int | None = None) -> None:
    """Nothing was asked of another host, and the console has no error (a blocked script or
    style, a failed request), but the answers of status ``refused`` the test asked for."""
    assert foreign(requested_urls(driver), origin) == [], "requests to other hosts"
    expected = f"the server responded with a status of {refused} "
    errors = [
        e["message"]
        for e in driver.get_log("browser")
        if e["level"] == "SEVERE" and (refused is None or expected not in e["message"])
    ]
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
    assert page.find_element(By.CSS_SELECTOR, "#beats-reason .words").text == beats["message"]
    assert page.find_element(By.CSS_SELECTOR, "#beats-reason code").text == beats["reason"]
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
    label = step.find_element(By.CSS_SELECTOR, ".part")
    assert error["part"] == "events"
    assert label.text == f"play {error['index'] + 1}"  # in words, counted from 1
    assert label.get_attribute("data-code") == f"{error['part']} {error['index']}"
    event = page.find_element(By.ID, "event")
    assert "illegal" in (event.get_attribute("class") or "")
    assert event.find_element(By.CSS_SELECTOR, ".why .words").text == error["message"]
    assert event.find_element(By.CSS_SELECTOR, ".why code").text == error["code"]
    verdict_box = page.find_element(By.ID, "verdict")
    assert error["message"] in verdict_box.text
    assert verdict_box.find_element(By.TAG_NAME, "code").text == error["code"]
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
    _wait(page, lambda d: d.find_element(By.ID, "where").text.startswith("step 1 of"), "no steps")
    # The result waits for the end of the hand: no score, no winner before the last step.
    assert not page.find_element(By.ID, "score").is_displayed()
    assert expected["winner"] not in page.find_element(By.ID, "verdict").text
    page.find_element(By.ID, "last").click()
    _wait(page, lambda d: d.find_element(By.ID, "score").is_displayed(), "no score at the end")
    assert f"the {expected['winner']} won" in page.find_element(By.ID, "verdict").text
    _wait(
        page,
        lambda d: _rows(d, "#seats .seat .cards") == [h for h in expected["hands"] if h],
        "the seats' cards at the end are not the referee's",
    )
    _screenshot(page, "hand-replay-score.png")
    breakdown = [
        [
            str(line.get_attribute("data-name")),
            line.find_element(By.CSS_SELECTOR, "td code").text,
            *[cell.text for cell in line.find_elements(By.TAG_NAME, "td")[1:]],
        ]
        for line in page.find_elements(By.CSS_SELECTOR, "#breakdown tr")
    ]
    score = expected["score"]
    assert breakdown == [
        [p["name"], p["name"], str(p["factor"]), p["detail"]] for p in score["breakdown"]
    ]
    # The last play, that ended the hand, is drawn with its combination's name.
    record = json.loads(str(options[ended].get_property("value")))
    last = _post(origin, "/v1/classify", {"cards": record["events"][-1]["cards"]})["combination"]
    named = page.find_element(By.CSS_SELECTOR, "#event .combo")
    assert named.get_attribute("data-kind") == last["kind"]
    assert last["name"] in named.text
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
    """A huanle record (docs/rules.md §13): each call a step in words ("seat 1: robs the
    landlord"), and the score's breakdown names the robs, the show and a seat's doubling."""
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
        " ".join(li.text.split())
        for li in page.find_elements(By.CSS_SELECTOR, '#steps li[data-part="auction"]')
    ]
    assert texts[0] == "auction 1 seat 0: shows the hand (before the deal)"
    assert texts[2] == "auction 3 seat 1: robs the landlord"
    page.find_element(By.ID, "last").click()
    _wait(page, lambda d: d.find_element(By.ID, "score").is_displayed(), "no score")
    names = [
        line.get_attribute("data-name")
        for line in page.find_elements(By.CSS_SELECTOR, "#breakdown tr")
    ]
    assert {"rob", "show", "spring", "seat_doubling"} <= set(names), names


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
        # the icon, the style sheet, i18n.js, cards.js and the page's script
        assert len(files) == 5
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
    assert "soft bomb, read as 3333" in lines[0].text
    _clean(page, origin)


# --- Phones and desktops, English and Chinese -------------------------------------------------

WIDTHS = (375, 1280)
"""A phone's width (an iPhone's 375 CSS pixels) and a desktop's."""

#: What each language calls the things checked on the pages.
TERMS = {
    "en": {
        "table": ("Cards", "Previous play", "Legal moves", "red joker", "black joker"),
        "replay": ("landlord", "farmer", "Kitty", "bids 3", "passes", "spring"),
        "auction": ("robs the landlord", "shows the hand", "doubles", "rob", "show"),
    },
    "zh": {
        "table": ("牌", "上家出牌", "可出的牌", "大王", "小王", "王炸"),
        "replay": ("地主", "农民", "底牌", "叫 3 分", "不出", "春天"),
        "auction": ("抢地主", "明牌", "加倍", "叫地主"),
    },
}


def _resize(driver: WebDriver, width: int) -> None:
    driver.set_window_size(width, 900)
    _wait(driver, lambda d: d.execute_script("return innerWidth") == width, "window not resized")


def _fits(driver: WebDriver, selector: str) -> None:
    """No sideways scroll, and each element of ``selector`` (shown) lies within the window."""
    width, scroll = driver.execute_script(
        "return [innerWidth, document.documentElement.scrollWidth];"
    )
    assert scroll <= width, f"{driver.current_url} is {scroll} px wide in a {width} px window"
    boxes = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.getBoundingClientRect())"
        ".map(r => [r.left, r.right, r.width]);",
        selector,
    )
    assert boxes, f"nothing matches {selector}"
    for left, right, shown in boxes:
        assert shown > 0 and left >= 0 and right <= width, (selector, left, right, width)


def _text(driver: WebDriver) -> str:
    """The page's text and its cards' titles (a joker is named there too)."""
    return str(
        driver.execute_script(
            "return document.body.innerText + ' ' + [...document.querySelectorAll('[title]')]"
            ".map(e => e.title).join(' ');"
        )
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", WIDTHS)
def test_card_table_fits_the_screen_in_both_languages(
    browser: WebDriver, origin: str, width: int, lang: str
) -> None:
    """A landlord's 20 cards with both jokers, against a previous play: no sideways scroll at a
    phone's width or a desktop's; the picker, the hand and every move on screen; the jokers and
    the rocket named in the page's language."""
    _resize(browser, width)
    try:
        page = _open(browser, origin + "/table", "ready", lang)
        assert page.execute_script("return document.documentElement.lang").startswith(lang)
        hand = "3 3 4 5 6 7 8 9 10 J Q K A A 2 2 2 2 BJ RJ"
        answers = _post(origin, "/v1/legal-moves", {"hand": hand, "previous": "33", "limit": 100})
        _type(page.find_element(By.ID, "cards"), hand)
        _type(page.find_element(By.ID, "previous"), "3 3")

        def drawn(driver: WebDriver) -> bool:
            return _rows(driver, "#move-rows .move") == [m["cards"] for m in answers["moves"]]

        _wait(page, drawn, "the legal responses drawn are not the API's")
        _fits(page, "#picker .pick")
        _fits(page, "#hand-cards .card")
        _fits(page, "#move-rows .move")
        text = _text(page)
        for term in TERMS[lang]["table"]:
            assert term in text, (lang, term)
        rocket = page.find_element(By.CSS_SELECTOR, '#move-rows .move[data-kind="rocket"]')
        assert ("red joker" if lang == "en" else "大王") in rocket.text
        assert "rank JOKER" not in text
        if width == WIDTHS[0]:
            _screenshot(page, f"card-table-phone-{lang}.png", height=1200)
        _clean(page, origin)
    finally:
        _resize(browser, 1280)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", WIDTHS)
def test_replay_fits_the_screen_in_both_languages(
    browser: WebDriver, origin: str, width: int, lang: str
) -> None:
    """The spring, then the online auction: at each width every seat and the score are on
    screen with no sideways scroll, and the steps, roles, kitty and score read in the page's
    language."""
    _resize(browser, width)
    try:
        page = _open(browser, origin + "/replay", "examples", lang)
        for record, terms in ((SPRING, "replay"), (HUANLE_RECORD, "auction")):
            page.execute_script(
                "document.getElementById('record').value = arguments[0];", json.dumps(record)
            )
            page.find_element(By.ID, "replay").click()
            _wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#seats .seat"), "no seats")
            text = _text(page)  # the deal: the kitty still on the table
            page.find_element(By.ID, "last").click()
            _wait(page, lambda d: d.find_element(By.ID, "score").is_displayed(), "no score")
            _wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#event .combo"), "no play")
            _fits(page, "#seats .seat")
            _fits(page, "#score")
            _fits(page, "#points span")
            text += _text(page)
            for term in TERMS[lang][terms]:
                assert term in text, (lang, term)
        if width == WIDTHS[0]:
            _screenshot(page, f"hand-replay-phone-{lang}.png", height=1500)
        _clean(page, origin)
    finally:
        _resize(browser, 1280)


def test_the_language_is_switched_and_remembered(browser: WebDriver, origin: str) -> None:
    """中文 on the table, and the replay opens in Chinese; English, and it is back."""
    page = _open(browser, origin + "/table", "ready", "en")
    page.find_element(By.CSS_SELECTOR, '#languages button[data-lang="zh"]').click()
    _wait(page, lambda d: d.find_element(By.ID, "moves-count").text.endswith("种出法"), "no 中文")
    assert page.find_element(By.CSS_SELECTOR, 'nav a[href="/table"]').text == "牌桌"
    _type(page.find_element(By.ID, "cards"), "3 Z")  # the API's problem, in Chinese
    _wait(
        page,
        lambda d: "「Z」不是一张牌" in d.find_element(By.ID, "hand-problem").text,
        "no 中文 problem",
    )
    page.get(origin + "/replay")
    _wait(page, lambda d: d.find_element(By.ID, "where").text.startswith("第 1 步"), "not kept")
    assert page.execute_script("return document.documentElement.lang") == "zh-Hans"
    page.find_element(By.CSS_SELECTOR, '#languages button[data-lang="en"]').click()
    _wait(page, lambda d: d.find_element(By.ID, "where").text.startswith("step 1"), "no English")
    page.get(origin + "/")
    _wait(
        page,
        lambda d: (
            [a.text for a in d.find_elements(By.CSS_SELECTOR, 'nav a[href="/replay"]')]
            == ["Hand replay"]
        ),
        "the home page not in English",
    )
    _clean(page, origin, refused=422)


def _badges(driver: WebDriver) -> dict[str, str]:
    """The deck picker's ×N badges shown, by rank."""
    found = driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#picker .pick')]"
        ".map(b => [b.dataset.rank, b.querySelector('.count').textContent])"
        ".filter(([, n]) => n));"
    )
    assert isinstance(found, dict)
    return {str(rank): str(n) for rank, n in found.items()}


def test_the_picker_counts_the_field_it_adds_to(browser: WebDriver, origin: str) -> None:
    """The ×N badges count the cards of the field the picker says it adds to, as the referee
    read them, and none while that field cannot be read."""
    page = _open(browser, origin + "/table", "ready")
    cards = page.find_element(By.ID, "cards")
    _type(cards, "3 3 3 10 10")
    _wait(page, lambda d: _badges(d) == {"3": "×3", "T": "×2"}, "no badges for the cards")
    _type(cards, "3 3 Z")  # Z is no card: the referee cannot read the field
    _wait(page, lambda d: _badges(d) == {}, "stale badges after an unreadable input")
    previous = page.find_element(By.ID, "previous")
    _type(previous, "4 4 BJ")
    assert page.find_element(By.ID, "target").text == "Previous play"
    _wait(page, lambda d: _badges(d) == {"4": "×2", "B": "×1"}, "badges not of Previous play")
    page.find_element(By.CSS_SELECTOR, '#picker .pick[data-rank="R"]').click()
    _wait(page, lambda d: _badges(d) == {"4": "×2", "B": "×1", "R": "×1"}, "no red joker added")
    assert previous.get_attribute("value") == "4 4 BJ RJ"
    cards.click()
    _wait(page, lambda d: _badges(d) == {}, "the badges did not follow the field")
    _clean(page, origin, refused=422)  # the unreadable cards
