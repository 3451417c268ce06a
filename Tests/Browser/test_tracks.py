"""The Tracks page manages tracks: import a GPX file, export one, rename and delete."""

import os
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import DOWNLOADS, BrowserTestCase

GPX = """<?xml version="1.0"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Harbour loop</name><trkseg>
<trkpt lat="-41.2865" lon="174.7762"><time>2024-03-01T08:00:00Z</time></trkpt>
<trkpt lat="-41.2900" lon="174.7800"><time>2024-03-01T08:05:00Z</time></trkpt>
</trkseg></trk></gpx>
"""


class TrackManagementTests(BrowserTestCase):
    def tracks(self):
        return [track["name"] for track in self.server.api("/api/tracks")]

    def test_a_gpx_file_is_imported_exported_renamed_and_deleted(self):
        self.serve()
        self.open("#/tracks")
        self.row("White House to the Pentagon", table=".tracks-split .browser")
        with tempfile.NamedTemporaryFile("w", suffix=".gpx", prefix="harbour-", delete=False) as file:
            file.write(GPX)
        self.addCleanup(os.unlink, file.name)
        field = self.css('.tracks-split input[type="file"]')
        self.driver.execute_script("arguments[0].hidden = false", field)
        field.send_keys(file.name)
        self.wait_for(lambda driver: self.css("#track-title").text == "Harbour loop", "the imported track to open")
        self.assertIn("Harbour loop", self.tracks())
        self.row("Harbour loop", table=".tracks-split .browser")

        exported = os.path.join(DOWNLOADS, "Harbour loop.gpx")
        if os.path.exists(exported):
            os.unlink(exported)
        self.css(".track-actions").find_element(By.XPATH, "button[.='Export GPX']").click()
        self.wait_for(lambda driver: os.path.exists(exported) and os.path.getsize(exported) > 0, "the GPX download")
        time.sleep(0.2)
        with open(exported, encoding="utf-8") as download:
            text = download.read()
        self.assertIn("<name>Harbour loop</name>", text)
        self.assertIn('lat="-41.2865"', text)

        self.css(".track-actions").find_element(By.XPATH, "button[.='Rename…']").click()
        name = self.wait_for_css("#rename-field")
        self.wait_for(lambda driver: driver.switch_to.active_element == name, "the name field's focus")
        name.send_keys(Keys.CONTROL, "a")
        name.send_keys("White House to the Pentagon", Keys.ENTER)
        self.wait_for(lambda driver: "already exists" in self.css("#rename-label").text, "the taken name said in place")
        name.send_keys(Keys.CONTROL, "a")
        name.send_keys("Wellington harbour", Keys.ENTER)
        self.wait_for(lambda driver: self.css("#track-title").text == "Wellington harbour", "the new name")
        self.assertEqual(sorted(self.tracks()), ["Wellington harbour", "White House to the Pentagon"])

        self.css(".track-actions").find_element(By.XPATH, "button[.='Delete…']").click()
        alert = self.wait_for_css("#confirm-alert")
        self.assertIn("for good", alert.text)
        alert.find_element(By.CSS_SELECTOR, ".destructive").click()
        self.wait_for(lambda driver: self.tracks() == ["White House to the Pentagon"], "the track to be deleted")
        self.wait_for(lambda driver: "Wellington harbour" not in self.driver.find_element(By.CSS_SELECTOR, ".tracks-split .browser").text, "the list without it")

    def test_a_file_that_is_not_gpx_is_refused_and_nothing_is_stored(self):
        self.serve()
        self.open("#/tracks")
        self.row("White House to the Pentagon", table=".tracks-split .browser")
        with tempfile.NamedTemporaryFile("w", suffix=".gpx", delete=False) as file:
            file.write("lat,lon\n1,2\n")
        self.addCleanup(os.unlink, file.name)
        field = self.css('.tracks-split input[type="file"]')
        self.driver.execute_script("arguments[0].hidden = false", field)
        field.send_keys(file.name)
        self.wait_for(lambda driver: "Could not import" in self.css("#toasts").text, "the refusal")
        self.assertEqual(self.tracks(), ["White House to the Pentagon"])


if __name__ == "__main__":
    unittest.main()
