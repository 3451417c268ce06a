"""Phone, tablet and keyboard: every page works at 390×844 and 820×1180, and the focus goes where
the person expects after a dialog or a new document."""

import os
import sqlite3
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase

PAGES = ["documents", "files", "data", "tracks", "trash"]


class LayoutChecks:
    def grid_row(self, text):
        """The visible row of the Data page's grid whose first field is exactly `text`."""
        return self.wait_for(
            lambda driver: driver.execute_script(
                "return [...document.querySelectorAll('.data-split .db-grid .dg-row')]"
                ".find(row => !row.hidden && row.children[1] && row.children[1].textContent === arguments[0]) || null;",
                text,
            ),
            f"a grid row {text!r}",
        )

    def assert_viewport(self, width):
        # The test must see the size it claims (headless windows are at least 500 pixels wide).
        self.assertEqual(self.driver.execute_script("return window.innerWidth"), width)

    def assert_tabs_whole(self):
        """Every page link is on the screen and its label is not cut."""
        for name in PAGES:
            link = self.css(f'[data-nav="{name}"]')
            box = self.driver.execute_script(
                "const link = arguments[0], box = link.getBoundingClientRect();"
                "return {left: box.left, right: box.right, top: box.top, bottom: box.bottom,"
                " clipped: link.scrollWidth > link.clientWidth, width: innerWidth, height: innerHeight};",
                link,
            )
            self.assertTrue(link.is_displayed(), name)
            self.assertGreaterEqual(box["left"], 0, name)
            self.assertLessEqual(box["right"], box["width"], name)
            self.assertLessEqual(box["bottom"], box["height"], name)
            self.assertFalse(box["clipped"], f"the {name} tab's label is cut")

    def active(self):
        return self.driver.switch_to.active_element


class PhoneTests(LayoutChecks, BrowserTestCase):
    window = (390, 844)

    def test_every_page_is_a_whole_tab_that_opens_its_page(self):
        self.serve()
        self.open()
        self.assert_viewport(390)
        self.assert_tabs_whole()
        for name in PAGES:
            self.css(f'[data-nav="{name}"]').click()
            self.wait_for(lambda driver: self.css(f'[data-nav="{name}"]').get_attribute("aria-current") == "page", name)
        self.screenshot("tabs")

    def test_a_track_opens_in_place_of_the_list_and_goes_back(self):
        self.serve()
        self.open("#/tracks")
        self.assert_viewport(390)
        self.row("White House to the Pentagon", table=".tracks-split .browser").click()
        self.wait_for(lambda driver: self.css(".tracks-split .detail").is_displayed(), "the track")
        self.wait_for(
            lambda driver: driver.execute_script(
                "const map = document.querySelector('.track-map .leaflet-map');"
                "return map && Number(map.dataset.points) > 0 && map.getBoundingClientRect().width > 300;"
            ),
            "the map, as wide as the phone",
        )
        self.assertFalse(self.css(".tracks-split .browser").is_displayed())
        self.assertEqual(self.css("#track-title").text, "White House to the Pentagon")
        self.screenshot("track")
        self.css(".tracks-split .back-button").click()
        self.wait_for(lambda driver: self.css(".tracks-split .browser").is_displayed(), "the list again")
        self.assertFalse(self.css(".tracks-split .detail").is_displayed())

    def test_a_file_shows_its_inspector_and_the_back_button_returns_to_it_in_the_tree(self):
        self.serve()
        self.open("#/files")
        self.assert_viewport(390)
        documents = self.wait_for_css('li[data-path="Documents"] > .tree-row')
        documents.click()
        # A folder opens in place; the inspector waits for a file or the folder's info button.
        welcome = self.wait_for_css('li[data-path="Documents/Welcome.txt"] > .tree-row')
        self.assertFalse(self.css(".files-split .inspector").is_displayed())
        welcome.click()
        self.wait_for(lambda driver: self.css(".files-split .inspector").is_displayed(), "the inspector")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "Welcome.txt", "Welcome.txt's attributes")
        self.assertFalse(self.css(".files-browser").is_displayed())
        self.screenshot("inspector")
        self.css(".files-split .inspector .back-button").click()
        self.wait_for(lambda driver: self.css(".files-browser").is_displayed(), "the tree again")
        self.assertEqual(self.active().get_attribute("data-path"), "Documents/Welcome.txt")
        self.css('li[data-path="Library"] .tree-info').click()
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "Library", "the folder's attributes")
        self.active().send_keys(Keys.ESCAPE)
        self.wait_for(lambda driver: self.css(".files-browser").is_displayed(), "the tree after Esc")
        self.assertEqual(self.active().get_attribute("data-path"), "Library")

    def test_a_table_row_shows_every_field_in_its_sheet(self):
        def prepare(server):
            os.makedirs(server.path("Documents"), exist_ok=True)
            database = sqlite3.connect(server.path("Documents/wide.db"))
            database.execute("CREATE TABLE purchases (symbol TEXT, purchasePrice REAL, unitsPurchased INTEGER, purchase_date TEXT, note TEXT)")
            database.execute("INSERT INTO purchases VALUES ('ALU', 14.23, 100, '2011-03-01', NULL)")
            database.execute("INSERT INTO purchases VALUES ('GOOG', 600.77, 20, '2011-03-02', 'NULL')")
            database.commit()
            database.close()

        self.serve(prepare=prepare)
        self.open("#/data/Documents/wide.db")
        self.assert_viewport(390)
        self.grid_row("GOOG").click()
        sheet = self.wait_for_css("#row-sheet")
        fields = self.driver.execute_script(
            "return [...document.querySelectorAll('#row-sheet dt')].map(dt => [dt.textContent, dt.nextElementSibling.textContent, dt.nextElementSibling.className]);"
        )
        self.assertEqual(
            [field[:2] for field in fields],
            [["symbol", "GOOG"], ["purchasePrice", "600.77"], ["unitsPurchased", "20"], ["purchase_date", "2011-03-02"], ["note", "NULL"]],
        )
        # The text 'NULL' is text; only a real NULL is marked as one.
        self.assertNotIn("null-value", fields[4][2])
        self.screenshot("row")
        sheet.find_element(By.CSS_SELECTOR, ".close-button").click()
        self.wait_for(lambda driver: not self.css("#row-sheet").is_displayed(), "the sheet to close")
        self.grid_row("ALU").click()
        self.wait_for_css("#row-sheet")
        null_class = self.driver.execute_script("return [...document.querySelectorAll('#row-sheet dd')].at(-1).className")
        self.assertIn("null-value", null_class)


class TabletTests(LayoutChecks, BrowserTestCase):
    window = (820, 1180)

    def test_a_tablet_shows_the_list_beside_the_document(self):
        self.serve()
        self.open()
        self.assert_viewport(820)
        self.assert_tabs_whole()
        self.open_document("House.dudeldoc")
        self.assertTrue(self.css("#document-table").is_displayed())
        self.assertTrue(self.css(".documents-split .detail").is_displayed())
        self.screenshot("tablet")

    def test_the_file_list_beside_the_inspector_keeps_every_name_readable(self):
        """The tree's columns follow its pane: at 820 pixels the list is about 310 wide, and its
        fixed columns (size, date, permissions) once took all of it, leaving names 0 pixels wide."""
        self.serve()
        self.open("#/files/tmp")
        self.wait_for_css('li[data-path="tmp"] > .tree-row .disclosure').click()
        self.wait_for_css('li[data-path="tmp/file.html"]')
        widths = self.driver.execute_script(
            "return [...document.querySelectorAll('.files-browser .tree-row .tree-name')]"
            ".filter(name => name.offsetParent).map(name => [name.textContent, name.getBoundingClientRect().width]);"
        )
        self.assertTrue(widths)
        for name, width in widths:
            self.assertGreater(width, 60, f"{name!r} is {width} pixels wide")
        overflow = self.driver.execute_script("const tree = document.querySelector('.files-browser .file-tree'); return tree.scrollWidth - tree.clientWidth;")
        self.assertLessEqual(overflow, 0, "the list scrolls sideways")


class KeyboardFocusTests(LayoutChecks, BrowserTestCase):
    def test_a_new_note_puts_the_focus_in_its_text(self):
        self.serve()
        self.open()
        self.action("new-note")
        self.wait_for(lambda driver: "note-text" in (self.active().get_attribute("class") or ""), "the note's text to have the focus")
        self.active().send_keys("typed at once")
        self.assertEqual(self.css(".note-text").get_attribute("value"), "typed at once")

    def test_escape_on_the_rename_sheet_gives_the_focus_back_to_the_actions_button(self):
        self.serve()
        self.open()
        self.open_document("Welcome.txt")
        self.action("rename")
        field = self.wait_for_css("#rename-field")
        self.wait_for(lambda driver: self.active() == field, "the rename field to have the focus")
        field.send_keys(Keys.ESCAPE)
        self.wait_for(lambda driver: not self.css("#rename-sheet").is_displayed(), "the sheet to close")
        self.wait_for(lambda driver: self.active().get_attribute("id") == "actions-button", "the focus on ⋯ Actions")

    def test_closing_app_info_gives_the_focus_back_to_the_actions_button(self):
        self.serve()
        self.open()
        self.action("info")
        done = self.wait_for_css("#info-sheet .close-button")
        done.click()
        self.wait_for(lambda driver: self.active().get_attribute("id") == "actions-button", "the focus on ⋯ Actions")


if __name__ == "__main__":
    unittest.main()


class ToastTests(BrowserTestCase):
    def show_toast(self, duration):
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/assets/ui.js').then(ui => { ui.toast('A short message', {action: 'Undo', onAction: () => {}, duration: arguments[0]}); done(); });",
            duration,
        )
        return self.wait_for_css(".toast")

    def toast_count(self):
        return len([toast for toast in self.driver.find_elements(By.CSS_SELECTOR, ".toast") if "A short message" in toast.text])

    def test_a_message_waits_while_the_pointer_or_the_focus_is_on_it(self):
        self.serve()
        self.open()
        toast = self.show_toast(800)
        ActionChains(self.driver).move_to_element(toast).perform()
        time.sleep(1.5)
        self.assertEqual(self.toast_count(), 1, "the message went from under the pointer")
        ActionChains(self.driver).move_to_element(self.css("#actions-button")).perform()
        self.wait_for(lambda driver: self.toast_count() == 0, "the message to go once the pointer left", seconds=5)
        toast = self.show_toast(800)
        self.driver.execute_script("arguments[0].querySelector('.toast-action').focus()", toast)
        time.sleep(1.5)
        self.assertEqual(self.toast_count(), 1, "the message went while its Undo had the focus")
        self.css("#document-table").click()
        self.wait_for(lambda driver: self.toast_count() == 0, "the message to go once the focus left", seconds=5)
