// A note: plain text in a text area, saved with Save (or Ctrl+S).

import { DocumentEditor } from "./document-editor.js";
import { h } from "./ui.js";

/** A note: plain text, saved with Save (or Ctrl+S). */
export class NoteEditor extends DocumentEditor {
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
