"""Files in Edit mode: checkboxes, Shift and Ctrl ranges, Ctrl+A and Escape, and actions on all chosen items."""

import io
import os
import unittest
import urllib.parse
import urllib.request
import zipfile

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import TOKEN, BrowserTestCase


class FileSelectionTests(BrowserTestCase):
    def prepare(self, server, names):
        for name in names:
            server.write("tmp/Box/" + name, name)
        self.open("#/files/tmp/Box")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "Box")
        self.wait_for_css('li[data-path="tmp/Box"] > .tree-row .disclosure').click()
        self.wait_for_css(f'li[data-path="tmp/Box/{names[-1]}"]')

    def row(self, path):
        return self.css(f'li[data-path="{path}"] > .tree-row .tree-name')

    def chosen(self):
        return [item.get_attribute("data-path") for item in self.driver.find_elements(By.CSS_SELECTOR, "li.chosen")]

    def test_checkboxes_shift_and_ctrl_choose_and_escape_leaves(self):
        server = self.serve()
        self.prepare(server, ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"])
        self.css(".files-browser .edit-button").click()
        self.wait_for_css('li[data-path="tmp/Box/a.txt"] .tree-check').click()
        self.wait_for(lambda driver: self.chosen() == ["tmp/Box/a.txt"])
        ActionChains(self.driver).key_down(Keys.SHIFT).click(self.row("tmp/Box/c.txt")).key_up(Keys.SHIFT).perform()
        self.wait_for(lambda driver: self.chosen() == ["tmp/Box/a.txt", "tmp/Box/b.txt", "tmp/Box/c.txt"], "the range")
        ActionChains(self.driver).key_down(Keys.CONTROL).click(self.row("tmp/Box/b.txt")).key_up(Keys.CONTROL).perform()
        ActionChains(self.driver).key_down(Keys.CONTROL).click(self.row("tmp/Box/e.txt")).key_up(Keys.CONTROL).perform()
        self.wait_for(lambda driver: self.chosen() == ["tmp/Box/a.txt", "tmp/Box/c.txt", "tmp/Box/e.txt"], "the toggles")
        self.assertEqual(self.css(".bulk-count").text, "3 selected")
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda driver: self.chosen() == [], "Escape leaves Edit mode")
        self.assertEqual(self.css(".files-browser .edit-button").text, "Edit")

        # Ctrl-click outside Edit mode starts a selection; Ctrl+A takes every item shown.
        self.row("tmp/Box/a.txt").click()
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
        self.wait_for(lambda driver: len(self.chosen()) >= 6, "Ctrl+A")
        self.assertIn("tmp/Box/e.txt", self.chosen())

    def test_delete_of_several_asks_once_naming_the_count(self):
        server = self.serve()
        self.prepare(server, ["a.txt", "b.txt", "c.txt", "keep.txt"])
        self.css(".files-browser .edit-button").click()
        for name in ["a.txt", "b.txt", "c.txt"]:
            self.wait_for_css(f'li[data-path="tmp/Box/{name}"] .tree-check').click()
        self.css('.bulk-bar [data-bulk="delete"]').click()
        alert = self.wait_for_css("#confirm-alert[open]")
        self.assertIn("Delete 3 items?", alert.text)
        alert.find_element(By.XPATH, ".//button[text()='Delete']").click()
        self.wait_for(lambda driver: not server.exists("tmp/Box/c.txt"), "the deletes")
        self.assertEqual(sorted(os.listdir(server.path("tmp/Box"))), ["keep.txt"])
        self.wait_for(lambda driver: "Deleted 3 items." in self.css("#toasts").text)

    def test_move_of_several_goes_on_past_a_failure_and_names_it(self):
        server = self.serve()
        self.prepare(server, ["a.txt", "b.txt", "c.txt"])
        os.makedirs(server.path("Documents/Target"))
        self.css(".files-browser .edit-button").click()
        for name in ["a.txt", "b.txt", "c.txt"]:
            self.wait_for_css(f'li[data-path="tmp/Box/{name}"] .tree-check').click()
        # b.txt goes away behind the page's back: its move fails, the others still happen.
        os.remove(server.path("tmp/Box/b.txt"))
        self.css('.bulk-bar [data-bulk="move"]').click()
        self.wait_for(lambda driver: self.css(".folder-picker-path").text == "tmp/Box")
        self.css('#file-sheet .dialog-buttons .button:first-child').click()  # Up to tmp
        self.wait_for_css('#file-sheet .folder-choice[data-path="tmp/Box"]')
        self.css('#file-sheet .dialog-buttons .button:first-child').click()  # Up to the Home
        self.wait_for_css('#file-sheet .folder-choice[data-path="Documents"]').click()
        self.wait_for_css('#file-sheet .folder-choice[data-path="Documents/Target"]').click()
        self.wait_for(lambda driver: self.css(".folder-picker-path").text == "Documents/Target")
        self.css("#file-sheet .button.primary").click()
        self.wait_for(lambda driver: server.exists("Documents/Target/c.txt"), "the moves")
        self.assertTrue(server.exists("Documents/Target/a.txt"))
        self.wait_for(lambda driver: "1 item failed: tmp/Box/b.txt" in self.css("#toasts").text, "the failure named")
        self.assertIn("Moved 2 items.", self.css("#toasts").text)

    def test_download_of_several_is_one_zip(self):
        server = self.serve()
        self.prepare(server, ["a.txt", "b.txt"])
        self.css(".files-browser .edit-button").click()
        for name in ["a.txt", "b.txt"]:
            self.wait_for_css(f'li[data-path="tmp/Box/{name}"] .tree-check').click()
        # The page's zip, fetched as the page fetches it, checked by Python's zipfile.
        self.driver.execute_script(
            """
            window.zipped = null;
            const original = URL.createObjectURL;
            URL.createObjectURL = (blob) => { blob.arrayBuffer().then((buffer) => { window.zipped = Array.from(new Uint8Array(buffer)); }); return original(blob); };
            """
        )
        self.css('.bulk-bar [data-bulk="download"]').click()
        self.wait_for(lambda driver: driver.execute_script("return window.zipped !== null"), "the zip")
        data = bytes(self.driver.execute_script("return window.zipped"))
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            self.assertEqual(sorted(archive.namelist()), ["a.txt", "b.txt"])
            self.assertEqual(archive.read("b.txt"), b"b.txt")



class TrashSelectionTests(BrowserTestCase):
    def delete(self, server, name):
        request = urllib.request.Request(
            server.url + "/api/documents/" + urllib.parse.quote(name), method="DELETE",
            headers={"Authorization": "Bearer " + TOKEN, "X-Folio-Request": "1"},
        )
        urllib.request.urlopen(request, timeout=30).close()

    def test_several_trash_items_are_restored_or_deleted_at_once(self):
        server = self.serve()
        for name in ["Garden.dudeldoc", "House.dudeldoc", "Shopping List.txt"]:
            self.delete(server, name)
        self.open("#/trash")
        garden = self.row("Garden.dudeldoc", table=".trash .tableview")
        self.css(".trash .edit-button").click()
        self.row("Garden.dudeldoc", table=".trash .tableview").find_element(By.CSS_SELECTOR, ".trash-check").click()
        house = self.row("House.dudeldoc", table=".trash .tableview")
        ActionChains(self.driver).key_down(Keys.CONTROL).click(house.find_element(By.CSS_SELECTOR, ".tv-title")).key_up(Keys.CONTROL).perform()
        self.wait_for(lambda driver: self.css(".trash .bulk-count").text == "2 selected", "two chosen")
        self.css('.trash [data-bulk="restore"]').click()
        self.wait_for(lambda driver: {"Garden.dudeldoc", "House.dudeldoc"} <= set(server.documents()), "the restores")
        self.wait_for(lambda driver: [i["originalName"] for i in server.api("/api/trash")] == ["Shopping List.txt"])
        self.wait_for(lambda driver: "Restored 2 items." in self.css("#toasts").text)

        self.wait_for(lambda driver: self.row_titles(".trash .tableview") == ["Shopping List.txt"], "the list without them")
        # Ctrl+A in the list takes what is left; Delete asks once, naming the count.
        self.row("Shopping List.txt", table=".trash .tableview").find_element(By.CSS_SELECTOR, ".tv-title").click()
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
        self.wait_for(lambda driver: self.css(".trash .bulk-count").text == "1 selected", "Ctrl+A")
        self.css('.trash [data-bulk="delete"]').click()
        alert = self.wait_for_css("#confirm-alert[open]")
        self.assertIn("Delete 1 item for good?", alert.text)
        alert.find_element(By.XPATH, ".//button[text()='Delete']").click()
        self.wait_for(lambda driver: server.api("/api/trash") == [], "the trash to be empty")
        self.assertNotIn("Shopping List.txt", server.documents())


if __name__ == "__main__":
    unittest.main()
