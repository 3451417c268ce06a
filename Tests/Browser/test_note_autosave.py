"""Notes save themselves as they are written, driven in Chromium against a real folio serve: after
the typing stops, when the page is left, with an edit made during a save saved after it, and with
the conflict sheet when the note changed elsewhere."""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase

NOTE = "Welcome.txt"


class NoteAutosaveTests(BrowserTestCase):
    def open_note(self):
        self.open()
        self.open_document(NOTE)
        return self.wait_for(lambda driver: self.css(".note-text").get_attribute("value") and self.css(".note-text"))

    def status(self):
        return self.css(".editor-status").text

    def test_typing_is_saved_without_save_and_is_there_after_a_reload(self):
        server = self.serve()
        text = self.open_note()
        text.send_keys(Keys.CONTROL, Keys.END, Keys.NULL, "\nWritten, never saved by hand.")
        self.assertEqual(self.status(), "Edited")
        # No click on Save: the note saves itself once the typing stops.
        self.wait_for(lambda driver: self.status().startswith("Saved"), "the autosave")
        self.assertTrue(server.read("Documents/" + NOTE).endswith("Written, never saved by hand."))
        self.driver.refresh()
        self.open_document(NOTE)
        self.wait_for(
            lambda driver: self.css(".note-text").get_attribute("value").endswith("Written, never saved by hand."),
            "the text after the reload",
        )

    def test_leaving_the_page_saves_at_once(self):
        server = self.serve()
        text = self.open_note()
        text.send_keys(Keys.CONTROL, Keys.END, Keys.NULL, "\nTyped just before leaving.")
        # Away at once, well within the pause the autosave waits for.
        self.driver.get("about:blank")
        self.wait_for(lambda driver: server.read("Documents/" + NOTE).endswith("Typed just before leaving."), "the save on leaving")

    def test_an_edit_made_while_a_save_is_in_flight_is_saved_after_it(self):
        server = self.serve()
        text = self.open_note()
        self.hold_saves()
        text.send_keys(Keys.CONTROL, Keys.END, Keys.NULL, "\nFirst")
        self.wait_for(lambda driver: self.held_saves() == 1, "the first autosave to be on its way")
        self.assertEqual(self.status(), "Saving…")
        text.send_keys(" and second.")
        self.release_saves()
        self.wait_for(lambda driver: server.read("Documents/" + NOTE).endswith("\nFirst and second."), "the second save")
        self.wait_for(lambda driver: self.status().startswith("Saved"), "Saved")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".conflict"), [], "the second save is based on the first")

    def test_an_autosave_after_a_change_elsewhere_shows_the_choices(self):
        server = self.serve()
        text = self.open_note()
        self.hold_saves()
        text.send_keys(Keys.CONTROL, Keys.END, Keys.NULL, "\nMine.")
        self.wait_for(lambda driver: self.held_saves() == 1, "the autosave to be on its way")
        server.write("Documents/" + NOTE, "Written by another program.\n")
        self.release_saves()
        sheet = self.wait_for_css(".conflict")
        self.assertIn("changed elsewhere", sheet.text)
        self.assertEqual(self.status(), "Not saved: changed elsewhere")
        labels = [button.text for button in sheet.find_elements(By.CSS_SELECTOR, ".conflict-buttons button")]
        self.assertEqual(labels, ["Keep Both", "Keep Mine", "Use Theirs"])
        self.assertEqual(server.read("Documents/" + NOTE), "Written by another program.\n")
        # What is typed while the sheet is up is part of what Keep Mine saves.
        text.send_keys(" More.")
        sheet.find_element(By.XPATH, ".//button[text()='Keep Mine']").click()
        self.wait_for(lambda driver: server.read("Documents/" + NOTE).endswith("Mine. More."), "Keep Mine")


if __name__ == "__main__":
    unittest.main()
