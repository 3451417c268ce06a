"""Files: rename, move, copy, duplicate, Replace or Keep Both for a taken name, and drops of files and folders."""

import os
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase

# Dispatches a drop on `target` as a browser does for files dragged from the desktop. A DataTransfer
# built in the page holds real File objects; for a folder, its items answer webkitGetAsEntry() with
# the directory entries the browser's File System API gives for a dropped folder (which a page
# cannot build itself).
DROP = """
const [target, files, folders] = arguments;
const transfer = new DataTransfer();
for (const [name, text] of files) transfer.items.add(new File([text], name, { type: "text/plain" }));
const fileEntry = (name, text) => ({ isFile: true, isDirectory: false, name, file: (ok) => ok(new File([text], name)) });
const directoryEntry = (name, children) => ({
  isFile: false, isDirectory: true, name,
  createReader() {
    let done = false;
    return { readEntries(ok) { ok(done ? [] : children); done = true; } };
  },
});
const build = (name, tree) => directoryEntry(name, Object.entries(tree).map(([child, value]) =>
  typeof value === "string" ? fileEntry(child, value) : build(child, value)));
const items = [...transfer.items].map((item) => item);
for (const [name, tree] of Object.entries(folders)) {
  const entry = build(name, tree);
  items.push({ kind: "file", webkitGetAsEntry: () => entry, getAsFile: () => null });
}
const fake = { types: ["Files"], items, files: transfer.files, dropEffect: "none" };
for (const type of ["dragenter", "dragover", "drop"]) {
  const event = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer });
  Object.defineProperty(event, "dataTransfer", { value: fake });
  target.dispatchEvent(event);
}
"""


class FileOperationTests(BrowserTestCase):
    def select(self, path):
        self.open("#/files/" + path)
        name = path.split("/")[-1]
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == name, "the inspector of " + path)

    def inspector_action(self, label):
        self.wait_for_css(f'.inspector-actions button[data-action="{label.lower()}"]').click()

    def test_rename_asks_for_the_name_and_a_taken_name_offers_keep_both(self):
        server = self.serve()
        server.write("tmp/report.txt", "mine")
        server.write("tmp/taken.txt", "theirs")
        self.select("tmp/report.txt")
        self.inspector_action("Rename")
        field = self.wait_for_css('#file-sheet input[name="name"]')
        self.assertEqual(field.get_attribute("value"), "report.txt")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("renamed.txt", Keys.ENTER)
        self.wait_for(lambda driver: server.exists("tmp/renamed.txt"), "the rename")
        self.assertFalse(server.exists("tmp/report.txt"))
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "renamed.txt")

        self.inspector_action("Rename")
        field = self.wait_for_css('#file-sheet input[name="name"]')
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("taken.txt", Keys.ENTER)
        alert = self.wait_for_css("#confirm-alert[open]")
        self.assertIn("taken.txt", alert.text)
        alert.find_element(By.XPATH, ".//button[text()='Keep Both']").click()
        self.wait_for(lambda driver: server.exists("tmp/taken 2.txt"), "the rename that kept both")
        self.assertEqual(server.read("tmp/taken.txt"), "theirs")
        self.assertEqual(server.read("tmp/taken 2.txt"), "mine")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "taken 2.txt")

    def test_replace_replaces_and_stop_changes_nothing(self):
        server = self.serve()
        server.write("tmp/a.txt", "new")
        server.write("tmp/b.txt", "new b")
        server.write("Documents/Box/a.txt", "old")
        server.write("Documents/Box/b.txt", "old b")
        for name, choice in [("b.txt", "Stop"), ("a.txt", "Replace")]:
            self.select("tmp/" + name)
            self.inspector_action("Move")
            self.wait_for(lambda driver: self.css(".folder-picker-path").text == "tmp")
            self.css('#file-sheet .dialog-buttons .button:first-child').click()  # Up to the Home
            self.wait_for_css('#file-sheet .folder-choice[data-path="Documents"]').click()
            self.wait_for_css('#file-sheet .folder-choice[data-path="Documents/Box"]').click()
            self.wait_for(lambda driver: self.css(".folder-picker-path").text == "Documents/Box")
            self.css("#file-sheet .button.primary").click()
            alert = self.wait_for_css("#confirm-alert[open]")
            alert.find_element(By.XPATH, f".//button[text()='{choice}']").click()
        self.wait_for(lambda driver: server.read("Documents/Box/a.txt") == "new", "the replace")
        self.assertFalse(server.exists("tmp/a.txt"))
        self.assertEqual(server.read("tmp/b.txt"), "new b")
        self.assertEqual(server.read("Documents/Box/b.txt"), "old b")

    def test_copy_to_a_folder_and_duplicate(self):
        server = self.serve()
        server.write("tmp/Project/notes.txt", "notes")
        os.makedirs(server.path("Documents/Archive"))
        self.select("tmp/Project")
        self.inspector_action("Copy")
        self.wait_for_css('#file-sheet .folder-choice[data-path="tmp/Project"]')
        self.css('#file-sheet .dialog-buttons .button:first-child').click()
        self.wait_for_css('#file-sheet .folder-choice[data-path="Documents"]').click()
        self.wait_for_css('#file-sheet .folder-choice[data-path="Documents/Archive"]').click()
        self.wait_for(lambda driver: self.css(".folder-picker-path").text == "Documents/Archive")
        self.css("#file-sheet .button.primary").click()
        self.wait_for(lambda driver: server.exists("Documents/Archive/Project/notes.txt"), "the copy")
        self.assertEqual(server.read("tmp/Project/notes.txt"), "notes")
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "Project")

        self.select("tmp/Project/notes.txt")
        self.inspector_action("Duplicate")
        self.wait_for(lambda driver: server.exists("tmp/Project/notes 2.txt"), "the duplicate")
        # The duplicate is selected, as in iOS; duplicating the original again takes the next number.
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "notes 2.txt")
        self.css('li[data-path="tmp/Project/notes.txt"] > .tree-row').click()
        self.wait_for(lambda driver: self.css(".inspector-title h2").text == "notes.txt")
        self.inspector_action("Duplicate")
        self.wait_for(lambda driver: server.exists("tmp/Project/notes 3.txt"), "the second duplicate")
        self.assertEqual(server.read("tmp/Project/notes 3.txt"), "notes")
        self.wait_for_css('li[data-path="tmp/Project/notes 3.txt"]')

    def test_a_folder_cannot_be_moved_into_itself(self):
        server = self.serve()
        server.write("tmp/Outer/Inner/x.txt", "x")
        self.select("tmp/Outer")
        self.inspector_action("Move")
        self.wait_for_css('#file-sheet .folder-choice[data-path="tmp/Outer"]').click()
        self.wait_for(lambda driver: self.css(".folder-picker-path").text == "tmp/Outer")
        self.assertFalse(self.css("#file-sheet .button.primary").is_enabled())
        self.css("#file-sheet .cancel-button").click()
        self.assertTrue(server.exists("tmp/Outer/Inner/x.txt"))

    def test_dropping_files_and_a_folder_uploads_them_with_progress(self):
        server = self.serve()
        os.makedirs(server.path("tmp/Inbox"))
        server.write("tmp/Inbox/taken.txt", "old")
        self.select("tmp/Inbox")
        row = self.wait_for_css('li[data-path="tmp/Inbox"] > .tree-row')
        big = "x" * 3_000_000
        self.driver.execute_script(
            DROP, row, [["one.txt", "first"], ["big.txt", big]],
            {"Album": {"cover.txt": "cover", "Disc 2": {"track.txt": "track"}}},
        )
        dropped = ["tmp/Inbox/one.txt", "tmp/Inbox/big.txt", "tmp/Inbox/Album/cover.txt", "tmp/Inbox/Album/Disc 2/track.txt"]
        # The uploads run side by side: wait for every one, the big file whole.
        self.wait_for(
            lambda driver: all(server.exists(path) for path in dropped)
            and os.path.getsize(server.path("tmp/Inbox/big.txt")) == len(big),
            "the dropped files and folder",
        )
        self.assertEqual(server.read("tmp/Inbox/one.txt"), "first")
        self.assertEqual(os.path.getsize(server.path("tmp/Inbox/big.txt")), len(big))
        self.assertEqual(server.read("tmp/Inbox/Album/cover.txt"), "cover")
        panel = self.wait_for_css(".upload-panel")
        self.wait_for(lambda driver: "4 uploaded" in panel.text, "the summary")
        overall = panel.find_element(By.CSS_SELECTOR, ".upload-head progress")
        self.assertEqual(overall.get_attribute("value"), overall.get_attribute("max"))
        self.assertEqual(len(panel.find_elements(By.CSS_SELECTOR, ".upload-row progress")), 4)

        # A dropped file whose name is taken asks; Keep Both writes it beside the old one.
        self.driver.execute_script(DROP, row, [["taken.txt", "new"]], {})
        self.wait_for_css("#confirm-alert[open]").find_element(By.XPATH, ".//button[text()='Keep Both']").click()
        self.wait_for(lambda driver: server.exists("tmp/Inbox/taken 2.txt"), "the upload that kept both")
        self.assertEqual(server.read("tmp/Inbox/taken.txt"), "old")
        self.assertEqual(server.read("tmp/Inbox/taken 2.txt"), "new")

    def test_cancel_stops_the_uploads_that_are_left(self):
        server = self.serve()
        os.makedirs(server.path("tmp/Inbox"))
        self.select("tmp/Inbox")
        row = self.wait_for_css('li[data-path="tmp/Inbox"] > .tree-row')
        # A slow network (64 KiB/s up): the first file is still being sent when Cancel is pressed.
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": 64 * 1024},
        )
        try:
            self.driver.execute_script(DROP, row, [["slow.bin", "y" * 4_000_000], ["second.txt", "2"]], {})
            panel = self.wait_for_css(".upload-panel")
            self.wait_for(lambda driver: "Uploading" in panel.find_element(By.CSS_SELECTOR, ".upload-row").text)
            panel.find_element(By.XPATH, ".//button[text()='Cancel']").click()
            self.wait_for(lambda driver: "2 cancelled" in panel.text, "the cancelled summary")
        finally:
            self.driver.execute_cdp_cmd(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )
        self.assertFalse(server.exists("tmp/Inbox/slow.bin"))
        self.assertFalse(server.exists("tmp/Inbox/second.txt"))
        self.assertEqual([name for name in os.listdir(server.path("tmp/Inbox")) if not name.startswith(".")], [])


if __name__ == "__main__":
    unittest.main()
