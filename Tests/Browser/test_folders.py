"""Folders in the document browser, and deletes in Files that go to Recently Deleted, driven in
Chromium against a real folio serve."""

import os

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from folio_browser import BrowserTestCase


def undo_in_toast(test, words):
    """Clicks Undo in the toast that says `words` (other toasts may still be showing)."""
    button = test.wait_for(
        lambda driver: driver.execute_script(
            "return [...document.querySelectorAll('.toast')].reverse()"
            ".filter(t => t.textContent.includes(arguments[0]))"
            ".map(t => t.querySelector('.toast-action')).find(b => b) || null;",
            words,
        ),
        f"a toast saying {words}",
    )
    button.click()


class DocumentFolderTests(BrowserTestCase):
    def test_changes_made_outside_in_the_open_folder_appear_live(self):
        server = self.serve(samples=False)
        server.write("Documents/Projects/a.txt", "a")
        self.open()
        self.row("Projects").click()
        self.wait_for(lambda driver: self.css("#browser-title").text == "Projects", "the folder to open")
        server.write("Documents/Projects/b.txt", "b")
        self.wait_for(lambda driver: self.row_titles() == ["a.txt", "b.txt"], "a note made by another program")
        os.makedirs(server.path("Documents/Projects/Sub"))
        self.wait_for(lambda driver: self.row_titles() == ["Sub", "a.txt", "b.txt"], "a folder made by another program")
        self.row("Sub").click()
        self.wait_for(lambda driver: self.css("#browser-title").text == "Sub")
        server.write("Documents/Projects/Sub/c.txt", "c")
        self.wait_for(lambda driver: self.row_titles() == ["c.txt"], "a note in the new folder")
        os.remove(server.path("Documents/Projects/Sub/c.txt"))
        self.wait_for(lambda driver: "This folder is empty" in self.css(".browser-state").text, "the note removed")

    def test_a_folder_opens_new_goes_into_it_and_up_comes_back(self):
        server = self.serve()
        server.write("Documents/Projects/Nested.txt", "nested note")
        self.open()
        self.row("Projects").click()
        self.wait_for(lambda driver: self.css("#browser-title").text == "Projects", "the folder to open")
        self.assertEqual(self.row_titles(), ["Nested.txt"])
        self.row("Nested.txt").click()
        self.wait_for(lambda driver: self.css("#detail-title").text == "Projects/Nested.txt", "the nested note to open")
        self.wait_for(lambda driver: self.css(".note-text").get_attribute("value") == "nested note")
        self.action("new-note")
        self.wait_for(
            lambda driver: [n for n in os.listdir(server.path("Documents/Projects")) if n.startswith("Untitled ")],
            "a new note in the folder",
        )
        self.assertFalse([n for n in server.documents() if n.startswith("Untitled ")])
        self.screenshot("folder-open")
        self.css("#folder-up").click()
        self.wait_for(lambda driver: self.css("#browser-title").text == "Documents", "back at the top level")
        self.row("Projects")
        self.row("Welcome.txt")

    def test_recently_deleted_says_which_folder_a_document_came_from(self):
        server = self.serve()
        server.write("Documents/Projects/Nested.txt", "nested note")
        self.open()
        self.row("Projects").click()
        self.wait_for(lambda driver: self.css("#browser-title").text == "Projects", "the folder to open")
        self.open_document("Projects/Nested.txt")
        self.action("delete")
        alert = self.wait_for_css("#confirm-alert")
        alert.find_element(By.CSS_SELECTOR, ".destructive").click()
        self.wait_for(lambda driver: not server.exists("Documents/Projects/Nested.txt"), "the delete")
        self.driver.get(server.url + "/#/trash")
        # The list may be drawn again while the change events of the delete arrive: read the row afresh.
        self.wait_for(
            lambda driver: self.row("Nested.txt", table=".trash").find_element(By.CSS_SELECTOR, ".tv-subtitle").text.startswith("From Projects · Deleted "),
            "the row to say where it came from",
        )

    def test_new_folder_rename_and_delete_it_with_undo(self):
        server = self.serve()
        self.open()
        self.row("Welcome.txt")
        self.css("#new-folder-button").click()
        field = self.wait_for_css("#rename-field")
        field.send_keys("Welcome.txt", Keys.ENTER)
        label = self.css("#rename-label")
        self.wait_for(lambda driver: "already exists" in label.text, "the name-taken message")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Work", Keys.ENTER)
        self.wait_for(lambda driver: os.path.isdir(server.path("Documents/Work")), "the new folder on disk")
        self.wait_for(lambda driver: self.css("#browser-title").text == "Work", "the new folder open")

        self.css("#rename-folder-button").click()
        field = self.wait_for_css("#rename-field")
        self.assertEqual(field.get_attribute("value"), "Work")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Archive", Keys.ENTER)
        self.wait_for(lambda driver: os.path.isdir(server.path("Documents/Archive")), "the rename on disk")
        self.wait_for(lambda driver: self.css("#browser-title").text == "Archive", "the renamed folder shown")

        self.css("#delete-folder-button").click()
        self.wait_for_css("#confirm-alert").find_element(By.XPATH, ".//button[text()='Delete it!']").click()
        self.wait_for(lambda driver: not server.exists("Documents/Archive"), "the folder to leave Documents/")
        self.wait_for(lambda driver: self.css("#browser-title").text == "Documents", "back at the top level")
        undo_in_toast(self, "Recently Deleted")
        self.wait_for(lambda driver: os.path.isdir(server.path("Documents/Archive")), "undo to restore the folder")

    def test_move_to_a_folder_and_back(self):
        server = self.serve()
        server.write("Documents/Projects/.keep", "")
        self.open()
        self.open_document("Welcome.txt")
        self.action("move")
        select = Select(self.wait_for_css("#move-folder"))
        self.assertEqual([o.text for o in select.options], ["Documents (top level)", "Documents/Projects"])
        select.select_by_visible_text("Documents/Projects")
        self.css("#move-button").click()
        self.wait_for(lambda driver: server.exists("Documents/Projects/Welcome.txt"), "the move on disk")
        self.assertFalse(server.exists("Documents/Welcome.txt"))
        self.wait_for(lambda driver: self.css("#detail-title").text == "Projects/Welcome.txt", "the moved note open")
        undo_in_toast(self, "Moved to")
        self.wait_for(lambda driver: server.exists("Documents/Welcome.txt"), "undo to move it back")


class FilesDeleteToTrashTests(BrowserTestCase):
    def test_a_delete_under_documents_goes_to_recently_deleted_with_undo(self):
        server = self.serve()
        server.write("Documents/Projects/Nested.txt", "nested")
        self.open("#/files/Documents/Projects/Nested.txt")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "Nested.txt", "the file in the inspector")
        self.css(".inspector-actions .destructive").click()
        self.wait_for(lambda driver: not server.exists("Documents/Projects/Nested.txt"), "the delete")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#confirm-alert[open]"), [])
        trash = server.api("/api/trash")
        self.assertEqual([item["originalName"] for item in trash], ["Nested.txt"])
        undo_in_toast(self, "moved to Recently Deleted")
        self.wait_for(lambda driver: server.exists("Documents/Projects/Nested.txt"), "undo to restore it")
        self.assertEqual(server.read("Documents/Projects/Nested.txt"), "nested")
