"""Search from the Documents and Files pages: results as you type, highlighted words, opening a result, Esc."""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase


def plant_library(server):
    server.write("Documents/Garden.txt", "Water the roses before breakfast. Then the tulips.")
    server.write("Documents/Roses.txt", "Roses, roses, roses: a list of roses for the garden.")
    server.write("Documents/Projects/Nested.txt", "The bridge plan needs a hydraulic survey.")
    server.write("Documents/Prices.csv", "fruit,price\nquince,3.20\nmedlar,4.10\n")
    server.write("Documents/Markup.txt", "<img src=x onerror=\"document.title='owned'\"> marigold <b>bold</b>")


class SearchTestCase(BrowserTestCase):
    def type_query(self, field, text):
        box = self.wait_for_css(field)
        box.clear()
        box.send_keys(text)
        return box

    def result_names(self, field):
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0] + '-results .search-name')].map(e => e.textContent);",
            field,
        )

    def marks(self, field):
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0] + '-results .search-snippet mark')].map(e => e.textContent);",
            field,
        )

    def wait_for_results(self, field, names, message):
        try:
            self.wait_for(lambda driver: self.result_names(field) == names, message)
        except AssertionError:
            raise AssertionError(f"{message}: got {self.result_names(field)}")


class DocumentsSearchTests(SearchTestCase):
    def test_results_follow_typing_ranked_with_the_words_marked_and_open_the_document(self):
        self.serve(samples=False, prepare=plant_library)
        self.open("#/documents")
        self.row("Garden.txt")
        self.type_query("#document-search", "rose")
        self.wait_for_results("#document-search", ["Roses.txt", "Garden.txt"], "two ranked results")
        self.assertIn("roses", [mark.lower() for mark in self.marks("#document-search")])
        self.assertFalse(self.css("#document-table").is_displayed(), "the results replace the list")
        self.screenshot("results")

        # Further typing narrows the results.
        self.type_query("#document-search", "rose breakf")
        self.wait_for_results("#document-search", ["Garden.txt"], "one result")
        self.assertEqual(set(self.marks("#document-search")), {"roses", "breakfast"})

        self.css('#document-search-results .search-result[data-path="Documents/Garden.txt"]').click()
        self.wait_for(lambda driver: self.css("#detail-title").text == "Garden.txt", "the note to open")

        # Esc clears the field and the list comes back.
        self.css("#document-search").send_keys(Keys.ESCAPE)
        self.wait_for(lambda driver: self.css("#document-table").is_displayed(), "the list to come back")
        self.assertEqual(self.css("#document-search").get_attribute("value"), "")
        self.assertFalse(self.css("#document-search-results").is_displayed())

    def test_markup_in_a_document_is_shown_as_text(self):
        self.serve(samples=False, prepare=plant_library)
        self.open("#/documents")
        self.type_query("#document-search", "marigold")
        self.wait_for_results("#document-search", ["Markup.txt"], "the markup note")
        snippet = self.css("#document-search-results .search-snippet")
        self.assertIn("<img src=x", snippet.text)
        self.assertEqual(snippet.find_elements(By.CSS_SELECTOR, "img, b"), [])
        self.assertEqual(self.marks("#document-search"), ["marigold"])
        self.assertNotEqual(self.driver.title, "owned")

    def test_an_answer_to_an_older_query_is_dropped(self):
        self.serve(samples=False, prepare=plant_library)
        self.open("#/documents")
        # The answer about tulips arrives late, after the one about the bridge.
        self.driver.execute_script(
            "const original = window.fetch;"
            "window.fetch = (url, options) => {"
            "  const answer = original(url, Object.assign({}, options, {signal: undefined}));"
            "  if (String(url).includes('q=tulips')) {"
            "    window.slowAnswered = false;"
            "    return answer.then(r => new Promise(done => setTimeout(() => { window.slowAnswered = true; done(r); }, 800)));"
            "  }"
            "  return answer;"
            "};"
        )
        box = self.type_query("#document-search", "tulips")
        self.wait_for(lambda driver: driver.execute_script("return window.slowAnswered === false"), "the slow request")
        box.clear()
        box.send_keys("hydraulic")
        self.wait_for_results("#document-search", ["Nested.txt"], "the newer answer")
        self.wait_for(lambda driver: driver.execute_script("return window.slowAnswered === true"), "the slow answer")
        self.assertEqual(self.result_names("#document-search"), ["Nested.txt"])

    def test_a_document_written_after_the_page_opened_is_found(self):
        server = self.serve(samples=False, prepare=plant_library)
        self.open("#/documents")
        self.row("Garden.txt")
        server.write("Documents/Later.txt", "a zeppelin over the garden")
        # The index follows the change on its own (no reload, no request needed to notice it).
        self.wait_for(
            lambda driver: [r["name"] for r in server.api("/api/search?q=zeppelin")["results"]] == ["Later.txt"],
            "the index to follow the new document",
        )
        self.type_query("#document-search", "zeppelin")
        self.wait_for_results("#document-search", ["Later.txt"], "the new document")

    def test_a_query_with_no_words_says_so(self):
        self.serve(samples=False, prepare=plant_library)
        self.open("#/documents")
        self.type_query("#document-search", '"')
        self.wait_for(
            lambda driver: "no letter or digit" in self.css("#document-search-panel .search-status").text,
            "the message",
        )


class FilesSearchTests(SearchTestCase):
    def test_files_page_searches_folders_and_opens_the_file(self):
        self.serve(samples=False, prepare=plant_library)
        self.open("#/files")
        self.wait_for_css('li[data-path="Documents"] > .tree-row')
        self.type_query("#files-search", "hydraul")
        self.wait_for_results("#files-search", ["Nested.txt"], "the note in a folder")
        self.assertEqual(self.marks("#files-search"), ["hydraulic"])
        self.assertIn("Documents/Projects", self.css("#files-search-results .search-where").text)
        self.assertFalse(self.css(".file-tree").is_displayed(), "the results replace the tree")
        self.css('#files-search-results .search-result[data-path="Documents/Projects/Nested.txt"]').click()
        # A document of Documents/ (in a folder too) opens in the document browser.
        self.wait_for(
            lambda driver: driver.execute_script("return location.hash") == "#/documents/Projects%2FNested.txt",
            "the document to open",
        )
        self.wait_for(lambda driver: self.css("#detail-title").text == "Projects/Nested.txt", "its title")

    def test_keyboard_reaches_the_results_and_esc_brings_the_tree_back(self):
        self.serve(samples=False, prepare=plant_library)
        self.open("#/files")
        self.wait_for_css('li[data-path="Documents"] > .tree-row')
        box = self.type_query("#files-search", "medlar")
        self.wait_for_results("#files-search", ["Prices.csv"], "the table")
        box.send_keys(Keys.ARROW_DOWN)
        self.wait_for(
            lambda driver: driver.execute_script("return document.activeElement.dataset.path") == "Documents/Prices.csv",
            "the first result focused",
        )
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.wait_for(lambda driver: self.css(".file-tree").is_displayed(), "the tree to come back")
        self.assertEqual(self.driver.execute_script("return document.activeElement.id"), "files-search")


class PhoneSearchTests(SearchTestCase):
    window = (390, 844)

    def test_search_works_on_a_phone(self):
        self.serve(samples=False, prepare=plant_library)
        self.open("#/documents")
        self.type_query("#document-search", "quince")
        self.wait_for_results("#document-search", ["Prices.csv"], "the table")
        self.screenshot("phone")


if __name__ == "__main__":
    unittest.main()
