"""What the browser tests share: a real `folio serve` on a temporary Home, and headless Chromium.

Each test gets its own container and server (`folio serve --port 0`, token from FOLIO_TOKEN);
the browser is started once per test class. Screenshots go to artifacts/browser/.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FOLIO = os.environ.get("FOLIO_BINARY", os.path.join(ROOT, ".build", "debug", "folio"))
ARTIFACTS = os.path.join(ROOT, "artifacts", "browser")
DOWNLOADS = os.path.join(ARTIFACTS, "downloads")
TOKEN = "browser-test-token"
SAMPLE_MARKER = "Library/Preferences/SampleContent.json"


class FolioServer:
    """`folio serve --port 0` on a fresh Home; `samples=False` starts with an empty library;
    `environment` adds variables to the server's environment."""

    def __init__(self, samples=True, prepare=None, environment=None):
        self.home = tempfile.mkdtemp(prefix="folio-browser-")
        if not samples:
            self.write(SAMPLE_MARKER, "{}")
        if prepare:
            prepare(self)
        environment = dict(os.environ, FOLIO_TOKEN=TOKEN, **(environment or {}))
        self.process = subprocess.Popen(
            [FOLIO, "--home", self.home, "serve", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=environment,
            text=True,
        )
        self.url = None
        for line in self.process.stdout:
            match = re.search(r"Open (http://127\.0\.0\.1:\d+)/\?token=", line)
            if match:
                self.url = match.group(1)
                break
        if not self.url:
            self.stop()
            raise RuntimeError("folio serve did not print its address")

    def path(self, relative):
        return os.path.join(self.home, relative)

    def write(self, relative, text):
        target = self.path(relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as file:
            file.write(text)

    def read(self, relative):
        with open(self.path(relative), encoding="utf-8") as file:
            return file.read()

    def exists(self, relative):
        return os.path.lexists(self.path(relative))

    def folio(self, *arguments):
        """Runs the folio command line on this server's Home; returns its standard output."""
        return subprocess.run([FOLIO, "--home", self.home, *arguments], check=True, capture_output=True, text=True).stdout

    def documents(self):
        return sorted(os.listdir(self.path("Documents")))

    def headers(self, path):
        """The response headers of a GET of `path` (Bearer token)."""
        request = urllib.request.Request(self.url + path, headers={"Authorization": "Bearer " + TOKEN})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.headers

    def api(self, path):
        """GET an API path as a script would (Bearer token); returns parsed JSON."""
        request = urllib.request.Request(self.url + path, headers={"Authorization": "Bearer " + TOKEN})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read().decode())

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        shutil.rmtree(self.home, ignore_errors=True)


def make_driver(width=1280, height=860):
    options = Options()
    for argument in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        "--lang=en-US",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("prefs", {"download.default_directory": DOWNLOADS, "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    # Headless Chromium keeps windows at least 500 pixels wide; the viewport itself is set exactly,
    # so a phone-sized test sees a phone's 390 CSS pixels.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    return driver


class BrowserTestCase(unittest.TestCase):
    """A test with a browser (per class) and a server (per test, made by `serve`)."""

    window = (1280, 860)
    wait_seconds = 20

    @classmethod
    def setUpClass(cls):
        os.makedirs(DOWNLOADS, exist_ok=True)
        cls.driver = make_driver(*cls.window)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.server = None

    def tearDown(self):
        outcome = getattr(self, "_outcome", None)
        if outcome is not None and not getattr(outcome, "success", True):
            self.screenshot("FAILED")
        if self.server:
            self.server.stop()

    def serve(self, **options):
        self.server = FolioServer(**options)
        return self.server

    def open(self, hash_path="#/documents"):
        """Opens the printed address (token → cookie), then the page."""
        self.driver.get(self.server.url + "/?token=" + TOKEN)
        self.driver.get(self.server.url + "/" + hash_path)
        self.wait_for(lambda driver: driver.execute_script("return document.readyState") == "complete")
        self.wait_for_css('#live[data-state="live"]')

    def screenshot(self, name):
        self.driver.save_screenshot(os.path.join(ARTIFACTS, f"{self.id().split('.')[-1]}-{name}.png"))

    def wait_for(self, condition, message="", seconds=None):
        try:
            # An element replaced while the condition reads it is read again at the next poll.
            return WebDriverWait(
                self.driver,
                seconds or self.wait_seconds,
                poll_frequency=0.05,
                ignored_exceptions=(StaleElementReferenceException,),
            ).until(condition)
        except TimeoutException:
            self.screenshot("timeout")
            raise AssertionError("timed out waiting: " + message)

    def wait_for_css(self, selector, seconds=None):
        return self.wait_for(
            lambda driver: next((e for e in driver.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()), None),
            selector,
            seconds,
        )

    def css(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def row(self, name, table="#document-table"):
        """The visible table-view row whose title is exactly `name`."""
        return self.wait_for(
            lambda driver: driver.execute_script(
                "const [table, name] = arguments;"
                "return [...document.querySelectorAll(table + ' .tv-cell')]"
                ".find(cell => !cell.hidden && cell.querySelector('.tv-title').textContent === name) || null;",
                table,
                name,
            ),
            f"a row titled {name!r}",
        )

    def row_titles(self, table="#document-table"):
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0] + ' .tv-cell')]"
            ".filter(cell => !cell.hidden).map(cell => cell.querySelector('.tv-title').textContent);",
            table,
        )

    def action(self, name):
        """Chooses an item of the actions menu."""
        self.css("#actions-button").click()
        item = self.wait_for_css(f'#actions-menu [data-action="{name}"]')
        self.wait_for(lambda driver: item.is_enabled(), f"the {name} action to be enabled")
        item.click()

    def open_document(self, name):
        self.driver.get(self.server.url + "/#/documents/" + urllib.parse.quote(name, safe=""))
        self.wait_for(lambda driver: self.css("#detail-title").text == name, f"{name} to open")

    def hold_saves(self):
        """Holds the page's PUT requests (saves) in flight until release_saves(), as a slow
        network would; they then go to the server unchanged."""
        self.driver.execute_script(
            "if (window.heldSaves) return;"
            "const send = window.fetch; window.heldSaves = [];"
            "window.fetch = (url, options) => options && options.method === 'PUT' && window.heldSaves"
            "  ? new Promise((resolve, reject) => window.heldSaves.push(() => send(url, options).then(resolve, reject)))"
            "  : send(url, options);"
        )

    def held_saves(self):
        return self.driver.execute_script("return window.heldSaves ? window.heldSaves.length : 0;")

    def release_saves(self):
        """Sends the held saves and stops holding."""
        self.driver.execute_script("const held = window.heldSaves || []; window.heldSaves = null; held.forEach((send) => send());")

