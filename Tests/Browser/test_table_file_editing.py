"""The Data page edits table files as the chapter's editing mode does: delete (confirmed on the
row), insert (a data-entry sheet with a field per column), reorder (drag or Alt+arrows), each
saved at once and only over the version shown; the image column shows real pictures."""

import os
import struct
import unittest
import zlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase

VIEWER = ".data-split .table-file-viewer"
TABLE = VIEWER + " .tableview"


def png(width, height):
    """A real PNG of one colour, so the image column has a picture to show."""

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xd0\x60\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def people(server):
    server.write("Documents/people.csv", "name,role\nHomer,Father\nMarge,Mother\nBart,Son\n")


class TableFileEditingTests(BrowserTestCase):
    def titles(self):
        return self.row_titles(TABLE)

    def open_table(self, name, prepare=people):
        self.serve(samples=False, prepare=prepare)
        self.open(f"#/data/Documents/{name}")
        self.wait_for(lambda driver: len(self.titles()) >= 2, "the table's rows")
        self.css(VIEWER + " .table-edit").click()
        self.wait_for_css(VIEWER + " .table-add")

    def file_rows(self, name="people.csv"):
        return self.server.read(f"Documents/{name}").splitlines()[1:]

    def test_a_row_is_deleted_once_its_delete_button_confirms_it(self):
        self.open_table("people.csv")
        marge = self.row("Marge", TABLE)
        marge.find_element(By.CSS_SELECTOR, ".tv-delete-toggle").click()
        self.assertEqual(self.file_rows(), ["Homer,Father", "Marge,Mother", "Bart,Son"], "the minus alone deletes nothing")
        confirm = self.wait_for(lambda driver: marge.find_element(By.CSS_SELECTOR, ".tv-delete-confirm") if marge.find_element(By.CSS_SELECTOR, ".tv-delete-confirm").is_displayed() else None, "the row's Delete")
        confirm.click()
        self.wait_for(lambda driver: self.file_rows() == ["Homer,Father", "Bart,Son"], "the file without Marge")
        self.wait_for(lambda driver: self.titles() == ["Homer", "Bart"], "the table without Marge")

    def test_add_row_asks_a_value_per_column_and_inserts_after_the_focused_row(self):
        self.open_table("people.csv")
        self.row("Homer", TABLE).click()
        self.css(VIEWER + " .table-add").click()
        sheet = self.wait_for_css("#edit-row-sheet .edit-form")
        fields = sheet.find_elements(By.CSS_SELECTOR, ".edit-field")
        self.assertEqual([field.get_attribute("aria-label") for field in fields], ["name", "role"])
        self.assertEqual(self.driver.switch_to.active_element, fields[0])
        fields[0].send_keys("Lisa, the clever one")
        fields[1].send_keys("Daughter" + Keys.ENTER)
        self.wait_for(lambda driver: self.file_rows() == ["Homer,Father", '"Lisa, the clever one",Daughter', "Marge,Mother", "Bart,Son"], "the new row in the file")
        self.wait_for(lambda driver: self.titles()[:2] == ["Homer", "Lisa, the clever one"], "the new row in the table")
        self.screenshot("added")

    def test_rows_move_by_keyboard_and_by_drag(self):
        self.open_table("people.csv")
        self.row("Bart", TABLE).click()
        self.css(TABLE).send_keys(Keys.ALT, Keys.ARROW_UP)
        self.wait_for(lambda driver: self.file_rows() == ["Homer,Father", "Bart,Son", "Marge,Mother"], "Bart one up in the file")
        self.wait_for(lambda driver: self.titles() == ["Homer", "Bart", "Marge"], "Bart one up in the table")
        handle = self.row("Homer", TABLE).find_element(By.CSS_SELECTOR, ".tv-reorder-handle")
        target = self.row("Marge", TABLE)
        ActionChains(self.driver).click_and_hold(handle).move_to_element_with_offset(target, 0, 25).release().perform()
        self.wait_for(lambda driver: self.file_rows() == ["Bart,Son", "Marge,Mother", "Homer,Father"], "Homer dragged to the end")

    def test_an_edit_of_a_file_changed_elsewhere_changes_nothing_and_shows_it_again(self):
        self.open_table("people.csv")
        self.server.write("Documents/people.csv", "name,role\nHomer,Father\nMaggie,Baby\n")
        marge = self.row("Marge", TABLE)
        marge.find_element(By.CSS_SELECTOR, ".tv-delete-toggle").click()
        marge.find_element(By.CSS_SELECTOR, ".tv-delete-confirm").click()
        self.wait_for(lambda driver: "changed since it was shown" in self.css("#toasts").text, "the conflict's message")
        self.wait_for(lambda driver: self.titles() == ["Homer", "Maggie"], "the file as it is now")
        self.assertEqual(self.file_rows(), ["Homer,Father", "Maggie,Baby"])

    def test_a_table_in_sections_takes_new_rows_in_a_section_and_shows_pictures(self):
        def prepare(server):
            server.write("Documents/family.csv", "section,name,image\nSimpsons,Homer,faces/homer.png\nFlanders,Ned,ned.png\nSimpsons,Marge,\n")
            os.makedirs(server.path("Documents/faces"), exist_ok=True)
            with open(server.path("Documents/faces/homer.png"), "wb") as file:
                file.write(png(40, 30))

        self.serve(samples=False, prepare=prepare)
        self.open("#/data/Documents/family.csv")
        self.wait_for(lambda driver: self.css(VIEWER + " select[aria-label='Sections by column']").get_attribute("value") == "section", "sections by the section column")
        self.wait_for(lambda driver: len(self.titles()) == 3, "three rows")
        homer = self.row("Homer", TABLE)
        picture = self.wait_for(lambda driver: homer.find_element(By.CSS_SELECTOR, "img.cell-picture"), "Homer's picture")
        self.assertIn("/api/files/Documents/faces/homer.png?thumbnail=", picture.get_attribute("src"))
        self.wait_for(lambda driver: self.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", picture) == 40, "the picture to load")
        self.assertEqual(self.row("Ned", TABLE).find_elements(By.CSS_SELECTOR, "img"), [], "a name with no picture keeps its shape")
        self.css(VIEWER + " .table-edit").click()
        self.row("Ned", TABLE).click()
        self.css(VIEWER + " .table-add").click()
        sheet = self.wait_for_css("#edit-row-sheet .edit-form")
        section, name, image = sheet.find_elements(By.CSS_SELECTOR, ".edit-field")
        self.assertFalse(section.is_enabled())
        self.assertEqual(section.get_attribute("value"), "Flanders")
        name.send_keys("Rod" + Keys.ENTER)
        self.wait_for(lambda driver: self.server.read("Documents/family.csv").splitlines()[1:] == ["Simpsons,Homer,faces/homer.png", "Flanders,Ned,ned.png", "Flanders,Rod,", "Simpsons,Marge,"], "Rod among the Flanders")
        self.screenshot("sections")


class PhoneTableFileEditingTests(BrowserTestCase):
    window = (390, 844)

    def test_edit_and_add_row_work_on_a_phone(self):
        self.serve(samples=False, prepare=people)
        self.open("#/data/Documents/people.csv")
        self.wait_for(lambda driver: len(self.row_titles(TABLE)) == 3, "the rows")
        edit = self.css(VIEWER + " .table-edit")
        self.assertTrue(edit.is_displayed())
        edit.click()
        add = self.wait_for_css(VIEWER + " .table-add")
        right = self.driver.execute_script("return arguments[0].getBoundingClientRect().right", add)
        self.assertLessEqual(right, 390)
        add.click()
        sheet = self.wait_for_css("#edit-row-sheet .edit-form")
        fields = sheet.find_elements(By.CSS_SELECTOR, ".edit-field")
        fields[0].send_keys("Maggie")
        fields[1].send_keys("Baby" + Keys.ENTER)
        self.wait_for(lambda driver: self.server.read("Documents/people.csv").endswith("Bart,Son\nMaggie,Baby\n"), "Maggie at the end")
        self.screenshot("phone")


if __name__ == "__main__":
    unittest.main()
