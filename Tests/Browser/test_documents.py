"""The document browser and the actions menu, driven in Chromium against a real folio serve."""

import os
import re
import subprocess
import unittest
import urllib.parse

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import DOWNLOADS, FOLIO, BrowserTestCase

NAME_TAKEN = "A file with that name already exists! Please enter a different file name."
RENAME_QUESTION = "Please enter a new file name for the current document."


class DocumentBrowserTests(BrowserTestCase):
    def delete_with_the_menu(self, server, name):
        """Opens `name`, deletes it with the Actions menu and its alert, and waits until it is gone."""
        self.open_document(name)
        self.action("delete")
        self.wait_for_css("#confirm-alert").find_element(By.XPATH, ".//button[text()='Delete it!']").click()
        self.wait_for(lambda driver: name not in server.documents(), f"{name} to leave Documents/")

    def test_first_launch_shows_the_samples_in_sections_by_kind(self):
        self.serve()
        self.open()
        self.row("House.dudeldoc")
        headers = self.driver.execute_script(
            "return [...document.querySelectorAll('#document-table .tv-header')].filter(h => !h.hidden).map(h => h.textContent);"
        )
        self.assertEqual(headers, ["Drawings", "Notes", "Other documents"])
        self.assertEqual(
            self.row_titles(),
            ["Garden.dudeldoc", "House.dudeldoc", "Shopping List.txt", "Welcome.txt", "simpsons.csv"],
        )
        # The current document is marked, and its note is open beside the list.
        self.assertIn("current", self.row("Welcome.txt").get_attribute("class"))
        self.wait_for(lambda driver: self.css(".note-text").get_attribute("value").startswith("Welcome to Folio."))
        # A drawing's cell shows its thumbnail, drawn by the server's renderer at 64 pixels wide.
        thumbnail = self.row("House.dudeldoc").find_element(By.CSS_SELECTOR, "img.image-thumbnail")
        self.assertIn("thumbnail=64", thumbnail.get_attribute("src"))
        self.wait_for(
            lambda driver: driver.execute_script(
                "return arguments[0].complete && [arguments[0].naturalWidth, arguments[0].naturalHeight]", thumbnail
            ) == [64, 48],
            "the drawing's thumbnail",
        )
        self.screenshot("samples")

    def test_new_and_rename_with_the_name_taken_message_in_place(self):
        server = self.serve()
        self.open()
        self.row("Welcome.txt")
        self.action("new-note")
        created = self.wait_for(lambda driver: [n for n in server.documents() if n.startswith("Untitled ")], "a new note")[0]
        self.assertTrue(created.endswith(".txt"))
        self.row(created)
        self.wait_for(lambda driver: self.css("#detail-title").text == created)

        self.action("rename")
        field = self.wait_for_css("#rename-field")
        label = self.css("#rename-label")
        self.assertEqual(label.text, RENAME_QUESTION)
        self.assertEqual(field.get_attribute("value"), created[: -len(".txt")])
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Welcome", Keys.ENTER)
        self.wait_for(lambda driver: label.text == NAME_TAKEN, "the name-taken message")
        self.assertTrue(self.css("#rename-sheet").is_displayed())
        self.screenshot("name-taken")
        self.assertIn(created, server.documents())
        self.assertEqual(server.read("Documents/Welcome.txt")[:16], "Welcome to Folio")

        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Groceries", Keys.ENTER)
        self.wait_for(lambda driver: not self.css("#rename-sheet").is_displayed(), "the sheet to close")
        self.wait_for(lambda driver: "Groceries.txt" in server.documents(), "the rename on disk")
        self.assertNotIn(created, server.documents())
        self.row("Groceries.txt")
        self.wait_for(lambda driver: self.css("#detail-title").text == "Groceries.txt")

        # Undo in the toast renames it back.
        self.css(".toast .toast-action").click()
        self.wait_for(lambda driver: created in server.documents(), "undo to rename it back")
        self.row(created)

    def test_rename_sheet_closes_with_escape_and_changes_nothing(self):
        server = self.serve()
        self.open()
        self.open_document("House.dudeldoc")
        self.action("rename")
        field = self.wait_for_css("#rename-field")
        self.assertEqual(field.get_attribute("value"), "House")
        field.send_keys("Cottage", Keys.ESCAPE)
        self.wait_for(lambda driver: not self.css("#rename-sheet").is_displayed(), "Escape to close the sheet")
        self.assertIn("House.dudeldoc", server.documents())

    def test_delete_asks_with_the_alert_then_restore_from_recently_deleted(self):
        server = self.serve()
        self.open()
        self.open_document("Garden.dudeldoc")
        self.action("delete")
        alert = self.wait_for_css("#confirm-alert")
        self.assertEqual(self.css("#confirm-alert h2").text, "Delete current drawing")
        self.assertEqual(
            self.css("#confirm-alert p").text,
            "This will remove your current drawing completely. Are you sure you want to do that?",
        )
        buttons = [button.text for button in alert.find_elements(By.CSS_SELECTOR, "button")]
        self.assertEqual(buttons, ["Cancel", "Delete it!"])
        self.screenshot("delete-alert")
        # Cancel keeps it; the safe button has the focus.
        self.assertEqual(self.driver.switch_to.active_element.text, "Cancel")
        alert.find_element(By.XPATH, ".//button[text()='Cancel']").click()
        self.wait_for(lambda driver: not alert.is_displayed())
        self.assertIn("Garden.dudeldoc", server.documents())

        self.action("delete")
        self.wait_for_css("#confirm-alert").find_element(By.XPATH, ".//button[text()='Delete it!']").click()
        self.wait_for(lambda driver: "Garden.dudeldoc" not in server.documents(), "the document to leave Documents/")
        self.wait_for(lambda driver: "Garden.dudeldoc" not in self.row_titles(), "the row to go")
        trash = server.api("/api/trash")
        self.assertEqual([item["originalName"] for item in trash], ["Garden.dudeldoc"])

        self.css('a[data-nav="trash"]').click()
        row = self.row("Garden.dudeldoc", table=".trash .tableview")
        self.screenshot("recently-deleted")
        row.find_element(By.CSS_SELECTOR, ".restore-button").click()
        self.wait_for(lambda driver: "Garden.dudeldoc" in server.documents(), "the restore")
        self.assertEqual(server.api("/api/trash"), [])

    def test_undo_after_delete_restores_from_the_trash(self):
        server = self.serve()
        self.open()
        self.delete_with_the_menu(server, "Shopping List.txt")
        undo = self.wait_for_css(".toast .toast-action")
        self.assertIn("Shopping List.txt", self.css(".toast").text)
        undo.click()
        self.wait_for(lambda driver: "Shopping List.txt" in server.documents(), "undo to restore it")
        self.assertEqual(server.read("Documents/Shopping List.txt").splitlines()[0], "1 Bread")

    def test_recently_deleted_shows_the_days_left_and_deletes_one_item_for_good(self):
        server = self.serve()
        self.open()
        for name in ["Garden.dudeldoc", "House.dudeldoc"]:
            self.delete_with_the_menu(server, name)
        self.css('a[data-nav="trash"]').click()
        row = self.row("Garden.dudeldoc", table=".trash .tableview")
        self.assertIn("30 days left", row.text)
        row.find_element(By.CSS_SELECTOR, ".delete-forever-button").click()
        alert = self.wait_for_css("#confirm-alert")
        self.assertIn("Garden.dudeldoc", self.css("#confirm-alert h2").text)
        alert.find_element(By.XPATH, ".//button[text()='Delete']").click()
        self.wait_for(lambda driver: [i["originalName"] for i in server.api("/api/trash")] == ["House.dudeldoc"], "one item left")
        self.assertNotIn("Garden.dudeldoc", server.documents())
        # The Undo of Garden's deletion is gone with it; House's is still offered.
        # (Within 2 seconds: the toast would go by itself after 10.)
        def undo_toasts():
            return [t.text for t in self.driver.find_elements(By.CSS_SELECTOR, ".toast") if t.find_elements(By.CSS_SELECTOR, ".toast-action")]

        self.wait_for(lambda driver: all("Garden.dudeldoc" not in text for text in undo_toasts()), "Garden's Undo to go", seconds=2)
        self.assertTrue(any("House.dudeldoc" in text for text in undo_toasts()))

    def test_empty_trash_takes_away_the_undo_it_made_impossible(self):
        server = self.serve()
        self.open()
        self.delete_with_the_menu(server, "Shopping List.txt")
        self.wait_for_css(".toast .toast-action")
        self.css('a[data-nav="trash"]').click()
        self.row("Shopping List.txt", table=".trash .tableview")
        self.css(".trash .pane-bar .destructive").click()
        self.wait_for_css("#confirm-alert").find_element(By.XPATH, ".//button[text()='Empty Trash']").click()
        self.wait_for(lambda driver: server.api("/api/trash") == [], "the trash to be empty")
        self.wait_for(
            lambda driver: not [b for b in self.driver.find_elements(By.CSS_SELECTOR, ".toast .toast-action") if b.text == "Undo"],
            "no Undo left",
            seconds=2,
        )

    def test_edit_mode_deletes_a_row_after_its_delete_button(self):
        server = self.serve()
        self.open()
        self.css("#edit-button").click()
        self.assertEqual(self.css("#edit-button").text, "Done")
        row = self.row("Shopping List.txt")
        toggle = row.find_element(By.CSS_SELECTOR, ".tv-delete-toggle")
        self.assertEqual(toggle.get_attribute("aria-label"), "Delete Shopping List.txt")
        toggle.click()
        confirm = self.wait_for(lambda driver: row.find_element(By.CSS_SELECTOR, ".tv-delete-confirm").is_displayed() and row.find_element(By.CSS_SELECTOR, ".tv-delete-confirm"))
        self.assertIn("Shopping List.txt", server.documents())
        self.screenshot("edit-mode")
        confirm.click()
        self.wait_for(lambda driver: "Shopping List.txt" not in server.documents(), "the delete")
        self.wait_for(lambda driver: "Shopping List.txt" not in self.row_titles())
        self.assertEqual(server.api("/api/trash")[0]["originalName"], "Shopping List.txt")

    def test_keyboard_moves_through_rows_and_opens_with_enter(self):
        self.serve()
        self.open()
        self.row("Garden.dudeldoc")
        table = self.css("#document-table")
        table.click()
        ActionChains(self.driver).send_keys(Keys.HOME, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ENTER).perform()
        self.wait_for(lambda driver: self.css("#detail-title").text == "Shopping List.txt", "Enter to open the third row")
        active = table.get_attribute("aria-activedescendant")
        self.assertEqual(self.driver.find_element(By.ID, active).get_attribute("data-name"), "Shopping List.txt")

    def test_the_actions_menu_works_from_the_keyboard(self):
        server = self.serve()
        self.open()
        self.row("Welcome.txt")
        button = self.css("#actions-button")
        button.send_keys(Keys.ENTER)
        self.wait_for(lambda driver: self.css("#actions-menu").is_displayed(), "the menu")
        self.assertEqual(button.get_attribute("aria-expanded"), "true")
        self.wait_for(lambda driver: driver.switch_to.active_element.text == "New Drawing")
        ActionChains(self.driver).send_keys(Keys.ARROW_DOWN).perform()
        self.assertEqual(self.driver.switch_to.active_element.text, "New Note")
        pdf = self.css('[data-action="send-pdf"]')
        self.assertTrue(pdf.is_enabled())
        self.assertEqual(pdf.text, "Send PDF via email…")
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda driver: not self.css("#actions-menu").is_displayed())
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "actions-button")
        before = len(server.documents())
        button.send_keys(Keys.ENTER)
        self.wait_for(lambda driver: driver.switch_to.active_element.text == "New Drawing")
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        self.wait_for(lambda driver: len(server.documents()) == before + 1, "New Drawing")

    def test_export_downloads_the_drawing_as_svg_and_app_info_counts_the_library(self):
        self.serve()
        self.open()
        self.open_document("Garden.dudeldoc")
        target = os.path.join(DOWNLOADS, "Garden.svg")
        if os.path.exists(target):
            os.remove(target)
        self.action("export")
        self.wait_for(lambda driver: os.path.exists(target) and os.path.getsize(target) > 0, "the SVG download")
        with open(target, encoding="utf-8") as file:
            svg = file.read()
        self.assertIn("<title>Garden</title>", svg)
        self.assertIn("My garden", svg)
        self.assertEqual(svg.count("<ellipse"), 6)

        self.action("info")
        sheet = self.wait_for_css("#info-sheet")
        self.wait_for(lambda driver: "Drawings" in sheet.text, "App Info")
        self.assertIn("Folio 0.1.0", sheet.text)
        self.assertIn(self.server.home, sheet.text)
        self.assertIn("5 ·", sheet.text)
        # Sizes in the CLI's units and digits: `folio doc info` prints "Documents  5 (4.5 KiB)".
        info = subprocess.run([FOLIO, "--home", self.server.home, "doc", "info"], capture_output=True, text=True, check=True)
        documents_size = re.search(r"^Documents\s+\d+ \((.+)\)$", info.stdout, re.MULTILINE).group(1)
        self.assertIn(f"5 · {documents_size}", sheet.text)
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        self.wait_for(lambda driver: not sheet.is_displayed(), "Escape to close App Info")

    def test_the_export_action_follows_the_kind_the_library_gives(self):
        self.serve()
        self.open()
        self.open_document("Garden.dudeldoc")
        self.css("#actions-button").click()
        item = self.wait_for_css('#actions-menu [data-action="export"]')
        self.assertEqual(item.text, "Export as SVG")
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()

        self.open_document("Welcome.txt")
        target = os.path.join(DOWNLOADS, "Welcome.txt")
        if os.path.exists(target):
            os.remove(target)
        self.css("#actions-button").click()
        self.wait_for(lambda driver: item.text == "Download", "Download for a note")
        item.click()
        self.wait_for(lambda driver: os.path.exists(target) and os.path.getsize(target) > 0, "the note's download")
        with open(target, encoding="utf-8") as file:
            self.assertTrue(file.read().startswith("Welcome to Folio."))

    def test_a_note_saves_with_if_match_and_stops_at_a_change_made_elsewhere(self):
        server = self.serve()
        self.open()
        self.open_document("Welcome.txt")
        text = self.wait_for(lambda driver: self.css(".note-text").get_attribute("value") and self.css(".note-text"))
        text.send_keys(Keys.CONTROL, Keys.END, Keys.NULL, "\nA line from the browser.")
        self.css(".note-editor .button.primary").click()
        self.wait_for(lambda driver: self.css(".editor-status").text.startswith("Saved"), "the save")
        self.assertTrue(server.read("Documents/Welcome.txt").endswith("A line from the browser."))

        # Another program changes the note while it is being edited here.
        text.send_keys("\nMy unsaved words.")
        server.write("Documents/Welcome.txt", "Written by another program.\n")
        self.css(".note-editor .button.primary").click()
        self.wait_for_css(".conflict")
        self.assertIn("changed elsewhere", self.css(".conflict").text)
        self.screenshot("conflict")
        self.assertEqual(server.read("Documents/Welcome.txt"), "Written by another program.\n")
        self.assertIn("My unsaved words.", text.get_attribute("value"))
        self.css(".conflict").find_element(By.XPATH, ".//button[text()='Use Theirs']").click()
        self.wait_for(lambda driver: self.css(".note-text").get_attribute("value") == "Written by another program.\n")

    def test_drawing_shapes_are_saved_as_drawing_json(self):
        server = self.serve()
        self.open()
        self.open_document("House.dudeldoc")
        self.wait_for(lambda driver: "9 shapes" in self.css(".editor-status").text, "the drawing to load")
        self.css('.tool[data-tool="rectangle"]').click()
        canvas = self.css(".drawing-canvas")
        ActionChains(self.driver).move_to_element_with_offset(canvas, -100, -80).click_and_hold().move_by_offset(60, 40).move_by_offset(60, 40).release().perform()
        self.wait_for(lambda driver: self.css(".editor-status").text.startswith("Saved"), "the save after the shape")
        drawing = server.api("/api/documents/House.dudeldoc")
        self.assertEqual(len(drawing["drawables"]), 10)
        added = drawing["drawables"][-1]
        self.assertEqual(added["shape"], "rectangle")
        self.assertGreater(added["frame"]["width"], 20)
        self.assertEqual(added["style"]["strokeColor"], "#1f5fbfff")

        self.css('.tool[data-tool="text"]').click()
        self.css(".text-input").send_keys("Hello")
        ActionChains(self.driver).move_to_element_with_offset(canvas, 0, 0).click().perform()
        self.wait_for(lambda driver: len(server.api("/api/documents/House.dudeldoc")["drawables"]) == 11, "the text")
        self.assertEqual(server.api("/api/documents/House.dudeldoc")["drawables"][-1]["string"], "Hello")
        self.screenshot("drawing")

    def test_a_document_made_on_disk_appears_without_a_reload(self):
        server = self.serve()
        self.open()
        self.row("Welcome.txt")
        self.driver.execute_script("window.notReloaded = true;")
        server.write("Documents/From Disk.txt", "made by another program")
        self.row("From Disk.txt")
        os.rename(server.path("Documents/From Disk.txt"), server.path("Documents/Renamed On Disk.txt"))
        self.row("Renamed On Disk.txt")
        self.wait_for(lambda driver: "From Disk.txt" not in self.row_titles())
        self.assertTrue(self.driver.execute_script("return window.notReloaded === true;"))

    def test_a_hostile_file_name_is_shown_as_text(self):
        hostile = "<img src=x onerror=alert(1)>.txt"
        server = self.serve(prepare=lambda server: server.write("Documents/" + hostile, "hi"))
        self.open()
        row = self.row(hostile)
        self.assertEqual(row.find_element(By.CSS_SELECTOR, ".tv-title").text, hostile)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'img[src="x"]'), [])
        row.click()
        self.wait_for(lambda driver: self.css("#detail-title").text == hostile)
        self.driver.get(server.url + "/#/files/Documents/" + urllib.parse.quote(hostile, safe=""))
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == hostile, "the inspector")
        self.assertIn(hostile, [element.text for element in self.driver.find_elements(By.CSS_SELECTOR, ".tree-name")])
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'img[src="x"]'), [])
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text


class PhoneLayoutTests(BrowserTestCase):
    window = (390, 844)

    def test_a_phone_sized_window_shows_one_pane_at_a_time(self):
        self.serve()
        self.open()
        row = self.row("House.dudeldoc")
        self.assertFalse(self.css(".documents-split .detail").is_displayed())
        row.click()
        self.wait_for(lambda driver: self.css(".documents-split .detail").is_displayed(), "the detail pane")
        self.assertFalse(self.css("#document-table").is_displayed())
        back = self.css(".documents-split .back-button")
        self.assertTrue(back.is_displayed())
        self.screenshot("phone-drawing")
        back.click()
        self.wait_for(lambda driver: self.css("#document-table").is_displayed())
        self.screenshot("phone-list")


if __name__ == "__main__":
    unittest.main()
