// A drawing: its shapes as SVG on the drawing's page, drawn with the pointer, selected, moved,
// resized, restyled, duplicated, reordered and deleted with the pointer or the keyboard, with undo
// and redo; each change is saved at once, and Export gives the drawing as an SVG file. The tool
// settings are saved with the drawing, so it opens again as it was left.

import { DocumentEditor } from "./document-editor.js";
import { drawableElement, drawingColor, drawingSVGText, pageClip, pageOf, renderDrawables, roundPoint, shapeFor } from "./drawing.js";
import { bounds, clampMove, clampPoint, handles, intersects, resized, scale, topmostHit, translate, union } from "./drawing-geometry.js";
import { DrawingHistory } from "./drawing-history.js";
import { DrawingViewport } from "./drawing-viewport.js";
import { download, h } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";

const tools = [
  ["select", "Select", "V"],
  ["line", "Line", "L"],
  ["rectangle", "Rectangle", "R"],
  ["ellipse", "Ellipse", "E"],
  ["freehand", "Freehand", "P"],
  ["text", "Text", "T"],
];

const DEFAULT_SETTINGS = { tool: "line", strokeColor: "#1f5fbfff", fillColor: "#ffd23fff", isFilled: false, lineWidth: 4 };

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** "#RRGGBBAA" → the "#rrggbb" an <input type=color> takes (null for anything else). */
function inputColor(color) {
  return typeof color === "string" && /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(color) ? color.slice(0, 7).toLowerCase() : null;
}

function isTextField(target) {
  return target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && ["text", "number"].includes(target.type));
}

function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A drawing: shown as SVG; each change is saved at once. */
export class DrawingEditor extends DocumentEditor {
  constructor(doc) {
    super(doc, "drawing");
    this.drawing = { drawables: [] };
    this.page = pageOf(this.drawing);
    this.tool = DEFAULT_SETTINGS.tool;
    this.gesture = null;
    this.selected = [];
    this.history = new DrawingHistory();
    this.buildToolbar(doc);
    this.buildCanvas(doc);
    this.element.append(this.toolbar, this.conflictSlot, this.frame);
    this.viewport = new DrawingViewport(this.frame, this.canvas, (zoom) => this.zoomed(zoom));
    this.canvas.addEventListener("pointerdown", (event) => this.pointerDown(event));
    this.canvas.addEventListener("pointermove", (event) => this.pointerMove(event));
    this.canvas.addEventListener("pointerup", (event) => this.pointerUp(event));
    this.canvas.addEventListener("pointercancel", (event) => {
      this.viewport.releasesPointer(event);
      this.cancelGesture();
    });
    this.element.addEventListener("keydown", (event) => this.keyDown(event));
    this.element.addEventListener("keyup", (event) => {
      if (event.key === " ") this.viewport.spaceDown = false;
    });
    this.applySettings(DEFAULT_SETTINGS);
    this.updateButtons();
  }

  buildToolbar() {
    const button = (label, action, { shortcut, keys, className = "button" } = {}) =>
      h(
        "button", { type: "button", class: className, title: shortcut ? `${label} (${shortcut})` : label, "aria-keyshortcuts": keys, onclick: action },
        label,
      );
    this.toolButtons = tools.map(([tool, label, key]) =>
      h(
        "button", { type: "button", class: "tool", title: `${label} (${key})`, "aria-keyshortcuts": key, "aria-pressed": "false", dataset: { tool }, onclick: () => this.choose(tool) },
        label,
      ),
    );
    this.stroke = h("input", { type: "color", "aria-label": "Line colour" });
    this.fillOn = h("input", { type: "checkbox", "aria-label": "Fill shapes" });
    this.fill = h("input", { type: "color", "aria-label": "Fill colour" });
    this.width = h("input", { type: "number", min: 1, max: 60, "aria-label": "Line width", class: "width-input" });
    this.textInput = h("input", { type: "text", placeholder: "Text to place", "aria-label": "Text to place", class: "text-input" });
    for (const input of [this.stroke, this.fillOn, this.fill, this.width]) input.addEventListener("change", () => this.settingChanged(input));
    this.undoButton = button("Undo", () => this.undo(), { shortcut: "Ctrl+Z", keys: "Control+Z Meta+Z" });
    this.redoButton = button("Redo", () => this.redo(), { shortcut: "Shift+Ctrl+Z", keys: "Control+Shift+Z Meta+Shift+Z Control+Y" });
    this.duplicateButton = button("Duplicate", () => this.duplicate(), { shortcut: "Ctrl+D", keys: "Control+D Meta+D" });
    this.forwardButton = button("Bring Forward", () => this.reorder(1), { shortcut: "Ctrl+]", keys: "Control+] Meta+]" });
    this.backwardButton = button("Send Backward", () => this.reorder(-1), { shortcut: "Ctrl+[", keys: "Control+[ Meta+[" });
    this.deleteButton = button("Delete", () => this.deleteSelection(), { shortcut: "Delete", keys: "Delete Backspace" });
    this.zoomLevel = h("output", { class: "zoom-level", "aria-live": "polite", "aria-label": "Zoom" }, "100%");
    const zoomOut = h("button", { type: "button", class: "button", "aria-label": "Zoom out", title: "Zoom out (Ctrl+−)", onclick: () => this.viewport.zoomBy(1 / 1.25) }, "−");
    const zoomIn = h("button", { type: "button", class: "button", "aria-label": "Zoom in", title: "Zoom in (Ctrl++)", onclick: () => this.viewport.zoomBy(1.25) }, "+");
    const actual = h("button", { type: "button", class: "button", title: "Actual size", "aria-label": "Actual size", onclick: () => this.viewport.setZoom(1) }, "100%");
    const fit = h("button", { type: "button", class: "button", title: "Fit the page in the window", "aria-label": "Fit page", onclick: () => this.viewport.fit() }, "Fit");
    this.selectionStatus = h("span", { class: "selection-status", "aria-live": "polite" }, "");
    this.toolbar = h(
      "div", { class: "editor-bar drawing-tools", role: "toolbar", "aria-label": "Drawing tools" },
      h("div", { class: "tool-group", role: "group", "aria-label": "Tool" }, this.toolButtons),
      h("label", { class: "tool-option" }, "Line ", this.stroke),
      h("label", { class: "tool-option" }, this.fillOn, " Fill ", this.fill),
      h("label", { class: "tool-option" }, "Width ", this.width),
      this.textInput,
      h("div", { class: "tool-actions", role: "group", "aria-label": "History" }, this.undoButton, this.redoButton),
      h(
        "div", { class: "tool-actions", role: "group", "aria-label": "Selection" },
        this.duplicateButton, this.forwardButton, this.backwardButton, this.deleteButton,
      ),
      h("div", { class: "tool-actions zoom-controls", role: "group", "aria-label": "Zoom" }, zoomOut, this.zoomLevel, zoomIn, actual, fit),
      this.selectionStatus,
      this.status,
    );
  }

  buildCanvas(doc) {
    this.layer = svg("g", { class: "shapes" });
    this.preview = svg("g", { class: "preview" });
    this.overlay = svg("g", { class: "selection" });
    this.pageRect = svg("rect", { x: 0, y: 0, class: "page", fill: "#ffffff" });
    this.clip = pageClip(this.page, this.layer, this.preview);
    this.canvas = svg("svg", {
      class: "drawing-canvas",
      tabindex: 0,
      role: "application",
      "aria-roledescription": "drawing canvas",
      "aria-label": `Drawing ${doc.name}`,
      "aria-description": "Draw with the chosen tool, or press Enter for its shape in the middle (V, L, R, E, P and T choose a tool). " +
        "With Select: click or drag a band to select, Shift-click to add, " +
        "] and [ select the next or previous shape, Ctrl+A selects all, the arrow keys move, Delete deletes, " +
        "Ctrl+D duplicates. Ctrl+Z undoes, Shift+Ctrl+Z redoes. Hold Space and drag to pan; Ctrl+wheel zooms.",
    });
    this.canvas.append(this.pageRect, this.clip, this.overlay);
    this.frame = h("div", { class: "canvas-frame" }, this.canvas);
    this.setPage(this.page);
  }

  setPage(page) {
    this.page = page;
    for (const element of [this.pageRect, this.clip]) {
      element.setAttribute("width", String(page.width));
      element.setAttribute("height", String(page.height));
    }
  }

  async open() {
    this.setStatus("Loading…");
    this.drawing = await this.session.load("json");
    if (!Array.isArray(this.drawing.drawables)) this.drawing.drawables = [];
    this.dirty = false;
    this.history.clear();
    this.selected = [];
    this.setPage(pageOf(this.drawing));
    this.viewport.setPage(this.page);
    this.applySettings(Object.assign({}, DEFAULT_SETTINGS, this.drawing.toolSettings || {}));
    this.render();
    this.setStatus(`Saved · ${plural(this.drawing.drawables.length, "shape")}`);
  }

  serialize() {
    return [this.drawing, null];
  }

  focusBody() {
    this.toolButtons.find((button) => button.dataset.tool === this.tool).focus();
  }

  // Tool settings: shown in the bar, saved with the drawing.

  applySettings(settings) {
    this.choose(tools.some(([tool]) => tool === settings.tool) ? settings.tool : DEFAULT_SETTINGS.tool, { quietly: true });
    this.stroke.value = inputColor(settings.strokeColor) || inputColor(DEFAULT_SETTINGS.strokeColor);
    this.fill.value = inputColor(settings.fillColor) || inputColor(DEFAULT_SETTINGS.fillColor);
    this.fillOn.checked = settings.isFilled === true;
    const width = Number(settings.lineWidth);
    this.width.value = String(Number.isFinite(width) ? Math.max(1, Math.min(60, width)) : DEFAULT_SETTINGS.lineWidth);
  }

  settings() {
    return {
      tool: this.tool,
      strokeColor: drawingColor(this.stroke.value),
      fillColor: drawingColor(this.fill.value),
      isFilled: this.fillOn.checked,
      lineWidth: this.style().lineWidth,
    };
  }

  /** A setting changed in the bar: it is saved with the drawing, and restyles the selected shapes. */
  settingChanged(input) {
    this.drawing.toolSettings = this.settings();
    const style = this.style();
    const restyle = (drawable) => {
      const copy = structuredClone(drawable);
      copy.style = Object.assign({}, copy.style);
      if (input === this.stroke) {
        if (copy.shape === "text") copy.style.fillColor = style.strokeColor;
        else copy.style.strokeColor = style.strokeColor;
      } else if (input === this.width) {
        if (copy.shape !== "text") copy.style.lineWidth = style.lineWidth;
      } else if (copy.shape === "rectangle" || copy.shape === "ellipse") {
        copy.style.fillColor = style.fillColor;
      }
      return copy;
    };
    if (this.selected.length > 0) this.edit(() => this.replaceSelected(restyle));
    else this.changed();
  }

  choose(tool, { quietly = false } = {}) {
    this.tool = tool;
    for (const button of this.toolButtons) button.setAttribute("aria-pressed", button.dataset.tool === tool ? "true" : "false");
    this.canvas && this.canvas.classList.toggle("selecting", tool === "select");
    if (tool !== "select" && this.selected && this.selected.length > 0) this.select([]);
    if (quietly) return;
    if (tool === "text") this.textInput.focus();
    this.drawing.toolSettings = this.settings();
    this.changed();
  }

  style() {
    return {
      strokeColor: drawingColor(this.stroke.value),
      fillColor: this.fillOn.checked ? drawingColor(this.fill.value) : null,
      lineWidth: Math.max(1, Math.min(60, Number(this.width.value) || 1)),
    };
  }

  // The pointer.

  clientPoint(event) {
    return this.viewport.toDrawing({ x: event.clientX, y: event.clientY });
  }

  pagePoint(event) {
    return roundPoint(clampPoint(this.clientPoint(event), this.page));
  }

  pointerDown(event) {
    // A click gives the canvas the keyboard, without the ring keyboard focus shows.
    this.canvas.focus({ preventScroll: true, focusVisible: false });
    if (this.viewport.takesPointer(event)) {
      event.preventDefault();
      this.cancelGesture();
      this.canvas.setPointerCapture(event.pointerId);
      return;
    }
    if (event.button !== 0) return;
    event.preventDefault();
    if (this.tool === "select") {
      this.selectDown(event);
      return;
    }
    const point = this.pagePoint(event);
    if (this.tool === "text") {
      const string = this.textInput.value.trim();
      if (!string) {
        this.setStatus("Type the text to place first");
        this.textInput.focus();
        return;
      }
      const fontSize = Math.max(12, this.style().lineWidth * 8);
      this.add({
        shape: "text",
        string,
        frame: { origin: { x: point.x, y: point.y }, width: string.length * fontSize * 0.6, height: fontSize * 1.25 },
        fontSize,
        style: { strokeColor: null, fillColor: drawingColor(this.stroke.value), lineWidth: 1 },
      });
      return;
    }
    this.canvas.setPointerCapture(event.pointerId);
    this.gesture = { kind: "draw", start: point, points: [point], style: this.style() };
    this.updatePreview(point);
  }

  selectDown(event) {
    const point = this.clientPoint(event);
    const handle = event.target instanceof Element ? event.target.closest("[data-handle]") : null;
    const selectedShapes = () => this.selected.map((index) => this.drawing.drawables[index]);
    if (handle && this.selected.length > 0) {
      this.gesture = { kind: "resize", handle: handle.dataset.handle, box: this.selectionBox(), original: selectedShapes() };
    } else {
      const index = topmostHit(this.drawing.drawables, point, 6 / this.viewport.zoom);
      if (index >= 0 && event.shiftKey) {
        this.select(this.selected.includes(index) ? this.selected.filter((each) => each !== index) : [...this.selected, index]);
        return;
      }
      if (index >= 0) {
        if (!this.selected.includes(index)) this.select([index]);
        this.gesture = { kind: "move", start: point, box: this.selectionBox(), original: selectedShapes(), delta: { dx: 0, dy: 0 } };
      } else {
        const base = event.shiftKey ? this.selected.slice() : [];
        this.select(base);
        this.gesture = { kind: "band", start: point, base };
      }
    }
    this.canvas.setPointerCapture(event.pointerId);
  }

  pointerMove(event) {
    if (this.viewport.movesPointer(event) || !this.gesture) return;
    const { kind } = this.gesture;
    if (kind === "draw") {
      const point = this.pagePoint(event);
      if (this.tool === "freehand") this.gesture.points.push(point);
      this.updatePreview(point);
    } else if (kind === "move") {
      const point = this.clientPoint(event);
      const { start, box, original } = this.gesture;
      const delta = clampMove(box, Math.round(point.x - start.x), Math.round(point.y - start.y), this.page);
      this.gesture.delta = delta;
      this.showSelected(original.map((drawable) => translate(drawable, delta.dx, delta.dy)));
    } else if (kind === "resize") {
      const { handle, box, original } = this.gesture;
      const target = resized(box, handle, this.pagePoint(event));
      this.gesture.target = target;
      this.showSelected(original.map((drawable) => scale(drawable, box, target)));
    } else if (kind === "band") {
      const point = this.clientPoint(event);
      const { start, base } = this.gesture;
      const band = { x: Math.min(start.x, point.x), y: Math.min(start.y, point.y), width: Math.abs(point.x - start.x), height: Math.abs(point.y - start.y) };
      this.gesture.band = band;
      const inside = this.drawing.drawables.map((drawable, index) => (intersects(bounds(drawable), band) ? index : -1)).filter((index) => index >= 0);
      this.select([...new Set([...base, ...inside])], { band });
    }
  }

  pointerUp(event) {
    if (this.viewport.releasesPointer(event) || !this.gesture) return;
    const gesture = this.gesture;
    if (gesture.kind === "draw") {
      const point = this.pagePoint(event);
      const shape = this.shape(point);
      this.cancelGesture();
      const moved = Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) > 2;
      if (shape && (moved || (shape.points && shape.points.length > 2))) this.add(shape);
      return;
    }
    this.gesture = null;
    if (gesture.kind === "move" && (gesture.delta.dx !== 0 || gesture.delta.dy !== 0)) {
      this.edit(() => this.replaceSelected((drawable) => translate(drawable, gesture.delta.dx, gesture.delta.dy)));
    } else if (gesture.kind === "resize" && gesture.target) {
      this.edit(() => this.replaceSelected((drawable) => scale(drawable, gesture.box, gesture.target)));
    } else {
      this.render();
    }
  }

  cancelGesture() {
    this.gesture = null;
    this.preview.replaceChildren();
    this.render();
  }

  shape(point) {
    if (this.tool === "freehand") return { shape: "freehand", points: this.gesture.points.slice(), style: Object.assign({}, this.gesture.style, { fillColor: null }) };
    return shapeFor(this.tool, this.gesture.start, point, this.gesture.style);
  }

  updatePreview(point) {
    const shape = this.shape(point);
    const element = shape && drawableElement(shape);
    this.preview.replaceChildren(...(element ? [element] : []));
  }

  // The keyboard.

  keyDown(event) {
    if (isTextField(event.target)) return;
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (command && key === "z") {
      handled();
      if (event.shiftKey) this.redo();
      else this.undo();
    } else if (command && key === "y") {
      handled();
      this.redo();
    } else if (command && key === "d") {
      handled();
      this.duplicate();
    } else if (command && key === "a") {
      handled();
      if (this.tool !== "select") this.choose("select");
      this.select(this.drawing.drawables.map((_, index) => index));
    } else if (command && (key === "]" || key === "[")) {
      handled();
      this.reorder(key === "]" ? 1 : -1);
    } else if (command && (key === "=" || key === "+" || key === "-")) {
      handled();
      this.viewport.zoomBy(key === "-" ? 1 / 1.25 : 1.25);
    } else if (command || event.altKey) {
      return;
    } else if ((key === "Delete" || key === "Backspace") && this.selected.length > 0) {
      handled();
      this.deleteSelection();
    } else if (key.startsWith("Arrow") && this.selected.length > 0) {
      handled();
      const step = event.shiftKey ? 10 : 1;
      const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] } [key];
      this.nudge(dx, dy);
    } else if ((key === "]" || key === "[") && event.target === this.canvas && this.drawing.drawables.length > 0) {
      handled();
      if (this.tool !== "select") this.choose("select");
      const count = this.drawing.drawables.length;
      const current = this.selected.length > 0 ? this.selected[this.selected.length - 1] : key === "]" ? -1 : count;
      this.select([(current + (key === "]" ? 1 : -1) + count) % count]);
    } else if (key === "Escape" && this.gesture) {
      handled();
      this.cancelGesture();
    } else if (key === "Escape" && this.selected.length > 0) {
      handled();
      this.select([]);
    } else if (key === "Enter" && event.target === this.canvas && this.tool !== "select") {
      handled();
      this.addInView();
    } else if (key === " " && event.target === this.canvas) {
      handled();
      this.viewport.spaceDown = true;
    } else if (event.target === this.canvas) {
      const tool = tools.find(([, , shortcut]) => shortcut.toLowerCase() === key);
      if (tool) {
        handled();
        this.choose(tool[0]);
      }
    }
  }

  /**
   * Enter on the canvas: the chosen tool's shape, of a standard size, in the middle of what is in
   * view, selected so the arrow keys move it — drawing without a pointer.
   */
  addInView() {
    const box = this.frame.getBoundingClientRect();
    const middle = clampPoint(this.viewport.toDrawing({ x: box.left + box.width / 2, y: box.top + box.height / 2 }), this.page);
    const size = Math.min(100, this.page.width / 4, this.page.height / 4);
    const at = (dx, dy) => roundPoint(clampPoint({ x: middle.x + dx, y: middle.y + dy }, this.page));
    const style = this.style();
    let shape;
    if (this.tool === "text") {
      const string = this.textInput.value.trim();
      if (!string) {
        this.setStatus("Type the text to place first");
        this.textInput.focus();
        return;
      }
      const fontSize = Math.max(12, style.lineWidth * 8);
      const width = Math.min(string.length * fontSize * 0.6, this.page.width);
      const origin = at(-width / 2, -fontSize / 2);
      shape = { shape: "text", string, frame: { origin, width, height: fontSize * 1.25 }, fontSize, style: { strokeColor: null, fillColor: style.strokeColor, lineWidth: 1 } };
    } else if (this.tool === "freehand") {
      shape = { shape: "freehand", points: [at(-size / 2, 0), at(-size / 4, -size / 4), at(size / 4, size / 4), at(size / 2, 0)], style: Object.assign({}, style, { fillColor: null }) };
    } else {
      shape = shapeFor(this.tool, at(-size / 2, this.tool === "line" ? 0 : -size / 2), at(size / 2, this.tool === "line" ? 0 : size / 2), style);
    }
    this.add(shape);
    this.choose("select");
    this.select([this.drawing.drawables.length - 1]);
  }

  // Changes: each is one step of the history, and saved.

  edit(change) {
    this.history.record(this.drawing.drawables);
    change();
    this.changed();
  }

  add(drawable) {
    this.edit(() => this.drawing.drawables.push(drawable));
  }

  replaceSelected(transform) {
    const drawables = this.drawing.drawables.slice();
    for (const index of this.selected) drawables[index] = transform(drawables[index]);
    this.drawing.drawables = drawables;
  }

  nudge(dx, dy) {
    const delta = clampMove(this.selectionBox(), dx, dy, this.page);
    if (delta.dx === 0 && delta.dy === 0) return;
    this.edit(() => this.replaceSelected((drawable) => translate(drawable, delta.dx, delta.dy)));
  }

  deleteSelection() {
    if (this.selected.length === 0) return;
    const doomed = new Set(this.selected);
    this.edit(() => {
      this.drawing.drawables = this.drawing.drawables.filter((_, index) => !doomed.has(index));
      this.selected = [];
    });
  }

  duplicate() {
    if (this.selected.length === 0) return;
    const { dx, dy } = clampMove(this.selectionBox(), 10, 10, this.page);
    this.edit(() => {
      const copies = this.selected.map((index) => translate(this.drawing.drawables[index], dx, dy));
      const first = this.drawing.drawables.length;
      this.drawing.drawables = [...this.drawing.drawables, ...copies];
      this.selected = copies.map((_, offset) => first + offset);
    });
  }

  /** Moves the selected shapes one step up (1) or down (-1) the stack, as far as the others allow. */
  reorder(direction) {
    if (this.selected.length === 0) return;
    const drawables = this.drawing.drawables.slice();
    const selected = new Set(this.selected);
    const order = [...selected].sort((a, b) => (direction > 0 ? b - a : a - b));
    let moved = false;
    for (const index of order) {
      const other = index + direction;
      if (other < 0 || other >= drawables.length || selected.has(other)) continue;
      [drawables[index], drawables[other]] = [drawables[other], drawables[index]];
      selected.delete(index);
      selected.add(other);
      moved = true;
    }
    if (!moved) return;
    this.edit(() => {
      this.drawing.drawables = drawables;
      this.selected = [...selected].sort((a, b) => a - b);
    });
  }

  undo() {
    const before = this.history.undo(this.drawing.drawables);
    if (!before) return;
    this.drawing.drawables = before;
    this.selected = [];
    this.changed();
  }

  redo() {
    const after = this.history.redo(this.drawing.drawables);
    if (!after) return;
    this.drawing.drawables = after;
    this.selected = [];
    this.changed();
  }

  changed() {
    this.render();
    this.markEdited();
    if (!this.hasConflict) this.save();
  }

  // What is shown: the shapes, the selection with its handles, the buttons that apply.

  render() {
    renderDrawables(this.layer, this.drawing);
    this.renderSelection();
    this.updateButtons();
  }

  /** Shows `shapes` in place of the selected ones while they are dragged. */
  showSelected(shapes) {
    const drawables = this.drawing.drawables.slice();
    this.selected.forEach((index, offset) => (drawables[index] = shapes[offset]));
    renderDrawables(this.layer, { drawables });
    this.renderSelection(drawables);
  }

  select(indices, { band } = {}) {
    this.selected = [...new Set(indices)].filter((index) => index >= 0 && index < this.drawing.drawables.length).sort((a, b) => a - b);
    this.renderSelection(this.drawing.drawables, band);
    this.updateButtons();
  }

  selectionBox(drawables = this.drawing.drawables) {
    return union(this.selected.map((index) => bounds(drawables[index])));
  }

  renderSelection(drawables = this.drawing.drawables, band = null) {
    this.overlay.replaceChildren();
    const zoom = this.viewport ? this.viewport.zoom : 1;
    const line = 1 / zoom;
    for (const index of this.selected) {
      const box = bounds(drawables[index]);
      this.overlay.append(svg("rect", { x: box.x, y: box.y, width: box.width, height: box.height, class: "selection-outline", "stroke-width": line, "stroke-dasharray": `${4 * line} ${3 * line}` }));
    }
    const box = this.selected.length > 0 ? this.selectionBox(drawables) : null;
    if (box && !band) {
      const size = 9 / zoom;
      for (const handle of handles(box)) {
        this.overlay.append(svg("rect", { x: handle.x - size / 2, y: handle.y - size / 2, width: size, height: size, class: `handle handle-${handle.name}`, "stroke-width": line, "data-handle": handle.name }));
      }
    }
    if (band) this.overlay.append(svg("rect", { x: band.x, y: band.y, width: band.width, height: band.height, class: "rubber-band", "stroke-width": line }));
    const count = this.selected.length;
    this.selectionStatus.textContent = count === 0 ? "" : `${plural(count, "shape")} selected`;
  }

  updateButtons() {
    this.undoButton.disabled = !this.history.canUndo;
    this.redoButton.disabled = !this.history.canRedo;
    for (const button of [this.duplicateButton, this.forwardButton, this.backwardButton, this.deleteButton]) button.disabled = this.selected.length === 0;
  }

  zoomed(zoom) {
    this.zoomLevel.textContent = `${Math.round(zoom * 100)}%`;
    this.renderSelection();
  }

  /** Downloads the drawing as an SVG file. */
  exportSVG() {
    const title = this.doc.name.replace(/\.dudeldoc$/i, "");
    const blob = new Blob([drawingSVGText(this.drawing, title)], { type: "image/svg+xml" });
    const url = URL.createObjectURL(blob);
    download(url, `${title}.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
}
