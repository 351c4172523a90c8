"""A real browser for tests: Debian's headless Chromium, driven by Debian's ChromeDriver through
selenium (never Selenium Manager, which would download a browser), and what a page asked for.

Needs the Debian packages ``chromium`` and ``chromium-driver`` (CI installs them); without them
the tests fail rather than skip.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
TIMEOUT = 30.0
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1024",
)


@contextmanager
def chromium() -> Iterator[WebDriver]:
    """Headless Debian Chromium with a fresh profile, logging every network request."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.is_file()]
    if missing:
        pytest.fail(
            f"{' and '.join(missing)} not found: install Debian's browser and its driver with "
            "`apt-get install -y chromium chromium-driver` (CI installs them)",
            pytrace=False,
        )
    with tempfile.TemporaryDirectory(prefix="ddz-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        # Every request the page makes, failed ones included (the DevTools network events),
        # and what the page's console said (Content-Security-Policy violations among it).
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        driver = webdriver.Chrome(
            options=options, service=Service(executable_path=str(CHROMEDRIVER))
        )
        try:
            driver.set_page_load_timeout(TIMEOUT)
            yield driver
        finally:
            driver.quit()


def resource_urls(driver: WebDriver) -> list[str]:
    """Every URL the current page loaded (the Performance API)."""
    urls = driver.execute_script(
        "return performance.getEntriesByType('resource').map(entry => entry.name);"
    )
    assert isinstance(urls, list)
    return [str(url) for url in urls]


def requested_urls(driver: WebDriver) -> list[str]:
    """Every URL the page asked for since the last call, from the DevTools network events."""
    urls = []
    for entry in driver.get_log("performance"):
        message: dict[str, Any] = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(str(message["params"]["request"]["url"]))
    return urls


def foreign(urls: list[str], origin: str) -> list[str]:
    """The URLs that go to the network anywhere but the local server."""
    local = ("data:", "blob:", "about:")
    return [url for url in urls if not url.startswith((origin + "/", *local))]
