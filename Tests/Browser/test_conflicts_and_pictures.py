"""Conflicts that keep both, and the pictures of images, driven in Chromium against a real folio serve."""

import json
import struct
import subprocess
import unittest
import urllib.request
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import FOLIO, TOKEN, BrowserTestCase


def png(width, height, rgb):
    """A real PNG of one colour (written with zlib, as any encoder would)."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    row = b"\x00" + bytes(rgb) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b"")


class ConflictTests(BrowserTestCase):
    def folio(self, *arguments, input=""):
        """Runs the folio CLI on the server's Home, as another program would."""
        run = subprocess.run(
            [FOLIO, "--home", self.server.home, *arguments], input=input, capture_output=True, text=True, timeout=60
        )
        self.assertEqual(run.returncode, 0, run.stderr)
        return run.stdout

    def change_with_the_cli(self, name, text):
        shown = json.loads(self.folio("--json", "doc", "show", name))
        self.folio("doc", "save", name, "--based-on", shown["document"]["version"], input=text)

    def edit_then_conflict(self):
        """Opens Welcome.txt, types unsaved words, has the CLI change the note while the save of
        those words is on its way, then lets the save arrive."""
        self.open()
        self.open_document("Welcome.txt")
        text = self.wait_for(lambda driver: self.css(".note-text").get_attribute("value") and self.css(".note-text"))
        self.hold_saves()
        text.send_keys(Keys.CONTROL, Keys.END, Keys.NULL, "\nMy unsaved words.")
        self.css(".note-editor .button.primary").click()
        self.wait_for(lambda driver: self.held_saves() == 1, "the save to be on its way")
        self.change_with_the_cli("Welcome.txt", "Written by the command line.\n")
        self.release_saves()
        return self.wait_for_css(".conflict")

    def choose(self, sheet, label):
        sheet.find_element(By.XPATH, f".//button[text()='{label}']").click()

    def test_keep_both_saves_mine_as_a_new_note_and_opens_it(self):
        server = self.serve()
        sheet = self.edit_then_conflict()
        # The comparison: theirs beside mine, the lines only one side has highlighted.
        theirs = self.css(".compare-theirs").text
        self.assertIn("Written by the command line.", theirs)
        changed_mine = [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, ".compare-mine .compare-changed")]
        self.assertIn("My unsaved words.", changed_mine)
        changed_theirs = [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, ".compare-theirs .compare-changed")]
        self.assertIn("Written by the command line.", changed_theirs)
        self.screenshot("compare")
        # Keep Both has the focus: Enter chooses it.
        self.wait_for(lambda driver: driver.switch_to.active_element.text == "Keep Both", "the focus on Keep Both")
        self.choose(sheet, "Keep Both")
        self.wait_for(lambda driver: "Welcome 2.txt" in server.documents(), "Welcome 2.txt")
        self.assertTrue(server.read("Documents/Welcome 2.txt").endswith("My unsaved words."))
        self.assertEqual(server.read("Documents/Welcome.txt"), "Written by the command line.\n")
        self.wait_for(lambda driver: self.css("#detail-title").text == "Welcome 2.txt", "the new note to open")
        self.wait_for(lambda driver: self.css(".note-text").get_attribute("value").endswith("My unsaved words."))
        self.row("Welcome 2.txt")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".conflict"), [])

    def test_keep_mine_replaces_theirs_knowingly(self):
        server = self.serve()
        sheet = self.edit_then_conflict()
        self.choose(sheet, "Keep Mine")
        self.wait_for(lambda driver: server.read("Documents/Welcome.txt").endswith("My unsaved words."), "my save")
        self.wait_for(lambda driver: self.css(".editor-status").text.startswith("Saved"), "the status")
        self.assertEqual(server.documents().count("Welcome 2.txt"), 0)
        # The next save is based on the version just saved: no conflict.
        self.css(".note-text").send_keys("\nOne more.")
        self.css(".note-editor .button.primary").click()
        self.wait_for(lambda driver: server.read("Documents/Welcome.txt").endswith("One more."), "the next save")

    def test_the_sheet_follows_a_second_change_and_keep_mine_replaces_what_it_shows(self):
        server = self.serve()
        self.edit_then_conflict()
        self.change_with_the_cli("Welcome.txt", "A second change.\n")
        # The live change brings the sheet up to date: it compares with the second change.
        self.wait_for(lambda driver: "A second change." in self.css(".compare-theirs").text, "the sheet to follow")
        self.choose(self.wait_for_css(".conflict"), "Keep Mine")
        self.wait_for(lambda driver: server.read("Documents/Welcome.txt").endswith("My unsaved words."), "my save")

    def test_use_theirs_drops_my_edits(self):
        server = self.serve()
        sheet = self.edit_then_conflict()
        self.choose(sheet, "Use Theirs")
        self.wait_for(lambda driver: self.css(".note-text").get_attribute("value") == "Written by the command line.\n")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".conflict"), [])
        self.assertEqual(server.read("Documents/Welcome.txt"), "Written by the command line.\n")

    def test_a_drawing_changed_through_the_api_keeps_both(self):
        server = self.serve()
        self.open()
        self.open_document("House.dudeldoc")
        self.wait_for(lambda driver: "9 shapes" in self.css(".editor-status").text, "the drawing to load")
        self.css('.tool[data-tool="text"]').click()
        # The tool chosen is saved with the drawing; the other program reads the drawing after that.
        self.wait_for(
            lambda driver: server.api("/api/documents/House.dudeldoc").get("toolSettings", {}).get("tool") == "text"
            and self.css(".editor-status").text.startswith("Saved"),
            "the tool to be saved",
        )
        self.css(".text-input").send_keys("Mine")
        # Another program removes every shape through the API, and a shape is placed here at once,
        # before the live change arrives (an unedited drawing is simply reloaded by it).
        self.driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            (async () => {
              const url = "/api/documents/House.dudeldoc";
              const etag = (await fetch(url)).headers.get("ETag");
              const headers = { "If-Match": etag, "Content-Type": "application/json", "X-Folio-Request": "1" };
              await fetch(url, { method: "PUT", headers, body: '{"drawables":[]}' });
              const canvas = document.querySelector(".drawing-canvas");
              const box = canvas.getBoundingClientRect();
              const at = { button: 0, clientX: box.left + 60, clientY: box.top + 60, bubbles: true, pointerId: 1 };
              canvas.dispatchEvent(new PointerEvent("pointerdown", at));
              done(true);
            })();
            """
        )
        sheet = self.wait_for_css(".conflict")
        self.assertIn("This drawing changed elsewhere", sheet.text)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".compare"), [])
        self.choose(sheet, "Keep Both")
        self.wait_for(lambda driver: "House 2.dudeldoc" in server.documents(), "House 2.dudeldoc")
        self.assertEqual(len(server.api("/api/documents/House%202.dudeldoc")["drawables"]), 10)
        self.assertEqual(server.api("/api/documents/House.dudeldoc")["drawables"], [])
        self.wait_for(lambda driver: self.css("#detail-title").text == "House 2.dudeldoc", "the new drawing to open")


class PictureTests(BrowserTestCase):
    def put(self, relative, data):
        with open(self.server.path(relative), "wb") as file:
            file.write(data)

    def loaded_thumbnail(self, row):
        image = row.find_element(By.CSS_SELECTOR, "img")
        self.wait_for(lambda driver: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image), "the image")
        return image

    def test_images_show_their_thumbnails_in_documents_and_files(self):
        server = self.serve()
        self.put("Documents/Sunset.png", png(300, 200, (250, 120, 30)))
        self.put("Documents/Broken.png", b"\x89PNG\r\n\x1a\n not really")
        self.put("tmp/Sky.png", png(120, 240, (40, 120, 250)))
        self.open()
        image = self.loaded_thumbnail(self.row("Sunset.png"))
        self.assertEqual(image.get_attribute("loading"), "lazy")
        self.assertIn("thumbnail=", image.get_attribute("src"))
        self.assertIn("image-thumbnail", image.get_attribute("class"))
        # The thumbnail is the picture: 64 wide, two thirds as high, and orange.
        size = self.driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", image)
        self.assertEqual(size, [64, 43])
        # A damaged image keeps the generic image icon.
        broken = self.row("Broken.png").find_element(By.CSS_SELECTOR, "img")
        self.wait_for(lambda driver: "icon-image.svg" in broken.get_attribute("src"), "the fallback icon")
        self.screenshot("documents")

        self.open("#/files/tmp/Sky.png")
        row = self.wait_for_css('li[data-path="tmp/Sky.png"] > .tree-row')
        sky = self.loaded_thumbnail(row)
        self.assertEqual(self.driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", sky), [32, 64])
        self.assertTrue(server.exists("Library/Caches/Thumbnails"))
        self.screenshot("files")


if __name__ == "__main__":
    unittest.main()
