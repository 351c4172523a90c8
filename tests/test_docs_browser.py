"""The interactive API docs (``GET /docs``) in a real headless browser.

The real service (gunicorn, ``gunicorn.conf.py``) is started on a free loopback port and its
Swagger UI page is loaded in Debian's Chromium, driven by Debian's ChromeDriver through
selenium: the page must show every operation of ``/openapi.json``, run ``POST /v1/classify``
from "Try it out" with its prefilled example, and load nothing from any other host (no CDN).

Needs the Debian packages ``chromium`` and ``chromium-driver`` (CI installs them); without them
the tests fail rather than skip.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from browser import TIMEOUT, chromium, foreign, requested_urls, resource_urls
from live import gunicorn
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
ZERO_WIDTH_SPACE = "\u200b"  # Swagger UI puts one before every "/" of a displayed path


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as response:
        body: bytes = response.read()
        return body


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    """The real service under gunicorn on a free loopback port: its origin (scheme://host:port)."""
    with gunicorn({"DDZ_WORKERS": "1"}) as base:
        yield base


@pytest.fixture(scope="module")
def operations(origin: str) -> list[tuple[str, str]]:
    """Every (METHOD, path) of the service's OpenAPI document."""
    document = json.loads(_get(origin + "/openapi.json"))
    found = [
        (method.upper(), path)
        for path, item in document["paths"].items()
        for method in item
        if method in METHODS
    ]
    assert found, "the OpenAPI document lists no operation"
    return found


@pytest.fixture(scope="module")
def browser(origin: str) -> Iterator[WebDriver]:
    """Headless Debian Chromium through Debian's ChromeDriver (never Selenium Manager), started
    after the server and quit before it stops: a connection the browser keeps alive would hold
    gunicorn's graceful stop for its whole timeout (20 s seen in a teardown)."""
    with chromium() as driver:
        yield driver


@pytest.fixture
def docs(browser: WebDriver, origin: str) -> WebDriver:
    """The browser on a freshly loaded ``/docs``, once Swagger UI has rendered the operations."""
    browser.get("about:blank")
    browser.get_log("performance")  # drop the events of earlier pages
    browser.get(origin + "/docs")
    WebDriverWait(browser, TIMEOUT).until(
        ec.presence_of_element_located((By.CSS_SELECTOR, ".opblock .opblock-summary-path")),
        "Swagger UI rendered no operation",
    )
    return browser


def _summary(block: WebElement) -> tuple[str, str]:
    method = block.find_element(By.CSS_SELECTOR, ".opblock-summary-method").text.strip()
    path = block.find_element(By.CSS_SELECTOR, ".opblock-summary-path")
    shown = path.get_attribute("data-path") or path.text.replace(ZERO_WIDTH_SPACE, "")
    return method.upper(), shown.strip()


def _shown_operations(driver: WebDriver) -> list[tuple[str, str]]:
    return [_summary(block) for block in driver.find_elements(By.CSS_SELECTOR, ".opblock")]


def _operation(driver: WebDriver, method: str, path: str) -> WebElement:
    for block in driver.find_elements(By.CSS_SELECTOR, ".opblock"):
        if _summary(block) == (method, path):
            return block
    raise AssertionError(f"{method} {path} is not on the page")


def test_docs_page_shows_every_operation(
    docs: WebDriver, operations: list[tuple[str, str]]
) -> None:
    expected = sorted(operations)

    def rendered(driver: WebDriver) -> bool:
        return sorted(_shown_operations(driver)) == expected

    try:
        WebDriverWait(docs, TIMEOUT).until(rendered)
    except TimeoutException:
        shown = sorted(_shown_operations(docs))
        pytest.fail(f"the docs page shows {shown}, the OpenAPI document lists {expected}")
    assert docs.title == "ddz-referee"


def test_try_it_out_runs_classify(docs: WebDriver, origin: str) -> None:
    wait = WebDriverWait(docs, TIMEOUT)
    block = _operation(docs, "POST", "/v1/classify")
    block.find_element(By.CSS_SELECTOR, ".opblock-summary").click()
    wait.until(lambda _: "is-open" in (block.get_attribute("class") or ""))
    # The service configures ``tryItOutEnabled``: the operation may open already editable.
    try_out = wait.until(
        lambda _: block.find_element(By.CSS_SELECTOR, "button.try-out__btn"),
        "no 'Try it out' button",
    )
    if try_out.text.strip() == "Try it out":
        try_out.click()
    body = wait.until(
        lambda _: block.find_element(By.CSS_SELECTOR, "textarea.body-param__text"),
        "no editable request body",
    )
    example = json.loads(str(body.get_property("value")))
    assert example == {"cards": "3 3 3 10 10"}
    execute = block.find_element(By.CSS_SELECTOR, "button.execute")
    wait.until(ec.element_to_be_clickable(execute)).click()

    status_cell = ".live-responses-table tr.response .response-col_status"
    status = wait.until(
        lambda _: block.find_element(By.CSS_SELECTOR, status_cell).text.strip() or False,
        "no live response shown",
    )
    live_body = block.find_element(
        By.CSS_SELECTOR, ".live-responses-table .response-col_description .highlight-code pre"
    ).text
    assert status == "200", live_body
    answer = json.loads(live_body)
    assert answer["valid"] is True
    assert answer["combination"]["kind"] == "trio_pair"
    assert '"trio_pair"' in live_body

    # The request went to the local server, and nothing else did.
    resources = resource_urls(docs)
    assert origin + "/v1/classify" in resources
    assert foreign(resources, origin) == []
    assert foreign(requested_urls(docs), origin) == []


def test_docs_page_leads_back_and_fits_a_phone(docs: WebDriver, origin: str) -> None:
    """The description links the home page and the two pages; at a phone's width (375 px) the
    page does not scroll sideways, an operation opened included."""
    links = docs.find_elements(By.CSS_SELECTOR, ".info .description a, .info a")
    targets = {str(link.get_attribute("href")) for link in links}
    assert {origin + "/", origin + "/table", origin + "/replay"} <= targets
    docs.set_window_size(375, 900)
    try:
        WebDriverWait(docs, TIMEOUT).until(lambda d: d.execute_script("return innerWidth") == 375)
        block = _operation(docs, "POST", "/v1/classify")
        block.find_element(By.CSS_SELECTOR, ".opblock-summary").click()
        WebDriverWait(docs, TIMEOUT).until(
            lambda _: "is-open" in (block.get_attribute("class") or "")
        )
        width = docs.execute_script("return document.documentElement.scrollWidth")
        assert width <= 375, f"/docs is {width} px wide on a 375 px phone"
    finally:
        docs.set_window_size(1280, 1024)


def test_docs_page_loads_nothing_from_other_hosts(docs: WebDriver, origin: str) -> None:
    WebDriverWait(docs, TIMEOUT).until(
        lambda driver: origin + "/openapi.json" in resource_urls(driver),
        "the page did not fetch /openapi.json",
    )
    resources = resource_urls(docs)
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"):
        assert f"{origin}/docs/assets/{asset}" in resources
    assert foreign(resources, origin) == [], "Performance API: requests to other hosts"
    requested = requested_urls(docs)
    assert origin + "/docs" in requested
    assert foreign(requested, origin) == [], "DevTools: requests to other hosts"
