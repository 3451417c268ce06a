// What the two document editors share: the contents with the version they were read at, saved
// with If-Match, a status line, and the bar that stops at a conflict instead of overwriting.
//
// An editor, like every viewer, has `element`, `open()`, `close()` (which saves pending edits) and
// `documentChanged(event)` for live changes.

import { APIError } from "./api-client.js";
import { DocumentsAPI } from "./documents-api.js";
import { lineDiff } from "./line-diff.js";
import { formatSize, h, replace, toast } from "./ui.js";

/** A document's contents with the version they were read at, saved against that version. */
class DocumentSession {
  constructor(name) {
    this.name = name;
    this.etag = null;
  }

  async load(as) {
    const { contents, version } = await DocumentsAPI.read(this.name, as);
    this.etag = version;
    return contents;
  }

  /** The version on disk now (null when the document is gone). */
  versionOnDisk() {
    return DocumentsAPI.version(this.name);
  }

  /** Saves `body`; throws APIError 412 when the document changed since it was read. */
  async save(body, contentType, { keepalive = false } = {}) {
    const { document, version } = await DocumentsAPI.save(this.name, body, { basedOn: this.etag, contentType, keepalive });
    this.etag = version;
    return document;
  }

  /** Saves `body` as a new document beside this one if this one changed since it was read. */
  saveKeepingBoth(body, contentType) {
    return DocumentsAPI.save(this.name, body, { basedOn: this.etag, contentType, onConflict: "keepBoth" });
  }
}

/**
 * The side-by-side comparison of a note: theirs (on disk) beside mine (in the editor), a line
 * only on one side highlighted. Built from DOM nodes; the texts are never parsed as HTML.
 */
function comparison(theirs, mine) {
  const column = (title, side) =>
    h(
      "div", { class: `compare-column compare-${side}` },
      h("h3", { class: "compare-title" }, title),
      h(
        "div", { class: "compare-lines", role: "list", "aria-label": title },
        lineDiff(theirs, mine).map((row) =>
          row[side] === null
          ? h("div", { class: "compare-line compare-gap", "aria-hidden": "true" }, " ")
          : h("div", { class: `compare-line ${row.kind === "same" ? "" : "compare-changed"}`, role: "listitem" }, row[side] || " "),
        ),
      ),
    );
  return h("div", { class: "compare" }, column("Theirs (saved elsewhere)", "theirs"), column("Mine (here)", "mine"));
}

/** The sheet that says the document changed elsewhere, with Keep Both, Keep Mine and Use Theirs. */
function conflictSheet(noun, { keepBoth, keepMine, useTheirs, compared }) {
  const button = (label, action, primary) => {
    const element = h("button", { type: "button", class: primary ? "button primary" : "button" }, label);
    element.addEventListener("click", async () => {
      for (const other of element.parentElement.querySelectorAll("button")) other.disabled = true;
      try {
        await action();
      } finally {
        for (const other of element.parentElement ? element.parentElement.querySelectorAll("button") : []) other.disabled = false;
      }
    });
    return element;
  };
  return h(
    "div", { class: "conflict", role: "alert" },
    h(
      "p", {},
      h("strong", {}, `This ${noun} changed elsewhere`),
      ` since you opened it (in another window or program). Folio did not save, so nothing was overwritten. ` +
      `Keep Both saves yours as a new ${noun} beside the other; Keep Mine replaces the other with yours; ` +
      `Use Theirs drops your edits.`,
    ),
    compared,
    h(
      "div", { class: "conflict-buttons" },
      button("Keep Both", keepBoth, true),
      button("Keep Mine", keepMine),
      button("Use Theirs", useTheirs),
    ),
  );
}

/** The shared frame of the two editors: a status line, a conflict bar and the body. */
export class DocumentEditor {
  constructor(doc, noun) {
    this.doc = doc;
    this.noun = noun;
    this.session = new DocumentSession(doc.name);
    this.dirty = false;
    // Counts the edits, so a save knows whether an edit came while it was in flight.
    this.edits = 0;
    this.saving = null;
    this.status = h("span", { class: "editor-status", role: "status" }, "");
    this.conflictSlot = h("div", { class: "conflict-slot" });
    this.element = h("section", { class: `editor ${noun}-editor`, "aria-label": doc.name });
  }

  setStatus(text) {
    this.status.textContent = text;
  }

  /**
   * Shows the conflict sheet. For a note it compares the other version with the text here; the
   * version it was shown at is what Keep Mine replaces, so a change made after the sheet appeared
   * is not overwritten unseen.
   */
  async showConflict() {
    this.setStatus("Not saved: changed elsewhere");
    let theirs = null;
    let theirVersion = null;
    try {
      if (this.noun === "note") {
        ({ contents: theirs, version: theirVersion } = await DocumentsAPI.read(this.doc.name, "text"));
      } else {
        theirVersion = await this.session.versionOnDisk();
      }
    } catch (error) {
      if (!(error instanceof APIError && error.status === 404)) throw error;
    }
    const keepBoth = async () => {
      const [body, type] = this.serialize();
      try {
        const { document, version } = await this.session.saveKeepingBoth(body, type);
        this.conflictSlot.replaceChildren();
        this.dirty = false;
        if (document.name === this.doc.name) {
          // Nobody had changed it after all: it was saved in place.
          this.session.etag = version;
          this.setStatus(`Saved · ${formatSize(document.size)}`);
          return;
        }
        toast(`Saved yours as “${document.name}”; “${this.doc.name}” keeps the other version.`);
        this.element.dispatchEvent(new CustomEvent("folio-open-document", { bubbles: true, detail: { name: document.name } }));
      } catch (error) {
        this.setStatus("Not saved: " + (error.sentence || error.message));
      }
    };
    const keepMine = async () => {
      // A save based on the version shown: it replaces that version, knowingly, and no later one.
      this.session.etag = theirVersion;
      this.conflictSlot.replaceChildren();
      await this.save();
    };
    const useTheirs = async () => {
      this.conflictSlot.replaceChildren();
      this.dirty = false;
      await this.open();
      this.focusBody();
    };
    const compared = theirs === null ? null : comparison(theirs, this.serialize()[0]);
    replace(this.conflictSlot, conflictSheet(this.noun, { keepBoth, keepMine, useTheirs, compared }));
    const first = this.conflictSlot.querySelector(".conflict-buttons button");
    if (first) first.focus();
  }

  get hasConflict() {
    return this.conflictSlot.childElementCount > 0;
  }

  /** Notes an edit: the contents differ from what was last saved. */
  markEdited() {
    this.edits += 1;
    this.dirty = true;
  }

  /**
   * Saves the current contents against the version they were based on. A save asked for while
   * one is in flight joins it, and an edit made meanwhile is saved right after it, based on the
   * version it wrote: nothing typed or drawn during a save is lost. `keepalive` lets the request
   * outlive the page (a save as the page is hidden or closed).
   */
  async save({ keepalive = false } = {}) {
    if (this.saving) return this.saving;
    this.saving = (async () => {
      try {
        let saved;
        do {
          saved = await this.saveOnce(keepalive);
        } while (saved && this.dirty && !this.hasConflict);
        return saved;
      } finally {
        this.saving = null;
      }
    })();
    return this.saving;
  }

  async saveOnce(keepalive) {
    this.setStatus("Saving…");
    const edits = this.edits;
    try {
      const [body, type] = this.serialize();
      const saved = await this.session.save(body, type, { keepalive });
      if (this.edits === edits) this.dirty = false;
      this.conflictSlot.replaceChildren();
      this.setStatus(this.dirty ? "Edited" : `Saved · ${formatSize(saved.size)}`);
      return true;
    } catch (error) {
      if (error instanceof APIError && error.status === 412) {
        await this.showConflict();
      } else {
        this.setStatus("Not saved: " + (error.sentence || error.message));
      }
      return false;
    }
  }

  /** Called with a live change to this document. */
  async documentChanged(event) {
    if (event.type !== "modified" || this.saving) return;
    const onDisk = await this.session.versionOnDisk();
    if (!onDisk || onDisk === this.session.etag) return;
    if (this.dirty) await this.showConflict();
    else await this.open();
  }

  async close() {
    if (this.dirty && !this.hasConflict) {
      const saved = await this.save();
      if (!saved) toast(`Your last edits to “${this.doc.name}” were not saved.`);
    }
  }
}
