"""The Data page's grid: every row of a big table reachable, sorting on the server, resizing,
NULL unlike the text 'NULL' and the empty text, query results paged, errors as sentences."""

import os
import sqlite3
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase

ROWS = 10_000


def prepare_big(server):
    os.makedirs(server.path("Documents"), exist_ok=True)
    database = sqlite3.connect(server.path("Documents/grid.db"))
    database.execute("CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT, note TEXT)")
    notes = {1: None, 2: "NULL", 3: ""}
    database.executemany(
        "INSERT INTO big VALUES (?, ?, ?)",
        ((n, f"name {ROWS - n:05d}", notes.get(n, f"note {n}")) for n in range(1, ROWS + 1)),
    )
    database.commit()
    database.close()


class DataGridTests(BrowserTestCase):
    GRID = ".data-split .db-grid"

    def rows(self, grid=GRID):
        """The visible rows as [row number, values…], in order."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0] + ' .dg-row')].filter(row => !row.hidden && !row.classList.contains('dg-loading'))"
            ".sort((a, b) => Number(a.dataset.row) - Number(b.dataset.row))"
            ".map(row => [...row.children].map(cell => cell.textContent));",
            grid,
        )

    def open_grid(self):
        self.serve(prepare=prepare_big)
        self.open("#/data/Documents/grid.db")
        self.wait_for(lambda driver: len(self.rows()) > 5, "the first rows of the grid")

    def test_every_row_of_ten_thousand_is_reachable_with_a_small_dom(self):
        self.open_grid()
        status = self.css(self.GRID + " .dg-status")
        self.wait_for(lambda driver: status.text.endswith(f"of {ROWS:,}"), "the total under the grid")
        headers = self.driver.execute_script("return [...document.querySelectorAll(arguments[0] + ' .dg-th')].map(th => th.textContent)", self.GRID)
        self.assertEqual(headers, ["#", "id", "name", "note"])
        self.css(self.GRID + " .dg-scroller").send_keys(Keys.END)
        self.wait_for(lambda driver: (self.rows() or [[None]])[-1][:2] == [f"{ROWS:,}", str(ROWS)], "the last row")
        self.assertIn(f"{ROWS:,} of {ROWS:,}", status.text)
        elements = self.driver.execute_script("return document.querySelectorAll(arguments[0] + ' .dg-row').length", self.GRID)
        self.assertLess(elements, 80)
        self.css(self.GRID + " .dg-scroller").send_keys(Keys.HOME)
        self.wait_for(lambda driver: (self.rows() or [[None]])[0][:2] == ["1", "1"], "the first row again")
        self.screenshot("grid")

    def test_headers_sort_on_the_server_and_columns_resize(self):
        self.open_grid()
        header = self.css(self.GRID + ' .dg-th[data-column="name"]')
        header.find_element(By.CSS_SELECTOR, ".dg-sort").click()
        self.wait_for(lambda driver: self.rows()[0][1:3] == [str(ROWS), "name 00000"], "ascending by name")
        self.assertEqual(header.get_attribute("aria-sort"), "ascending")
        header.find_element(By.CSS_SELECTOR, ".dg-sort").click()
        self.wait_for(lambda driver: self.rows()[0][1:3] == ["1", f"name {ROWS - 1:05d}"], "descending by name")
        self.assertEqual(header.get_attribute("aria-sort"), "descending")
        export = self.css(".data-split .db-export[data-format=csv]").get_attribute("href")
        self.assertIn("/tables/big/export?format=csv&sort=name&order=desc", export)
        before = header.size["width"]
        handle = header.find_element(By.CSS_SELECTOR, ".dg-resize")
        ActionChains(self.driver).click_and_hold(handle).move_by_offset(120, 0).release().perform()
        self.wait_for(lambda driver: header.size["width"] >= before + 100, "the column to widen")
        cell = self.driver.execute_script("return document.querySelector(arguments[0] + ' .dg-row:not([hidden]) .dg-td:nth-child(3)').getBoundingClientRect().width", self.GRID)
        self.assertAlmostEqual(cell, header.size["width"], delta=2)

    def test_null_the_text_null_and_the_empty_text_look_different(self):
        self.open_grid()
        cells = self.driver.execute_script(
            "return [1, 2, 3].map(n => { const row = document.querySelector(arguments[0] + ` .dg-row[data-row=\"${n - 1}\"]`);"
            "const cell = row.children[3]; return [cell.textContent, cell.className, cell.querySelector('.dg-null') !== null]; });",
            self.GRID,
        )
        self.assertEqual(cells[0][0], "NULL")
        self.assertTrue(cells[0][2], "a real NULL is a placeholder")
        self.assertEqual(cells[1], ["NULL", "dg-td ", False])
        self.assertEqual(cells[2][0], "")
        self.assertIn("empty", cells[2][1])
        null_style = self.driver.execute_script("const s = getComputedStyle(document.querySelector('.dg-null')); return [s.fontStyle, s.borderStyle];")
        self.assertEqual(null_style, ["italic", "dashed"])

    def test_query_results_page_through_every_row_and_errors_are_sentences(self):
        self.open_grid()
        sql = self.css(".data-split .sql")
        sql.clear()
        sql.send_keys("SELECT id, note FROM big WHERE id > 2000", Keys.CONTROL, Keys.ENTER)
        self.wait_for(lambda driver: self.css(".data-split .query-count").text == "8,000 rows", "the query's total")
        grid = ".data-split .query-grid"
        self.wait_for(lambda driver: len(self.rows(grid)) > 3, "the query's first rows")
        self.assertEqual(self.rows(grid)[0], ["1", "2001", "note 2001"])
        self.css(grid + " .dg-scroller").send_keys(Keys.END)
        self.wait_for(lambda driver: (self.rows(grid) or [[None]])[-1] == ["8,000", str(ROWS), f"note {ROWS}"], "the query's last row")
        self.assertNotIn("only the first", self.css(".data-split .query-box").text)
        sql.clear()
        sql.send_keys("SELEC 1", Keys.CONTROL, Keys.ENTER)
        error = self.wait_for_css(".data-split .query-error")
        self.assertEqual(error.find_element(By.CSS_SELECTOR, "p").text, "The SQL has a mistake near “SELEC”.")
        self.assertNotIn("step failed", error.find_element(By.CSS_SELECTOR, "p").text)
        error.find_element(By.CSS_SELECTOR, "summary").click()
        self.assertIn("syntax error", error.find_element(By.CSS_SELECTOR, "code").text)

    def test_the_table_view_styles_are_still_a_choice(self):
        self.open_grid()
        choice = self.css(".data-split .db-view")
        choice.find_element(By.CSS_SELECTOR, 'option[value="value1"]').click()
        self.row("1", table=".data-split .database-viewer .tableview")
        self.assertIn("tv-style-value1", self.css(".data-split .database-viewer .tableview").get_attribute("class"))
        self.assertFalse(self.css(self.GRID).is_displayed())
        choice.find_element(By.CSS_SELECTOR, 'option[value="grid"]').click()
        self.wait_for(lambda driver: len(self.rows()) > 5, "the grid again")


if __name__ == "__main__":
    unittest.main()


def prepare_people(server):
    os.makedirs(server.path("Documents"), exist_ok=True)
    database = sqlite3.connect(server.path("Documents/people.db"))
    database.execute("CREATE TABLE people (name TEXT UNIQUE, age INTEGER)")
    database.executemany("INSERT INTO people VALUES (?, ?)", [("Homer", 39), ("Marge", 36)])
    database.execute("CREATE TABLE pairs (a TEXT, b INTEGER, note TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID")
    database.executemany("INSERT INTO pairs VALUES (?, ?, ?)", [("x", 1, "one"), ("x", 2, "two")])
    database.commit()
    database.close()


class DataEditingTests(BrowserTestCase):
    GRID = ".data-split .db-grid"

    def rows(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0] + ' .dg-row')].filter(row => !row.hidden && !row.classList.contains('dg-loading'))"
            ".sort((a, b) => Number(a.dataset.row) - Number(b.dataset.row)).map(row => [...row.children].slice(1).map(cell => cell.textContent));",
            self.GRID,
        )

    def database(self, sql):
        with sqlite3.connect(self.server.path("Documents/people.db")) as database:
            return database.execute(sql).fetchall()

    def grid_row(self, text):
        return self.wait_for(
            lambda driver: driver.execute_script(
                "return [...document.querySelectorAll(arguments[0] + ' .dg-row')].find(row => !row.hidden && row.children[1].textContent === arguments[1]) || null;",
                self.GRID,
                text,
            ),
            f"the row {text!r}",
        )

    def field(self, column):
        return self.css(f'#edit-row-sheet .edit-field[data-column="{column}"]')

    def test_rows_are_changed_added_and_deleted_in_edit_mode(self):
        self.serve(prepare=prepare_people)
        self.open("#/data/Documents/people.db")
        self.wait_for_css('.data-split .db-table-button[data-table="people"]').click()
        self.wait_for(lambda driver: self.rows() == [["Homer", "39"], ["Marge", "36"]], "the two people")
        self.css(".data-split .db-edit").click()
        self.grid_row("Marge").click()
        self.wait_for_css("#edit-row-sheet")
        age = self.field("age")
        self.assertEqual(age.get_attribute("value"), "36")
        age.clear()
        age.send_keys("37", Keys.ENTER)
        self.wait_for(lambda driver: ["Marge", "37"] in self.rows(), "the changed age in the grid")
        self.assertEqual(self.database("SELECT age, typeof(age) FROM people WHERE name = 'Marge'"), [(37, "integer")])

        self.css(".data-split .db-add").click()
        self.wait_for_css("#edit-row-sheet")
        self.field("name").send_keys("Homer")
        self.css("#edit-row-sheet button[type=submit]").click()
        error = self.wait_for_css("#edit-row-sheet .edit-error")
        self.wait_for(lambda driver: error.text == "Another row already has this value in people.name, which must be unique.", "the sentence")
        self.field("name").clear()
        self.field("name").send_keys("Lisa")
        self.css('#edit-row-sheet .edit-null[aria-label="age is NULL"]').click()
        self.css("#edit-row-sheet button[type=submit]").click()
        self.wait_for(lambda driver: len(self.rows()) == 3, "the new row")
        self.assertEqual(self.database("SELECT name, age FROM people ORDER BY rowid"), [("Homer", 39), ("Marge", 37), ("Lisa", None)])
        self.assertIn("3 rows", self.css('.data-split .db-table-button[data-table="people"]').text)

        self.grid_row("Homer").click()
        self.wait_for_css("#edit-row-sheet")
        self.css("#edit-row-sheet .edit-delete").click()
        alert = self.wait_for_css("#confirm-alert")
        self.assertIn("Homer", alert.text)
        alert.find_element(By.CSS_SELECTOR, ".destructive").click()
        self.wait_for(lambda driver: len(self.rows()) == 2, "the row to go")
        self.assertEqual(self.database("SELECT name FROM people ORDER BY rowid"), [("Marge",), ("Lisa",)])

        # The Delete key asks too; Cancel keeps the row.
        self.css(self.GRID + " .dg-scroller").send_keys(Keys.HOME, Keys.DELETE)
        self.wait_for_css("#confirm-alert").find_element(By.CSS_SELECTOR, ".button:not(.destructive)").click()
        self.assertEqual(len(self.database("SELECT * FROM people")), 2)
        self.screenshot("edited")

    def test_a_table_without_rowid_is_edited_by_its_primary_key(self):
        self.serve(prepare=prepare_people)
        self.open("#/data/Documents/people.db")
        self.css('.data-split .db-table-button[data-table="pairs"]').click()
        self.wait_for(lambda driver: self.rows() == [["x", "1", "one"], ["x", "2", "two"]], "the pairs")
        self.css(".data-split .db-edit").click()
        row = self.wait_for(lambda driver: driver.execute_script("return document.querySelector(arguments[0] + ' .dg-row[data-row=\"1\"]')", self.GRID))
        row.click()
        self.wait_for_css("#edit-row-sheet")
        note = self.field("note")
        note.clear()
        note.send_keys("deux", Keys.ENTER)
        self.wait_for(lambda driver: ["x", "2", "deux"] in self.rows(), "the changed note")
        self.assertEqual(self.database("SELECT note FROM pairs ORDER BY b"), [("one",), ("deux",)])
