// What the detail pane shows: the note editor and the drawing editor (both save with If-Match and
// stop at a conflict instead of overwriting), the sandboxed web view, images and plain text.
//
// A viewer has `element`, `open()`, `close()` (which saves pending edits) and, for documents,
// `documentChanged(event)` for live changes.

import { APIError, pathURL, request } from "./api.js";
import { PAGE, drawableElement, drawingColor, drawingSVGText, renderDrawables, roundPoint, shapeFor } from "./drawing.js";
import { download, emptyState, errorState, formatSize, h, loadingState, replace, toast } from "./ui.js";

/** A document's contents with the version they were read at, saved against that version. */
export class DocumentSession {
  constructor(name) {
    this.name = name;
    this.etag = null;
  }

  get url() {
    return pathURL("/api/documents", this.name);
  }

  async load(as) {
    const response = await request(this.url, { as });
    this.etag = response.headers.get("ETag");
    return response.data;
  }

  /** The version on disk now (null when the document is gone). */
  async versionOnDisk() {
    try {
      const response = await request(this.url, { method: "HEAD", as: "text" });
      return response.headers.get("ETag");
    } catch (error) {
      if (error.status === 404) return null;
      throw error;
    }
  }

  /** Saves `body`; throws APIError 412 when the document changed since it was read. */
  async save(body, contentType) {
    const headers = { "If-Match": this.etag || '""' };
    if (contentType) headers["Content-Type"] = contentType;
    const response = await request(this.url, { method: "PUT", body, headers, as: "json" });
    this.etag = response.headers.get("ETag");
    return response.data;
  }
}

/** The bar that says the document changed elsewhere, with Reload and Keep editing. */
function conflictBar(noun, onReload, onKeep) {
  const reload = h("button", { type: "button", class: "button" }, "Reload");
  const keep = h("button", { type: "button", class: "button" }, "Keep editing");
  const bar = h(
    "div", { class: "conflict", role: "alert" },
    h(
      "p", {},
      h("strong", {}, `This ${noun} changed elsewhere`),
      ` since you opened it (in another window or program). Folio did not save, so nothing was overwritten. ` +
      `Reload to see the other version (your edits here are dropped), or keep editing and copy what you need first.`,
    ),
    h("div", { class: "conflict-buttons" }, reload, keep),
  );
  reload.addEventListener("click", onReload);
  keep.addEventListener("click", onKeep);
  return bar;
}

/** The shared frame of the two editors: a status line, a conflict bar and the body. */
class EditorBase {
  constructor(doc, noun) {
    this.doc = doc;
    this.noun = noun;
    this.session = new DocumentSession(doc.name);
    this.dirty = false;
    this.saving = null;
    this.status = h("span", { class: "editor-status", role: "status" }, "");
    this.conflictSlot = h("div", { class: "conflict-slot" });
    this.element = h("section", { class: `editor ${noun}-editor`, "aria-label": doc.name });
  }

  setStatus(text) {
    this.status.textContent = text;
  }

  showConflict() {
    this.setStatus("Not saved: changed elsewhere");
    const reload = async () => {
      this.conflictSlot.replaceChildren();
      this.dirty = false;
      await this.open();
    };
    const keepEditing = () => {
      this.conflictSlot.replaceChildren();
      this.setStatus("Edited — not saved (changed elsewhere)");
      this.focusBody();
    };
    replace(this.conflictSlot, conflictBar(this.noun, reload, keepEditing));
  }

  get hasConflict() {
    return this.conflictSlot.childElementCount > 0;
  }

  /** Saves the current contents against the version they were based on. */
  async save() {
    if (this.saving) return this.saving;
    this.saving = (async () => {
      this.setStatus("Saving…");
      try {
        const [body, type] = this.serialize();
        const saved = await this.session.save(body, type);
        this.dirty = false;
        this.conflictSlot.replaceChildren();
        this.setStatus(`Saved · ${formatSize(saved.size)}`);
        return true;
      } catch (error) {
        if (error instanceof APIError && error.status === 412) {
          this.showConflict();
        } else {
          this.setStatus("Not saved: " + (error.sentence || error.message));
        }
        return false;
      } finally {
        this.saving = null;
      }
    })();
    return this.saving;
  }

  /** Called with a live change to this document. */
  async documentChanged(event) {
    if (event.type !== "modified" || this.saving) return;
    const onDisk = await this.session.versionOnDisk();
    if (!onDisk || onDisk === this.session.etag) return;
    if (this.dirty) this.showConflict();
    else await this.open();
  }

  async close() {
    if (this.dirty && !this.hasConflict) {
      const saved = await this.save();
      if (!saved) toast(`Your last edits to “${this.doc.name}” were not saved.`);
    }
  }
}

/** A note: plain text, saved with Save (or Ctrl+S). */
export class NoteEditor extends EditorBase {
  constructor(doc) {
    super(doc, "note");
    this.text = h("textarea", {
      class: "note-text",
      "aria-label": `Text of ${doc.name}`,
      spellcheck: "true",
    });
    this.saveButton = h("button", { type: "button", class: "button primary", onclick: () => this.save() }, "Save");
    this.element.append(
      h("div", { class: "editor-bar" }, this.saveButton, this.status),
      this.conflictSlot,
      this.text,
    );
    this.text.addEventListener("input", () => {
      this.dirty = true;
      if (!this.hasConflict) this.setStatus("Edited");
    });
    this.element.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        this.save();
      }
    });
  }

  async open() {
    this.setStatus("Loading…");
    this.text.value = await this.session.load("text");
    this.dirty = false;
    this.setStatus("Saved");
  }

  serialize() {
    return [this.text.value, "text/plain; charset=utf-8"];
  }

  focusBody() {
    this.text.focus();
  }
}

const tools = [
  ["line", "Line"],
  ["rectangle", "Rectangle"],
  ["ellipse", "Ellipse"],
  ["freehand", "Freehand"],
  ["text", "Text"],
];

/** A drawing: shown as SVG; each shape drawn is saved at once. */
export class DrawingEditor extends EditorBase {
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

/** A file's bytes URL. */
export function rawURL(path) {
  return pathURL("/api/files", path) + "?raw=1";
}

/** An HTML file in a sandboxed frame: no scripts, an opaque origin, nothing of the app's. */
export class WebViewer {
  constructor(path) {
    this.path = path;
    this.element = h(
      "section", { class: "web-viewer", "aria-label": `Web view of ${path}` },
      h("p", { class: "viewer-note" }, "Shown in a sandbox: scripts in this page do not run, and it cannot reach Folio."),
      h("iframe", { class: "web-frame", sandbox: "", src: rawURL(path), title: `Web page ${path}`, referrerpolicy: "no-referrer" }),
    );
  }

  async open() {}
  async close() {}
}

/** An image file. */
export class ImageViewer {
  constructor(path) {
    this.element = h("section", { class: "image-viewer" }, h("img", { src: rawURL(path), alt: path }));
  }

  async open() {}
  async close() {}
}

/** Any other file: the first 256 KB as text, and a download link. */
export class TextViewer {
  constructor(path) {
    this.path = path;
    this.body = h("div", { class: "text-viewer-body" }, loadingState());
    this.element = h(
      "section", { class: "text-viewer" },
      h("div", { class: "editor-bar" }, h("a", { class: "button", href: rawURL(path), download: path.split("/").pop() }, "Download")),
      this.body,
    );
  }

  async open() {
    try {
      const response = await request(rawURL(this.path), { headers: { Range: "bytes=0-262143" }, as: "text" });
      const text = response.data;
      if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096))) {
        replace(this.body, emptyState("This file is not text", "Download it to open it with another program."));
        return;
      }
      const truncated = response.status === 206 && response.headers.get("Content-Range") && !response.headers.get("Content-Range").endsWith(`/${text.length}`);
      replace(this.body, h("pre", { class: "text-content" }, text), truncated ? h("p", { class: "viewer-note" }, "Only the first 256 KB are shown.") : null);
    } catch (error) {
      replace(this.body, errorState(error, () => this.open()));
    }
  }

  async close() {}
}
