// What the two document editors share: the contents with the version they were read at, saved
// with If-Match, a status line, and the bar that stops at a conflict instead of overwriting.
//
// An editor, like every viewer, has `element`, `open()`, `close()` (which saves pending edits) and
// `documentChanged(event)` for live changes.

import { APIError } from "./api-client.js";
import { DocumentsAPI } from "./documents-api.js";
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
  async save(body, contentType) {
    const { document, version } = await DocumentsAPI.save(this.name, body, { basedOn: this.etag, contentType });
    this.etag = version;
    return document;
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
export class DocumentEditor {
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
