"""Files and the inspector, the web view, data as table views, a huge library, and the token page."""

import os
import sqlite3
import stat
import struct
import time
import unittest
import zlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase


def png(width, height, rgb):
    """A small opaque PNG of one colour."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


PNG = png(2, 2, (220, 30, 30))


class FilesTests(BrowserTestCase):
    def test_the_inspector_shows_every_attribute_and_changes_the_settable_ones(self):
        server = self.serve()
        self.open("#/files")
        tmp = self.wait_for_css('li[data-path="tmp"] > .tree-row')
        tmp.find_element(By.CSS_SELECTOR, ".disclosure").click()
        self.wait_for_css('li[data-path="tmp/file.html"] > .tree-row').click()
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "file.html", "the inspector")
        labels = [element.text for element in self.driver.find_elements(By.CSS_SELECTOR, ".attributes dt")]
        for label in [
            "Size", "Type", "Created", "Modified", "Accessed", "Permissions", "Owner", "Group", "Reference count",
            "File system number", "File number", "Extension hidden", "Immutable", "Append-only",
        ]:
            self.assertIn(label, labels)
        self.assertEqual(self.css('dd[data-attribute="Permissions"]').text, "600 (rw-------)")
        self.assertEqual(self.css('dd[data-attribute="File number"]').text, str(os.stat(server.path("tmp/file.html")).st_ino))

        mode = self.css('input[name="mode"]')
        mode.clear()
        mode.send_keys("644")
        self.css('input[name="extensionHidden"]').click()
        modified = self.css('input[name="modified"]')
        self.driver.execute_script("arguments[0].value = '2024-03-05T06:07:08'", modified)
        self.css(".attribute-form button[type=submit]").click()
        self.wait_for(lambda driver: self.css('dd[data-attribute="Permissions"]').text == "644 (rw-r--r--)", "the new mode")
        self.assertEqual(self.css('dd[data-attribute="Extension hidden"]').text, "Yes")
        self.assertEqual(stat.S_IMODE(os.stat(server.path("tmp/file.html")).st_mode), 0o644)
        local = time.mktime((2024, 3, 5, 6, 7, 8, 0, 0, -1))
        self.assertEqual(int(os.stat(server.path("tmp/file.html")).st_mtime), int(local))
        self.assertTrue(server.api("/api/files/tmp/file.html")["attributes"]["isExtensionHidden"])
        self.screenshot("inspector")

    def test_the_tree_opens_and_closes_with_the_arrow_keys(self):
        self.serve()
        self.open("#/files/Documents")
        documents = self.wait_for_css('li[data-path="Documents"]')
        self.wait_for(lambda driver: driver.switch_to.active_element == documents, "the focus on Documents")
        ActionChains(self.driver).send_keys(Keys.ARROW_RIGHT).perform()
        self.wait_for(lambda driver: documents.get_attribute("aria-expanded") == "true")
        self.wait_for_css('li[data-path="Documents/Garden.dudeldoc"]')
        ActionChains(self.driver).send_keys(Keys.ARROW_DOWN).perform()
        self.wait_for(lambda driver: driver.switch_to.active_element.get_attribute("data-path") == "Documents/Garden.dudeldoc")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "Garden.dudeldoc")
        ActionChains(self.driver).send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT).perform()
        self.wait_for(lambda driver: documents.get_attribute("aria-expanded") == "false")

    def test_the_bundle_is_shown_read_only(self):
        self.serve()
        self.open("#/files/Folio.app/file.txt")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "file.txt", "the bundle file")
        self.assertIn("read-only", self.css(".inspector-body").text)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".attribute-form"), [])

    def test_new_folder_upload_and_delete(self):
        server = self.serve()
        self.open("#/files/tmp")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "tmp")
        name = self.css('input[aria-label="New folder name"]')
        name.send_keys("Reports", Keys.ENTER)
        self.wait_for(lambda driver: os.path.isdir(server.path("tmp/Reports")), "the new folder")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "Reports")
        upload = os.path.join(server.home, "upload-source.txt")
        with open(upload, "w") as file:
            file.write("uploaded through the browser\n" * 1000)
        self.css('input[type="file"]').send_keys(upload)
        self.wait_for(lambda driver: server.exists("tmp/Reports/upload-source.txt"), "the upload")
        self.assertEqual(os.path.getsize(server.path("tmp/Reports/upload-source.txt")), os.path.getsize(upload))
        self.wait_for_css('li[data-path="tmp/Reports/upload-source.txt"] > .tree-row').click()
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "upload-source.txt")
        self.css(".inspector-actions .destructive").click()
        self.wait_for_css("#confirm-alert").find_element(By.XPATH, ".//button[text()='Delete']").click()
        self.wait_for(lambda driver: not server.exists("tmp/Reports/upload-source.txt"), "the delete")


class ViewerTests(BrowserTestCase):
    def test_html_is_shown_in_a_sandbox_where_its_script_does_not_run(self):
        server = self.serve()
        self.assertIn("<script>", server.read("tmp/file.html"))
        self.open("#/open/tmp/file.html")
        frame = self.wait_for_css("iframe.web-frame")
        self.assertEqual(frame.get_attribute("sandbox"), "")
        self.driver.switch_to.frame(frame)
        try:
            self.wait_for(lambda driver: driver.find_element(By.TAG_NAME, "h1").text.startswith("Created in tmp/"))
            self.assertEqual(self.driver.find_elements(By.ID, "scripted"), [])
        finally:
            self.driver.switch_to.default_content()
        self.screenshot("web-view")

    def test_the_simpsons_table_has_sections_headers_and_footers(self):
        self.serve()
        self.open("#/data/Documents/simpsons.csv")
        self.row("Homer Jay Simpson", table=".table-file-viewer .tableview")
        headers = self.driver.execute_script(
            "return [...document.querySelectorAll('.table-file-viewer .tv-header')].filter(h => !h.hidden).map(h => h.textContent);"
        )
        self.assertEqual(headers, ["The Simpsons Family", "The Others"])
        footers = self.driver.execute_script(
            "return [...document.querySelectorAll('.table-file-viewer .tv-footer')].filter(h => !h.hidden).map(h => h.textContent);"
        )
        self.assertEqual(footers, ["7 rows", "4 rows"])
        self.assertEqual(self.row("Homer Jay Simpson", table=".table-file-viewer .tableview").find_element(By.CSS_SELECTOR, ".tv-subtitle").text, "Father")
        footer = self.css('input[aria-label="Footer titles"]')
        footer.send_keys("End of Simpsons Family|End of The Others", Keys.ENTER)
        self.wait_for(
            lambda driver: "End of The Others"
            in driver.execute_script("return [...document.querySelectorAll('.table-file-viewer .tv-footer')].map(h => h.textContent);"),
            "the footers",
        )
        self.screenshot("simpsons")

    def test_a_database_shows_blob_images_and_answers_read_only_queries(self):
        def prepare(server):
            os.makedirs(server.path("Documents"), exist_ok=True)
            database = sqlite3.connect(server.path("Documents/pictures.db"))
            database.execute("CREATE TABLE pictures (name TEXT, picture BLOB)")
            database.execute("INSERT INTO pictures VALUES (?, ?)", ("red square", PNG))
            database.commit()
            database.close()

        server = self.serve(prepare=prepare)
        self.open("#/data/Documents/pictures.db")
        image = self.wait_for(lambda driver: driver.find_element(By.CSS_SELECTOR, ".data-split .db-grid .dg-row:not([hidden]) img.blob-image"), "the BLOB image in the grid")
        self.wait_for(lambda driver: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 2, "the BLOB image")
        sql = self.css(".data-split .sql")
        sql.clear()
        sql.send_keys("SELECT name, length(picture) AS bytes FROM pictures")
        self.css(".data-split .query-box button[type=submit]").click()
        cells = ".data-split .query-grid .dg-row:not([hidden]) .dg-td:not(.dg-number)"
        self.wait_for(lambda driver: [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, cells)] == ["red square", str(len(PNG))])
        sql.clear()
        sql.send_keys("DELETE FROM pictures", Keys.CONTROL, Keys.ENTER)
        self.wait_for_css(".data-split .query-error")
        self.assertIn("readonly", self.css(".data-split .query-error").text.replace(" ", "").replace("-", ""))
        with sqlite3.connect(server.path("Documents/pictures.db")) as database:
            self.assertEqual(database.execute("SELECT count(*) FROM pictures").fetchone()[0], 1)
        self.screenshot("database")

    def test_database_numbers_keep_their_type_and_digits(self):
        def prepare(server):
            os.makedirs(server.path("Documents"), exist_ok=True)
            database = sqlite3.connect(server.path("Documents/numbers.db"))
            database.execute("CREATE TABLE prices (name TEXT, price REAL)")
            database.execute("INSERT INTO prices VALUES ('whole', 2.0), ('product', 20.23 * 140)")
            database.commit()
            database.close()

        self.serve(prepare=prepare)
        self.open("#/data/Documents/numbers.db")
        price = ".data-split .db-grid .dg-row[data-row='0'] .dg-td:nth-child(3)"
        self.wait_for(lambda driver: driver.execute_script("const cell = document.querySelector(arguments[0]); return cell && cell.textContent", price) == "2.0", "the REAL 2.0 with its fraction")
        sql = self.css(".data-split .sql")
        sql.clear()
        sql.send_keys("SELECT 2.0 AS a, 0.1 + 0.2 AS b, 1e308 * 10 AS c, 'Infinity' AS d, 42 AS e, price FROM prices WHERE name = 'product'")
        self.css(".data-split .query-box button[type=submit]").click()
        cells = lambda driver: [
            (cell.text, (cell.get_attribute("class") or "").replace("dg-td", "").strip())
            for cell in driver.find_elements(By.CSS_SELECTOR, ".data-split .query-grid .dg-row:not([hidden]) .dg-td:not(.dg-number)")
        ]
        expected = [("2.0", "number"), ("0.30000000000000004", "number"), ("Infinity", "number"), ("Infinity", ""), ("42", "number"), ("2832.2000000000003", "number")]
        self.wait_for(lambda driver: cells(driver) == expected, "the digits the server wrote")

    def test_without_the_token_the_page_says_to_open_the_printed_address(self):
        server = self.serve()
        self.driver.delete_all_cookies()
        self.driver.get(server.url + "/")
        self.wait_for(lambda driver: "Folio needs its access token" in driver.find_element(By.TAG_NAME, "body").text)
        self.assertIn("folio serve", self.driver.find_element(By.TAG_NAME, "body").text)

    def test_the_app_says_so_when_its_token_stops_working(self):
        self.serve()
        self.open()
        self.row("Welcome.txt")
        self.driver.delete_all_cookies()
        self.css('a[data-nav="files"]').click()
        blocked = self.wait_for_css("#blocked")
        self.assertIn("Open the address folio serve printed", blocked.text)
        self.assertFalse(self.css(".toolbar").is_displayed())


class HugeLibraryTests(BrowserTestCase):
    wait_seconds = 60

    def test_a_hundred_thousand_documents_scroll_with_a_small_dom(self):
        count = 100_000

        def prepare(server):
            documents = server.path("Documents")
            os.makedirs(documents, exist_ok=True)
            for index in range(count):
                os.close(os.open(os.path.join(documents, f"Note {index:06d}.txt"), os.O_CREAT | os.O_WRONLY, 0o600))

        self.serve(samples=False, prepare=prepare)
        self.open()
        self.row("Note 000000.txt")
        self.wait_for(lambda driver: self.css(".browser-count").text == "100,000 in all", "the count")
        table = self.css("#document-table")
        height = self.driver.execute_script("return arguments[0].scrollHeight", table)
        self.assertGreater(height, count * 60)
        cells = lambda: self.driver.execute_script("return document.querySelectorAll('#document-table .tv-cell').length")
        self.assertLess(cells(), 80)

        # Scroll in steps through the first pages, then jump to the end with the keyboard.
        for step in range(1, 6):
            self.driver.execute_script("arguments[0].scrollTop = arguments[1]", table, step * 1500)
            expected = f"Note {(step * 1500 - 34) // 64:06d}.txt"
            self.wait_for(lambda driver: expected in self.row_titles(), expected)
        self.assertLess(cells(), 80)
        table.click()
        ActionChains(self.driver).send_keys(Keys.END).perform()
        self.row("Note 099999.txt")
        self.assertLess(cells(), 80)
        self.assertEqual(self.driver.execute_script("return document.querySelectorAll('#document-table *').length") < 800, True)
        self.screenshot("end-of-100000")


if __name__ == "__main__":
    unittest.main()


class TracksTests(BrowserTestCase):
    def test_the_recorded_track_shows_on_its_map_with_each_movement_and_its_time(self):
        self.serve()
        self.open("#/tracks")
        self.row("White House to the Pentagon", table=".tracks-split .browser").click()
        # The interactive map (Leaflet from the installed package) draws the track's points.
        points = self.wait_for(
            lambda driver: driver.execute_script(
                "const map = document.querySelector('.track-map .leaflet-map');"
                "return map && Number(map.dataset.points) > 0 && map.getBoundingClientRect().width > 300"
                " && map.dataset.points;"
            ),
            "the map",
        )
        self.assertGreater(int(points), 1)
        movements = ".tracks-split .detail"
        first = self.wait_for(
            lambda driver: driver.execute_script(
                "const cell = document.querySelector(arguments[0] + ' .tv-cell:not([hidden])');"
                "return cell && [cell.querySelector('.tv-title').textContent, cell.querySelector('.tv-subtitle').textContent];",
                movements,
            ),
            "the first movement",
        )
        self.assertIn("2009", first[0])
        self.assertEqual(first[1], "38.89770, -77.03650")
        self.screenshot("track")

    def test_the_distance_tool_measures_between_two_places_and_names_a_bad_one(self):
        self.serve()
        self.open("#/tracks")
        self.wait_for_css(".distance-tool")
        self.css('.distance-tool input[aria-label="From"]').send_keys("White House")
        self.css('.distance-tool input[aria-label="To"]').send_keys("Pentagon", Keys.ENTER)
        answer = self.css(".distance-answer")
        self.wait_for(lambda driver: "along the ellipsoid" in answer.text, "the distance")
        self.assertTrue(answer.text.startswith("3.34 km"), answer.text)
        self.assertIn("Pentagon", answer.text)
        to = self.css('.distance-tool input[aria-label="To"]')
        to.clear()
        to.send_keys("Nowhereville Flats", Keys.ENTER)
        self.wait_for(lambda driver: "no such zip code" in answer.text, "the error for an unknown place")
