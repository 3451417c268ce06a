// A note: plain text in a text area, saved as it is written — about a second and a half after the
// typing stops, when the text area loses the focus and when the page is hidden — or at once with
// Save (or Ctrl+S). Every save is checked against the version the note was read at.

import { DocumentEditor } from "./document-editor.js";
import { h } from "./ui.js";

/** How long after the last keystroke a note saves itself, in milliseconds. */
export const AUTOSAVE_DELAY = 1500;

/** A note: plain text, saved as it is written. */
export class NoteEditor extends DocumentEditor {
  constructor(doc) {
    super(doc, "note");
    this.timer = null;
    this.text = h("textarea", {
      class: "note-text",
      "aria-label": `Text of ${doc.name}`,
      spellcheck: "true",
    });
    this.saveButton = h("button", { type: "button", class: "button primary", title: "Save now (Ctrl+S)", "aria-keyshortcuts": "Control+S Meta+S", onclick: () => this.saveNow() }, "Save");
    this.element.append(
      h("div", { class: "editor-bar" }, this.saveButton, this.status),
      this.conflictSlot,
      this.text,
    );
    this.text.addEventListener("input", () => {
      this.markEdited();
      if (this.hasConflict) return;
      this.setStatus("Edited");
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.saveNow(), AUTOSAVE_DELAY);
    });
    this.text.addEventListener("blur", () => this.saveNow());
    this.element.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        this.saveNow();
      }
    });
    // A page closed, reloaded or sent to the background saves what was typed.
    this.pageHidden = () => {
      if (document.visibilityState === "hidden") this.saveNow({ keepalive: true });
    };
    this.pageHiding = () => this.saveNow({ keepalive: true });
    document.addEventListener("visibilitychange", this.pageHidden);
    window.addEventListener("pagehide", this.pageHiding);
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

  /** Saves now what is not saved yet (nothing while the conflict sheet is up: it decides). */
  saveNow(options) {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.dirty || this.hasConflict) return this.saving || Promise.resolve(true);
    return this.save(options);
  }

  async close() {
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.pageHidden);
    window.removeEventListener("pagehide", this.pageHiding);
    await super.close();
  }
}
