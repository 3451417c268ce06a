"""The drawing editor as a user drives it in Chromium against a real folio serve: undo and redo
from the keyboard, selecting (click, Shift-click, rubber band, keyboard), moving, resizing,
restacking and deleting shapes, strokes in the margin kept on the page, zoom and pan, and the tool
settings that come back when the drawing is opened again. What is saved is read through the API."""

import json
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from folio_browser import BrowserTestCase

NAME = "Shapes.dudeldoc"
BLUE = "#1f5fbfff"
RED = "#d01010ff"
GREEN = "#10a010ff"


def rectangle(x, y, width, height, color=BLUE):
    return {
        "shape": "rectangle",
        "frame": {"origin": {"x": x, "y": y}, "width": width, "height": height},
        "style": {"strokeColor": color, "fillColor": None, "lineWidth": 4},
    }


def archive(drawables, page=None):
    root = {"drawables": drawables}
    if page:
        root["pageSize"] = page
    return json.dumps({"archiver": "Folio", "archiverVersion": 1, "type": "Drawing", "version": 1, "root": root})


class DrawingEditorTests(BrowserTestCase):
    def open_drawing(self, drawables, page=None):
        """Serves a library holding one drawing of `drawables` and opens it in the editor."""
        self.serve(samples=False, prepare=lambda server: server.write("Documents/" + NAME, archive(drawables, page)))
        self.open()
        self.open_document(NAME)
        count = len(drawables)
        self.wait_for(lambda driver: f"{count} shape" in self.css(".editor-status").text, "the drawing to load")
        return self.css(".drawing-canvas")

    def saved(self):
        return self.server.api("/api/documents/" + NAME)

    def wait_for_saved(self, condition, message):
        """Waits until the drawing read through the API meets `condition`, and the editor says Saved."""
        self.wait_for(lambda driver: condition(self.saved()), message)
        self.wait_for(lambda driver: self.css(".editor-status").text.startswith("Saved"), "the status to say Saved")

    def client(self, x, y):
        """Where the drawing point (x, y) is on the screen (CSS pixels of the viewport)."""
        return self.driver.execute_script(
            "const canvas = document.querySelector('.drawing-canvas');"
            "const point = new DOMPoint(arguments[0], arguments[1]).matrixTransform(canvas.getScreenCTM());"
            "return [point.x, point.y];",
            x,
            y,
        )

    def drag(self, start, end, shift=False, steps=4, key=None):
        """Drags the mouse from the drawing point `start` to `end` (each a pair), holding Shift or
        `key` down throughout when asked."""
        first = self.client(*start)
        last = self.client(*end)
        builder = ActionBuilder(self.driver)
        pointer = builder.pointer_action
        moves = [(first[0], first[1])]
        moves += [
            (first[0] + (last[0] - first[0]) * step / steps, first[1] + (last[1] - first[1]) * step / steps)
            for step in range(1, steps + 1)
        ]
        held = Keys.SHIFT if shift else key
        ticks = 0
        if held:
            pointer.pause(0)
            ticks += 1
        pointer.move_to_location(int(round(moves[0][0])), int(round(moves[0][1])))
        pointer.pointer_down()
        for x, y in moves[1:]:
            pointer.move_to_location(int(round(x)), int(round(y)))
        pointer.pointer_up()
        ticks += 2 + len(moves)
        if held:
            builder.key_action.key_down(held)
            for _ in range(ticks - 1):
                builder.key_action.pause(0)
            builder.key_action.key_up(held)
            pointer.pause(0)
        builder.perform()

    def click_at(self, point, shift=False):
        self.drag(point, point, shift=shift, steps=1)

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def chord(self, modifiers, key):
        chain = ActionChains(self.driver)
        for modifier in modifiers:
            chain.key_down(modifier)
        chain.send_keys(key)
        for modifier in reversed(modifiers):
            chain.key_up(modifier)
        chain.perform()

    def tab_to_canvas(self):
        """Presses Tab until the canvas has the focus, as a keyboard user would."""
        for _ in range(40):
            if self.driver.execute_script("return document.activeElement.classList.contains('drawing-canvas');"):
                return
            self.keys(Keys.TAB)
        self.fail("Tab never reached the canvas")

    def actual_size(self):
        """Zooms to 100%, where a pixel is a drawing point, so drags move by whole points."""
        self.css('button[aria-label="Actual size"]').click()
        self.wait_for(lambda driver: self.css(".zoom-level").text == "100%", "100%")

    def tool(self, name):
        self.css(f'.tool[data-tool="{name}"]').click()

    def selection_status(self):
        return self.css(".selection-status").text

    def button(self, label):
        return self.css(".drawing-tools").find_element(By.XPATH, f".//button[text()='{label}']")

    def test_undo_and_redo_with_the_keyboard_survive_the_saves(self):
        canvas = self.open_drawing([rectangle(100, 100, 200, 100)])
        self.tool("rectangle")
        self.drag((400, 300), (600, 450))
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 2, "the new rectangle to be saved")
        canvas_focused = self.driver.execute_script("return document.activeElement === arguments[0];", canvas)
        self.assertTrue(canvas_focused, "a click on the canvas gives it the keyboard")
        # The history outlived the save: Ctrl+Z takes the rectangle away, and that is saved too.
        self.chord([Keys.CONTROL], "z")
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 1, "the undo to be saved")
        self.chord([Keys.CONTROL, Keys.SHIFT], "z")
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 2, "Shift+Ctrl+Z to redo")
        origin = self.saved()["drawables"][1]["frame"]["origin"]
        self.assertAlmostEqual(origin["x"], 400, delta=1.5)
        self.assertAlmostEqual(origin["y"], 300, delta=1.5)
        self.chord([Keys.CONTROL], "z")
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 1, "the second undo")
        self.chord([Keys.CONTROL], "y")
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 2, "Ctrl+Y to redo")
        self.assertFalse(self.button("Undo").get_attribute("disabled"))
        self.assertTrue(self.button("Redo").get_attribute("disabled"), "nothing is left to redo")

    def test_select_move_and_delete_with_the_keyboard_alone(self):
        self.open_drawing([rectangle(100, 100, 200, 100), rectangle(500, 400, 100, 100, RED)])
        # From the first tool, Tab leads through the bar to the canvas.
        self.css('.tool[data-tool="select"]').click()
        self.tab_to_canvas()
        self.keys("]")
        self.wait_for(lambda driver: self.selection_status() == "1 shape selected", "] to select the first shape")
        self.screenshot("selected")
        self.keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        self.chord([Keys.SHIFT], Keys.ARROW_DOWN)
        self.wait_for_saved(
            lambda drawing: drawing["drawables"][0]["frame"]["origin"] == {"x": 103, "y": 110}, "the arrows to move it"
        )
        self.assertEqual(self.saved()["drawables"][1]["frame"]["origin"], {"x": 500, "y": 400}, "only the selected shape moves")
        self.keys(Keys.DELETE)
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 1, "Delete to delete it")
        self.assertEqual(self.saved()["drawables"][0]["style"]["strokeColor"], RED)
        # ] selects the next shape, Backspace deletes too.
        self.keys("]", Keys.BACKSPACE)
        self.wait_for_saved(lambda drawing: drawing["drawables"] == [], "Backspace to delete the other")

    def test_a_shape_is_drawn_and_placed_with_the_keyboard_alone(self):
        self.open_drawing([], {"width": 600, "height": 400})
        # From the first tool of the bar, Tab leads to the others and Enter chooses one.
        self.driver.execute_script("document.querySelector('.tool[data-tool=\"select\"]').focus();")
        self.keys(Keys.TAB, Keys.TAB, Keys.TAB, Keys.ENTER)
        self.wait_for(lambda driver: self.css('.tool[data-tool="ellipse"]').get_attribute("aria-pressed") == "true", "Ellipse")
        self.tab_to_canvas()
        self.keys(Keys.ENTER)
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 1, "Enter to add an ellipse")
        added = self.saved()["drawables"][0]
        self.assertEqual(added["shape"], "ellipse")
        self.assertEqual((added["frame"]["width"], added["frame"]["height"]), (100, 100))
        self.assertEqual(self.selection_status(), "1 shape selected", "the new shape is selected")
        origin = added["frame"]["origin"]
        self.chord([Keys.SHIFT], Keys.ARROW_LEFT)
        self.wait_for_saved(lambda drawing: abs(drawing["drawables"][0]["frame"]["origin"]["x"] - (origin["x"] - 10)) < 0.01, "Shift+← to move it"
        )

    def test_a_rubber_band_selects_several_shift_click_adds_and_a_drag_moves_them(self):
        small = {"width": 600, "height": 400}
        self.open_drawing([rectangle(100, 100, 100, 100), rectangle(250, 120, 100, 100, RED), rectangle(400, 250, 100, 100, GREEN)], small)
        self.actual_size()
        self.tool("select")
        self.drag((60, 60), (370, 240))
        self.wait_for(lambda driver: self.selection_status() == "2 shapes selected", "the band to select two")
        self.click_at((450, 300), shift=True)
        self.wait_for(lambda driver: self.selection_status() == "3 shapes selected", "Shift-click to add the third")
        self.screenshot("band")
        self.drag((150, 150), (200, 170))
        self.wait_for_saved(
            lambda drawing: [d["frame"]["origin"] for d in drawing["drawables"]]
            == [{"x": 150, "y": 120}, {"x": 300, "y": 140}, {"x": 450, "y": 270}],
            "the drag to move all three",
        )
        # A click on empty page clears the selection.
        self.click_at((560, 30))
        self.wait_for(lambda driver: self.selection_status() == "", "the selection to clear")
        self.assertTrue(self.button("Delete").get_attribute("disabled"))

    def test_a_handle_resizes_the_selected_shape(self):
        self.open_drawing([rectangle(100, 100, 200, 100)], {"width": 600, "height": 400})
        self.actual_size()
        self.tool("select")
        self.click_at((200, 150))
        handle = self.wait_for_css('.drawing-canvas [data-handle="se"]')
        self.assertTrue(handle.is_displayed())
        frame = lambda: self.saved()["drawables"][0]["frame"]
        self.drag((300, 200), (400, 300))
        self.wait_for_saved(lambda drawing: drawing["drawables"][0]["frame"]["width"] > 250, "the corner handle to resize")
        self.assertEqual(frame()["origin"], {"x": 100, "y": 100}, "the opposite corner stays")
        self.assertAlmostEqual(frame()["width"], 300, delta=1)
        self.assertAlmostEqual(frame()["height"], 200, delta=1)
        # The west handle moves only the left edge.
        self.drag((100, 200), (50, 200))
        self.wait_for_saved(lambda drawing: drawing["drawables"][0]["frame"]["origin"]["x"] < 75, "the side handle to resize")
        self.assertAlmostEqual(frame()["origin"]["x"], 50, delta=1)
        self.assertAlmostEqual(frame()["origin"]["x"] + frame()["width"], 400, delta=1)
        self.assertEqual(frame()["origin"]["y"], 100)

    def test_bring_forward_and_send_backward_change_the_stacking(self):
        self.open_drawing([rectangle(100, 100, 100, 100), rectangle(400, 100, 100, 100, RED), rectangle(700, 100, 100, 100, GREEN)])
        colours = lambda drawing: [d["style"]["strokeColor"] for d in drawing["drawables"]]
        self.tool("select")
        self.click_at((150, 150))
        self.button("Bring Forward").click()
        self.wait_for_saved(lambda drawing: colours(drawing) == [RED, BLUE, GREEN], "Bring Forward")
        self.driver.execute_script("document.querySelector('.drawing-canvas').focus();")
        self.chord([Keys.CONTROL], "]")
        self.wait_for_saved(lambda drawing: colours(drawing) == [RED, GREEN, BLUE], "Ctrl+] to bring it to the top")
        self.button("Send Backward").click()
        self.wait_for_saved(lambda drawing: colours(drawing) == [RED, BLUE, GREEN], "Send Backward")
        self.button("Duplicate").click()
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 4, "Duplicate")
        copy = self.saved()["drawables"][3]
        self.assertEqual(copy["frame"]["origin"], {"x": 110, "y": 110})
        self.assertEqual(self.selection_status(), "1 shape selected", "the copy is selected")

    def set_input(self, label, value):
        """Sets a colour or number field of the bar as its picker would, then leaves it (change)."""
        self.driver.execute_script(
            "const input = document.querySelector(`.drawing-tools input[aria-label='${arguments[0]}']`);"
            "input.value = arguments[1]; input.dispatchEvent(new Event('change', { bubbles: true }));",
            label,
            value,
        )

    def test_the_bar_restyles_the_selected_shapes(self):
        line = {"shape": "line", "from": {"x": 50, "y": 300}, "to": {"x": 400, "y": 300}, "style": {"strokeColor": BLUE, "fillColor": None, "lineWidth": 2}}
        self.open_drawing([rectangle(100, 100, 100, 100), line, rectangle(600, 100, 100, 100)])
        self.tool("select")
        self.click_at((150, 150))
        self.click_at((200, 300), shift=True)
        self.wait_for(lambda driver: self.selection_status() == "2 shapes selected", "two shapes")
        self.set_input("Line colour", "#d01010")
        self.wait_for_saved(lambda drawing: drawing["drawables"][1]["style"]["strokeColor"] == RED, "the new colour")
        self.set_input("Line width", "12")
        self.wait_for_saved(lambda drawing: drawing["drawables"][0]["style"]["lineWidth"] == 12, "the new width")
        self.css('input[aria-label="Fill shapes"]').click()
        self.wait_for_saved(lambda drawing: drawing["drawables"][0]["style"].get("fillColor") is not None, "the fill")
        styles = [d["style"] for d in self.saved()["drawables"]]
        self.assertEqual(styles[0], {"strokeColor": RED, "fillColor": "#ffd23fff", "lineWidth": 12})
        # (A style without a fill has no fillColor in the drawing's JSON.)
        self.assertEqual(styles[1], {"strokeColor": RED, "lineWidth": 12}, "a line takes no fill")
        self.assertEqual(styles[2], {"strokeColor": BLUE, "lineWidth": 4}, "the shape not selected keeps its style")
        # Each restyle is one step back.
        self.chord([Keys.CONTROL], "z")
        self.wait_for_saved(lambda drawing: drawing["drawables"][0]["style"].get("fillColor") is None, "the undo of the fill")

    def test_strokes_in_the_margin_are_saved_on_the_page(self):
        self.open_drawing([])
        self.tool("line")
        # From the grey margin left of the page into it.
        self.drag((-30, 100), (200, 100))
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 1, "the line")
        line = self.saved()["drawables"][0]
        self.assertEqual(line["from"]["x"], 0, "the end in the margin is on the page's edge")
        self.assertAlmostEqual(line["from"]["y"], 100, delta=1.5)
        self.assertAlmostEqual(line["to"]["x"], 200, delta=1.5)
        self.tool("rectangle")
        self.drag((900, 700), (1060, 800))
        self.tool("freehand")
        self.drag((500, 30), (520, -30), steps=6)
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 3, "the rectangle and the path")
        drawing = self.saved()
        frame = drawing["drawables"][1]["frame"]
        self.assertAlmostEqual(frame["origin"]["x"], 900, delta=1.5)
        self.assertEqual(frame["origin"]["x"] + frame["width"], 1024, "the rectangle ends at the page's right edge")
        self.assertEqual(frame["origin"]["y"] + frame["height"], 768, "and at its bottom")
        points = drawing["drawables"][2]["points"]
        self.assertTrue(all(0 <= p["x"] <= 1024 and 0 <= p["y"] <= 768 for p in points), points)
        self.assertEqual(points[-1]["y"], 0)

    def test_zoom_fit_100_percent_and_pan(self):
        canvas = self.open_drawing([rectangle(100, 100, 200, 100)], page={"width": 800, "height": 1200})
        level = lambda: self.css(".zoom-level").text
        # It opens fitted: the whole page (the document's own 800 × 1200) is in the frame.
        fitted = level()
        self.assertNotEqual(fitted, "100%")
        page = self.driver.execute_script(
            "const page = document.querySelector('.drawing-canvas .page').getBoundingClientRect();"
            "const frame = document.querySelector('.canvas-frame').getBoundingClientRect();"
            "return [page.width / page.height, page.top >= frame.top && page.bottom <= frame.bottom && page.left >= frame.left];"
        )
        self.assertAlmostEqual(page[0], 800 / 1200, places=2)
        self.assertTrue(page[1], "the fitted page is inside the frame")
        self.css('button[aria-label="Actual size"]').click()
        self.wait_for(lambda driver: level() == "100%", "100%")
        height = self.driver.execute_script("return document.querySelector('.drawing-canvas .page').getBoundingClientRect().height;")
        self.assertAlmostEqual(height, 1200, delta=2)
        self.css('button[aria-label="Zoom in"]').click()
        self.wait_for(lambda driver: level() == "125%", "+ to zoom in")
        self.css('button[aria-label="Zoom out"]').click()
        self.wait_for(lambda driver: level() == "100%", "− to zoom out")
        # Ctrl+wheel zooms about the pointer.
        wheel = ActionChains(self.driver).key_down(Keys.CONTROL)
        wheel.scroll_from_origin(ScrollOrigin.from_element(self.css(".canvas-frame")), 0, -300).key_up(Keys.CONTROL).perform()
        self.wait_for(lambda driver: int(level().rstrip("%")) > 100, "Ctrl+wheel to zoom in")
        # Space and a drag pan the canvas.
        self.driver.execute_script("document.querySelector('.drawing-canvas').focus();")
        before = self.driver.execute_script("const f = document.querySelector('.canvas-frame'); return [f.scrollLeft, f.scrollTop];")
        frame = self.css(".canvas-frame").rect
        x, y = int(frame["x"] + frame["width"] / 2), int(frame["y"] + frame["height"] / 2)
        builder = ActionBuilder(self.driver)
        builder.key_action.key_down(" ")
        builder.pointer_action.pause(0)
        for _ in range(4):
            builder.key_action.pause(0)
        builder.pointer_action.move_to_location(x, y).pointer_down().move_to_location(x - 80, y - 120).pointer_up()
        builder.key_action.key_up(" ")
        builder.pointer_action.pause(0)
        builder.perform()
        after = self.driver.execute_script("const f = document.querySelector('.canvas-frame'); return [f.scrollLeft, f.scrollTop];")
        self.assertNotEqual(before, after, "space-drag pans")
        self.assertEqual(len(self.saved()["drawables"]), 1, "panning draws nothing")
        self.css('button[aria-label="Fit page"]').click()
        self.wait_for(lambda driver: level() == fitted, "Fit to fit the page again")

    def test_two_fingers_pinch_to_zoom(self):
        self.open_drawing([rectangle(100, 100, 200, 100)])
        level = lambda: int(self.css(".zoom-level").text.rstrip("%"))
        fitted = level()
        frame = self.css(".canvas-frame").rect
        x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
        touch = lambda kind, spread: self.driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x - spread, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}]},
        )
        touch("touchStart", 40)
        for spread in (60, 80, 100, 120):
            touch("touchMove", spread)
        touch("touchEnd", 0)
        self.wait_for(lambda driver: level() >= fitted * 2.5, f"the pinch to zoom in (now {level()}%, fitted {fitted}%)")
        self.assertEqual(len(self.saved()["drawables"]), 1, "a pinch draws nothing")

    def test_tool_settings_come_back_when_the_drawing_is_opened_again(self):
        self.open_drawing([])
        self.tool("ellipse")
        self.css('input[aria-label="Fill shapes"]').click()
        width = self.css('input[aria-label="Line width"]')
        width.clear()
        width.send_keys("9", Keys.TAB)
        self.driver.execute_script(
            "const input = document.querySelector('input[aria-label=\"Fill colour\"]');"
            "input.value = '#10a010'; input.dispatchEvent(new Event('change', { bubbles: true }));"
        )
        self.wait_for_saved(
            lambda drawing: drawing.get("toolSettings")
            == {"tool": "ellipse", "strokeColor": BLUE, "fillColor": GREEN, "isFilled": True, "lineWidth": 9},
            "the settings to be saved with the drawing",
        )
        self.driver.refresh()
        self.open_document(NAME)
        self.wait_for(lambda driver: self.css('.tool[data-tool="ellipse"]').get_attribute("aria-pressed") == "true", "the tool")
        self.assertEqual(self.css('.tool[data-tool="line"]').get_attribute("aria-pressed"), "false")
        self.assertTrue(self.css('input[aria-label="Fill shapes"]').is_selected())
        self.assertEqual(self.css('input[aria-label="Line width"]').get_attribute("value"), "9")
        self.assertEqual(self.css('input[aria-label="Fill colour"]').get_attribute("value"), "#10a010")
        # The next shape is drawn with them.
        self.drag((100, 100), (300, 200))
        self.wait_for_saved(lambda drawing: len(drawing["drawables"]) == 1, "the ellipse")
        ellipse = self.saved()["drawables"][0]
        self.assertEqual(ellipse["shape"], "ellipse")
        self.assertEqual(ellipse["style"], {"strokeColor": BLUE, "fillColor": GREEN, "lineWidth": 9})

    def test_the_bar_is_labelled_and_says_what_is_pressed(self):
        self.open_drawing([rectangle(100, 100, 100, 100)])
        bar = self.css(".drawing-tools")
        self.assertEqual(bar.get_attribute("role"), "toolbar")
        for button in bar.find_elements(By.TAG_NAME, "button"):
            name = button.get_attribute("aria-label") or button.text
            self.assertTrue(name.strip(), button.get_attribute("outerHTML"))
        self.tool("rectangle")
        pressed = [b.get_attribute("data-tool") for b in bar.find_elements(By.CSS_SELECTOR, '.tool[aria-pressed="true"]')]
        self.assertEqual(pressed, ["rectangle"])
        # The focus is visible on the canvas reached with Tab.
        self.tab_to_canvas()
        outline = self.driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle;")
        self.assertEqual(outline, "solid")


if __name__ == "__main__":
    unittest.main()
