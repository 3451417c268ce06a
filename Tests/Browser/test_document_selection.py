"""The document browser in Edit mode: checkboxes, Shift and Ctrl, Ctrl+A over rows not loaded yet,
and Move, Export and Delete on every chosen document, driven in Chromium against a real folio serve."""

import io
import os
import time
import unittest
import zipfile

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from folio_browser import BrowserTestCase


class DocumentSelectionTests(BrowserTestCase):
    def chosen(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#document-table .tv-cell.chosen')]"
            ".filter(cell => !cell.hidden).map(cell => cell.dataset.name);"
        )

    def check(self, name):
        self.row(name).find_element(By.CSS_SELECTOR, ".doc-check").click()

    def test_checkboxes_shift_ctrl_and_escape(self):
        server = self.serve(samples=False)
        for name in ["a.txt", "b.txt", "c.txt", "d.txt"]:
            server.write("Documents/" + name, name)
        self.open()
        # Ctrl-click outside Edit mode starts a selection instead of opening the document.
        ActionChains(self.driver).key_down(Keys.CONTROL).click(self.row("a.txt")).key_up(Keys.CONTROL).perform()
        self.wait_for(lambda driver: self.chosen() == ["a.txt"], "Ctrl-click chooses")
        self.assertEqual(self.css("#edit-button").text, "Done")
        self.assertNotEqual(self.css("#detail-title").text, "a.txt")
        ActionChains(self.driver).key_down(Keys.SHIFT).click(self.row("c.txt")).key_up(Keys.SHIFT).perform()
        self.wait_for(lambda driver: self.chosen() == ["a.txt", "b.txt", "c.txt"], "Shift takes the range")
        self.check("b.txt")
        self.wait_for(lambda driver: self.chosen() == ["a.txt", "c.txt"], "the checkbox toggles")
        self.assertEqual(self.css(".browser .bulk-count").text, "2 selected")
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda driver: self.css("#edit-button").text == "Edit", "Escape leaves Edit mode")
        self.assertEqual(self.chosen(), [])
        self.assertTrue(self.css(".browser .bulk-bar").get_attribute("hidden") is not None)

    def test_a_list_of_the_trash_asked_for_before_a_delete_does_not_take_its_undo_away(self):
        """A list of Recently Deleted on its way while documents are deleted (the change events
        of a bulk delete start some) does not hold the new items yet: it once made the page
        think they had left the trash, and took the Undo away as soon as it arrived."""
        server = self.serve(samples=False)
        for name in ["a.txt", "b.txt", "keep.txt"]:
            server.write("Documents/" + name, name)
        # Answers of GET /api/trash are held back in the page until released.
        script = (
            "window.heldTrash = []; window.holdTrash = true; const send = window.fetch;"
            "window.fetch = (url, options) => {"
            "  const answer = send(url, options);"
            "  if (!String(url).startsWith('/api/trash') || (options && options.method && options.method !== 'GET') || !window.holdTrash) return answer;"
            "  return new Promise((resolve, reject) => window.heldTrash.push(() => answer.then(resolve, reject)));"
            "};"
            "window.releaseTrash = () => { window.holdTrash = false; const held = window.heldTrash; window.heldTrash = []; held.forEach((go) => go()); };"
        )
        added = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        try:
            self.open("#/trash")
            self.wait_for(lambda driver: driver.execute_script("return window.heldTrash.length") >= 1, "the empty trash asked for")
            self.driver.get(server.url + "/#/documents")
            self.css("#edit-button").click()
            self.check("a.txt")
            self.check("b.txt")
            self.css('.browser [data-bulk="delete"]').click()
            self.wait_for_css("#confirm-alert[open]").find_element(By.XPATH, ".//button[text()='Delete']").click()
            self.wait_for(lambda driver: "Deleted 2 items." in self.css("#toasts").text, "the summary")
            self.driver.execute_script("window.releaseTrash()")
            time.sleep(1)
            undo = self.driver.execute_script(
                "const toast = [...document.querySelectorAll('.toast')].find(t => t.textContent.includes('Deleted 2 items.'));"
                "return toast ? toast.querySelector('.toast-action') : null;"
            )
            self.assertIsNotNone(undo, "the Undo was taken away by the list asked for before the delete")
            undo.click()
            self.wait_for(lambda driver: server.exists("Documents/a.txt") and server.exists("Documents/b.txt"), "Undo restores both")
        finally:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})

    def test_ctrl_a_takes_rows_not_loaded_and_delete_moves_all_to_trash_with_one_undo(self):
        def prepare(server):
            for number in range(250):
                server.write(f"Documents/Many/Note {number:03}.txt", str(number))
            server.write("Documents/Keep.txt", "keep")

        server = self.serve(samples=False, prepare=prepare)
        self.open()
        self.row("Many").click()
        self.wait_for(lambda driver: self.css("#browser-title").text == "Many")
        self.row("Note 000.txt").find_element(By.CSS_SELECTOR, ".tv-title").click()
        self.wait_for(lambda driver: self.css("#detail-title").text == "Many/Note 000.txt")
        self.css("#document-table").send_keys(Keys.CONTROL, "a")
        # Only the first page (100) is loaded: Select All reads the other names.
        self.wait_for(lambda driver: self.css(".browser .bulk-count").text == "250 selected", "Ctrl+A over all 250")
        self.css('.browser [data-bulk="delete"]').click()
        alert = self.wait_for_css("#confirm-alert[open]")
        self.assertIn("Delete 250 items?", alert.text)
        alert.find_element(By.XPATH, ".//button[text()='Delete']").click()
        self.wait_for(lambda driver: "Deleted 250 items." in self.css("#toasts").text, "the summary", seconds=60)
        undo = self.wait_for(
            lambda driver: driver.execute_script(
                "const toast = [...document.querySelectorAll('.toast')].find(t => t.textContent.includes('Deleted 250 items.'));"
                "return toast ? toast.querySelector('.toast-action') : null;"
            ),
            "the Undo of the deletion",
        )
        # The pointer rests on the message, as a person's reaching for Undo does: it stays.
        ActionChains(self.driver).move_to_element(undo).perform()
        notes = lambda: [name for name in os.listdir(server.path("Documents/Many")) if name.startswith("Note ")]
        self.assertEqual(notes(), [])
        self.wait_for(lambda driver: len(server.api("/api/trash")) == 250, "all in Recently Deleted")
        self.assertTrue(server.exists("Documents/Keep.txt"))
        # The open note was among them: the new current document (the library makes an untitled
        # one in the folder when its last document goes) is open instead.
        self.wait_for(lambda driver: self.css("#detail-title").text.startswith("Many/Untitled "), "the new current document")
        self.assertNotIn("Note 000", self.driver.current_url)
        undo.click()
        self.wait_for(lambda driver: len(notes()) == 250, "Undo restores all", seconds=60)
        self.wait_for(lambda driver: server.api("/api/trash") == [])

    def test_move_several_into_a_folder_and_export_them_as_one_zip(self):
        server = self.serve(samples=False)
        for name in ["a.txt", "b.txt", "c.txt"]:
            server.write("Documents/" + name, name)
        os.makedirs(server.path("Documents/Projects"))
        self.open()
        self.css("#edit-button").click()
        self.check("a.txt")
        self.check("c.txt")
        self.driver.execute_script(
            """
            window.zipped = null;
            const original = URL.createObjectURL;
            URL.createObjectURL = (blob) => { blob.arrayBuffer().then((buffer) => { window.zipped = Array.from(new Uint8Array(buffer)); }); return original(blob); };
            """
        )
        self.css('.browser [data-bulk="export"]').click()
        self.wait_for(lambda driver: driver.execute_script("return window.zipped !== null"), "the zip")
        with zipfile.ZipFile(io.BytesIO(bytes(self.driver.execute_script("return window.zipped")))) as archive:
            self.assertEqual(sorted(archive.namelist()), ["a.txt", "c.txt"])
            self.assertEqual(archive.read("c.txt"), b"c.txt")

        self.css('.browser [data-bulk="move"]').click()
        sheet = self.wait_for_css("#move-sheet[open]")
        self.assertIn("Move 2 items to:", sheet.text)
        Select(self.css("#move-folder")).select_by_value("Projects")
        self.css("#move-button").click()
        self.wait_for(lambda driver: server.exists("Documents/Projects/c.txt"), "the moves")
        self.assertTrue(server.exists("Documents/Projects/a.txt"))
        self.assertEqual(sorted(os.listdir(server.path("Documents"))), ["Projects", "b.txt"])
        self.wait_for(lambda driver: "Moved 2 items." in self.css("#toasts").text)
        self.wait_for(lambda driver: self.row_titles() == ["Projects", "b.txt"], "the list without them")
        self.wait_for(lambda driver: self.css(".browser .bulk-count").text == "0 selected", "the moved ones forgotten")


class PhoneDocumentSelectionTests(BrowserTestCase):
    window = (390, 844)

    def test_the_actions_on_chosen_documents_fit_a_phone_and_work(self):
        server = self.serve(samples=False)
        for name in ["a.txt", "b.txt", "c.txt"]:
            server.write("Documents/" + name, name)
        self.open()
        self.assertEqual(self.driver.execute_script("return window.innerWidth"), 390)
        self.css("#edit-button").click()
        # A tap on a row in Edit mode chooses it (it does not open it in place of the list).
        self.row("a.txt").find_element(By.CSS_SELECTOR, ".tv-title").click()
        self.row("b.txt").find_element(By.CSS_SELECTOR, ".doc-check").click()
        self.wait_for(lambda driver: self.css(".browser .bulk-count").text == "2 selected", "two chosen")
        self.assertTrue(self.css("#document-table").is_displayed())
        for button in self.driver.find_elements(By.CSS_SELECTOR, ".browser .bulk-bar button"):
            box = self.driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left, b.right];", button)
            self.assertGreaterEqual(box[0], 0, button.text)
            self.assertLessEqual(box[1], 390, f"{button.text} is off the screen")
        self.css('.browser [data-bulk="delete"]').click()
        alert = self.wait_for_css("#confirm-alert[open]")
        alert.find_element(By.XPATH, ".//button[text()='Delete']").click()
        self.wait_for(lambda driver: server.documents() == ["c.txt"], "the two deleted")


if __name__ == "__main__":
    unittest.main()
