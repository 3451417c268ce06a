// A drawing: its shapes as SVG on a page, drawn with the pointer; each shape drawn is saved at once,
// and Export gives the drawing as an SVG file.

import { DocumentEditor } from "./document-editor.js";
import { PAGE, drawableElement, drawingColor, drawingSVGText, renderDrawables, roundPoint, shapeFor } from "./drawing.js";
import { download, h } from "./ui.js";

const tools = [
  ["line", "Line"],
  ["rectangle", "Rectangle"],
  ["ellipse", "Ellipse"],
  ["freehand", "Freehand"],
  ["text", "Text"],
];

/** A drawing: shown as SVG; each shape drawn is saved at once. */
export class DrawingEditor extends DocumentEditor {
  constructor(doc) {
    super(doc, "drawing");
    this.drawing = { drawables: [] };
    this.tool = "line";
    this.gesture = null;
    this.toolButtons = tools.map(([tool, label]) =>
      h("button", { type: "button", class: "tool", "aria-pressed": tool === this.tool ? "true" : "false", dataset: { tool }, onclick: () => this.choose(tool) }, label),
    );
    this.stroke = h("input", { type: "color", value: "#1f5fbf", "aria-label": "Line colour" });
    this.fillOn = h("input", { type: "checkbox", "aria-label": "Fill shapes" });
    this.fill = h("input", { type: "color", value: "#ffd23f", "aria-label": "Fill colour" });
    this.width = h("input", { type: "number", min: 1, max: 60, value: 4, "aria-label": "Line width", class: "width-input" });
    this.textInput = h("input", { type: "text", placeholder: "Text to place", "aria-label": "Text to place", class: "text-input" });
    this.undoButton = h("button", { type: "button", class: "button", onclick: () => this.undo() }, "Undo");
    this.layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
    this.preview = document.createElementNS("http://www.w3.org/2000/svg", "g");
    this.canvas = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.canvas.setAttribute("viewBox", `0 0 ${PAGE.width} ${PAGE.height}`);
    this.canvas.setAttribute("class", "drawing-canvas");
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", `Drawing ${doc.name}`);
    const page = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [key, value] of Object.entries({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, fill: "#ffffff", class: "page" })) page.setAttribute(key, value);
    this.canvas.append(page, this.layer, this.preview);
    this.element.append(
      h(
        "div", { class: "editor-bar drawing-tools", role: "toolbar", "aria-label": "Drawing tools" },
        h("div", { class: "tool-group" }, this.toolButtons),
        h("label", { class: "tool-option" }, "Line ", this.stroke),
        h("label", { class: "tool-option" }, this.fillOn, " Fill ", this.fill),
        h("label", { class: "tool-option" }, "Width ", this.width),
        this.textInput,
        this.undoButton,
        this.status,
      ),
      this.conflictSlot,
      h("div", { class: "canvas-frame" }, this.canvas),
    );
    this.canvas.addEventListener("pointerdown", (event) => this.pointerDown(event));
    this.canvas.addEventListener("pointermove", (event) => this.pointerMove(event));
    this.canvas.addEventListener("pointerup", (event) => this.pointerUp(event));
    this.canvas.addEventListener("pointercancel", () => this.cancelGesture());
  }

  async open() {
    this.setStatus("Loading…");
    this.drawing = await this.session.load("json");
    if (!Array.isArray(this.drawing.drawables)) this.drawing.drawables = [];
    this.dirty = false;
    renderDrawables(this.layer, this.drawing);
    this.setStatus(`Saved · ${this.drawing.drawables.length} shape${this.drawing.drawables.length === 1 ? "" : "s"}`);
  }

  serialize() {
    return [this.drawing, null];
  }

  focusBody() {
    this.toolButtons[0].focus();
  }

  choose(tool) {
    this.tool = tool;
    for (const button of this.toolButtons) button.setAttribute("aria-pressed", button.dataset.tool === tool ? "true" : "false");
    if (tool === "text") this.textInput.focus();
  }

  style() {
    return {
      strokeColor: drawingColor(this.stroke.value),
      fillColor: this.fillOn.checked ? drawingColor(this.fill.value) : null,
      lineWidth: Math.max(1, Math.min(60, Number(this.width.value) || 1)),
    };
  }

  point(event) {
    const matrix = this.canvas.getScreenCTM();
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return roundPoint({ x: point.x, y: point.y });
  }

  pointerDown(event) {
    if (event.button !== 0) return;
    event.preventDefault();
    const point = this.point(event);
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
    this.gesture = { start: point, points: [point], style: this.style() };
    this.updatePreview(point);
  }

  pointerMove(event) {
    if (!this.gesture) return;
    const point = this.point(event);
    if (this.tool === "freehand") this.gesture.points.push(point);
    this.updatePreview(point);
  }

  pointerUp(event) {
    if (!this.gesture) return;
    const point = this.point(event);
    const shape = this.shape(point);
    const { start } = this.gesture;
    this.cancelGesture();
    const moved = Math.hypot(point.x - start.x, point.y - start.y) > 2;
    if (shape && (moved || (shape.points && shape.points.length > 2))) this.add(shape);
  }

  cancelGesture() {
    this.gesture = null;
    this.preview.replaceChildren();
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

  add(drawable) {
    this.drawing.drawables.push(drawable);
    this.changed();
  }

  undo() {
    if (this.drawing.drawables.length === 0) return;
    this.drawing.drawables.pop();
    this.changed();
  }

  changed() {
    renderDrawables(this.layer, this.drawing);
    this.dirty = true;
    if (!this.hasConflict) this.save();
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
