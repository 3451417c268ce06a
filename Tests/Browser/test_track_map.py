"""The Tracks page's interactive map: Leaflet from the installed libjs-leaflet, tiles from a tile
server on 127.0.0.1 that the test starts (generated PNG tiles), the offline base without one."""

import http.server
import os
import re
import struct
import tempfile
import threading
import time
import unittest
import zlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase

# Four movements around Wellington harbour, hundreds of metres apart.
GPX = """<?xml version="1.0"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Harbour loop</name><trkseg>
<trkpt lat="-41.2800" lon="174.7700"><time>2024-03-01T08:00:00Z</time></trkpt>
<trkpt lat="-41.2860" lon="174.7800"><time>2024-03-01T08:05:00Z</time></trkpt>
<trkpt lat="-41.2920" lon="174.7720"><time>2024-03-01T08:10:00Z</time></trkpt>
<trkpt lat="-41.2880" lon="174.7620"><time>2024-03-01T08:15:00Z</time></trkpt>
</trkseg></trk></gpx>
"""


def png(width, height, rgb):
    """A solid-colour PNG, written with zlib: what a tile server sends."""

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class TileServer:
    """An XYZ tile server on 127.0.0.1: /Z/X/Y.png answers a generated tile, and is logged."""

    def __init__(self):
        self.requests = []
        tiles = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                match = re.fullmatch(r"/(\d+)/(\d+)/(\d+)\.png", self.path)
                if not match:
                    self.send_error(404)
                    return
                z, x, y = (int(group) for group in match.groups())
                tiles.requests.append((z, x, y))
                body = png(256, 256, (200 - (x * 37 + y * 11) % 60, 220, 200))
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # Leaflet cancels the tiles it no longer needs when the view changes.

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class InteractiveMapTests(BrowserTestCase):
    def setUp(self):
        super().setUp()
        self.tiles = TileServer()
        self.addCleanup(self.tiles.stop)

    def serve_with_track(self, tiles=True, **options):
        def prepare(server):
            if tiles:
                server.folio("settings", "tiles", self.tiles.origin + "/{z}/{x}/{y}.png", "--attribution", "Test tiles <b>")
            server.write("tmp/harbour.gpx", GPX)
            server.folio("geo", "track", "import", "tmp/harbour.gpx")

        server = self.serve(prepare=prepare, **options)
        track = next(track for track in server.api("/api/tracks") if track["name"] == "Harbour loop")
        self.open(f"#/tracks/{track['id']}")
        self.wait_for(lambda driver: self.css("#track-title").text == "Harbour loop", "the track to open")
        return self.wait_for_css('.leaflet-map[data-points="4"]')

    def map_state(self, name):
        return self.css(".leaflet-map").get_attribute(f"data-{name}")

    def center(self):
        return [float(value) for value in self.map_state("center").split(",")]

    def test_tiles_load_from_the_configured_server_and_the_view_zooms_and_pans(self):
        element = self.serve_with_track()
        self.assertEqual(element.get_attribute("data-base"), "tiles")
        self.wait_for(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "img.leaflet-tile-loaded")) >= 4, "tiles to load")
        self.assertTrue(self.tiles.requests, "the tile server was asked")
        sources = [image.get_attribute("src") for image in self.driver.find_elements(By.CSS_SELECTOR, "img.leaflet-tile-loaded")]
        self.assertTrue(all(source.startswith(self.tiles.origin + "/") for source in sources), sources)
        # The attribution is the configured text, shown as text (not markup).
        self.assertIn("Test tiles <b>", self.css(".leaflet-control-attribution").text)
        # The page's policy names exactly the tile server's host for images.
        policy = self.server.headers("/")["Content-Security-Policy"]
        self.assertIn(f"img-src 'self' data: blob: {self.tiles.origin};", policy)
        self.assertEqual(policy.count("127.0.0.1"), 1)

        fitted = int(self.map_state("zoom"))
        self.assertGreaterEqual(fitted, 12)
        self.css(".leaflet-control-zoom-in").click()
        self.wait_for(lambda driver: int(self.map_state("zoom")) == fitted + 1, "+ to zoom in")
        self.wait_for(lambda driver: any(z == fitted + 1 for z, _, _ in self.tiles.requests), "tiles of the new zoom")
        self.css(".leaflet-control-zoom-out").click()
        self.wait_for(lambda driver: int(self.map_state("zoom")) == fitted, "− to zoom out")

        # The wheel zooms.
        ActionChains(self.driver).scroll_from_origin(ScrollOrigin.from_element(element), 0, -400).perform()
        self.wait_for(lambda driver: int(self.map_state("zoom")) > fitted, "the wheel to zoom in")

        # The arrow keys pan, and - zooms out.
        before = self.center()
        element.send_keys(Keys.ARROW_RIGHT)
        self.wait_for(lambda driver: self.center()[1] > before[1], "the right arrow to pan east")
        zoom = int(self.map_state("zoom"))
        element.send_keys("-")
        self.wait_for(lambda driver: int(self.map_state("zoom")) == zoom - 1, "- to zoom out")

        # A drag pans.
        before = self.center()
        ActionChains(self.driver).move_to_element(element).click_and_hold().move_by_offset(-120, 0).move_by_offset(-120, 0).release().perform()
        self.wait_for(lambda driver: self.center()[1] > before[1], "a drag to the left to move the view east")

        # Fit brings the whole track back.
        self.css(".map-fit a").click()
        self.wait_for(lambda driver: int(self.map_state("zoom")) == fitted, "the view fitted to the track again")
        self.screenshot("tiles")

    def test_the_selected_movement_is_marked_and_a_click_on_the_track_selects_in_the_list(self):
        element = self.serve_with_track()
        rows = lambda: self.driver.find_elements(By.CSS_SELECTOR, ".detail .tv-cell")
        self.wait_for(lambda driver: len(rows()) == 4, "the four movements")

        def row(number):
            return next(cell for cell in rows() if cell.get_attribute("data-row") == str(number - 1))

        row(3).click()
        self.wait_for(lambda driver: self.map_state("selected") == "3", "movement 3 marked")
        marker = self.wait_for_css("path.map-selected")
        box = self.driver.execute_script("const r = arguments[0].getBoundingClientRect(); const m = arguments[1].getBoundingClientRect();" "return [r.x + r.width / 2 - m.x, r.y + r.height / 2 - m.y, m.width, m.height];", marker, element)
        row(1).click()
        self.wait_for(lambda driver: self.map_state("selected") == "1", "movement 1 marked")

        # A click on the track where movement 3 is selects it, in the list too.
        x, y, width, height = box
        ActionChains(self.driver).move_to_element_with_offset(element, int(x - width / 2) + 3, int(y - height / 2) + 2).click().perform()
        self.wait_for(lambda driver: self.map_state("selected") == "3", "the click to select movement 3")
        self.wait_for(lambda driver: row(3).get_attribute("aria-selected") == "true", "the list to follow")
        self.assertEqual(row(1).get_attribute("aria-selected"), "false")
        self.screenshot("selected")

    def test_without_a_tile_setting_the_base_is_a_graticule_with_a_metric_and_imperial_scale(self):
        element = self.serve_with_track(tiles=False)
        self.assertEqual(element.get_attribute("data-base"), "offline")
        self.wait_for(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "path.map-graticule")) >= 2, "the graticule")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "img.leaflet-tile"), [])
        scales = [line.text for line in self.driver.find_elements(By.CSS_SELECTOR, ".leaflet-control-scale-line")]
        self.assertEqual(len(scales), 2, scales)
        self.assertRegex(scales[0], r"^\d+ (m|km)$")
        self.assertRegex(scales[1], r"^\d+ (ft|mi)$")
        spacing = float(self.map_state("graticule"))
        self.css(".leaflet-control-zoom-out").click()
        self.css(".leaflet-control-zoom-out").click()
        self.wait_for(lambda driver: float(self.map_state("graticule")) > spacing, "a wider graticule when zoomed out")
        policy = self.server.headers("/")["Content-Security-Policy"]
        self.assertIn("img-src 'self' data: blob:;", policy)
        self.assertNotIn("127.0.0.1", policy)
        self.assertEqual(self.tiles.requests, [])

    def test_the_distance_tool_draws_its_two_places_and_the_geodesic(self):
        self.serve_with_track(tiles=False)
        form = self.css(".distance-tool")
        form.find_element(By.CSS_SELECTOR, 'input[aria-label="From"]').send_keys("White House")
        form.find_element(By.CSS_SELECTOR, 'input[aria-label="To"]').send_keys("75075", Keys.ENTER)
        self.wait_for(lambda driver: "along the ellipsoid" in self.css(".distance-answer").text, "the answer")
        self.wait_for(lambda driver: int(self.map_state("geodesic-points") or 0) > 100, "the geodesic's points")
        self.wait_for_css("path.map-geodesic")
        labels = [label.text for label in self.driver.find_elements(By.CSS_SELECTOR, ".map-place-label")]
        self.assertEqual(len(labels), 2, labels)
        self.assertTrue(any("20500" in label or "White House" in label for label in labels), labels)
        self.screenshot("geodesic")


class WithoutLeafletTests(BrowserTestCase):
    def test_without_the_package_the_static_map_is_kept_and_the_page_says_why(self):
        missing = tempfile.mkdtemp(prefix="no-leaflet-")
        self.addCleanup(os.rmdir, missing)
        self.serve(environment={"FOLIO_LEAFLET_DIR": missing})
        self.open("#/tracks")
        image = self.wait_for_css(".track-map img.map-image")
        self.assertIn("Map of White House to the Pentagon", image.get_attribute("alt"))
        note = self.wait_for_css(".map-note")
        self.assertIn("libjs-leaflet", note.text)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".leaflet-map"), [])


if __name__ == "__main__":
    unittest.main()
