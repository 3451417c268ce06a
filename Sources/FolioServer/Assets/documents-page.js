// The Documents page and the actions on documents, as in Dudel: the browser beside the open
// document, New (drawing or note), the Rename sheet with its "already exists" answer in place,
// the Delete alert, Export, App Info, Recently Deleted with Restore, and an undo toast after a
// delete or a rename.

import { APIError } from "./api-client.js";
import { DocumentBrowser } from "./document-browser.js";
import { DocumentsAPI } from "./documents-api.js";
import { DrawingEditor } from "./drawing-editor.js";
import { FilesAPI } from "./files-api.js";
import { NoteEditor } from "./note-editor.js";
import { bulkSummary, forEachSelected } from "./selection.js";
import { hashForPath } from "./app-address.js";
import { SearchField } from "./search-field.js";
import { TrashView } from "./trash-view.js";
import { confirmAlert, download, emptyState, errorState, h, loadingState, replace, runDialog, toast } from "./ui.js";
import { viewerForPath } from "./viewer-for-path.js";

/** The folder a document is in, relative to Documents/ ("" for the top level). */
function folderOf(name) {
  return name.includes("/") ? name.slice(0, name.lastIndexOf("/")) : "";
}

/** The viewer or editor for a document, by the kind the library gave it. */
function viewerForDocument({ name, kind }) {
  switch (kind) {
    case "drawing":
      return new DrawingEditor({ name });
    case "note":
      return new NoteEditor({ name });
    default:
      return viewerForPath(`Documents/${name}`);
  }
}

export class DocumentsPage {
  /** `navigate(hash)` changes the address. */
  constructor(navigate) {
    this.navigate = navigate;
    this.viewer = null;
    this.openName = null;
    // The name of a document just made, whose editor takes the focus once it is open.
    this.focusWhenOpen = null;
    // The open document as the library described it (its kind says which editor shows it).
    this.openDocument = null;
    this.browser = new DocumentBrowser({
      open: (name) => this.navigate(`#/documents/${encodeURIComponent(name)}`),
      deleteFromList: (document) => this.deleteDocument(document.name, { confirmed: true }),
      newFolder: (folder) => this.newFolder(folder),
      renameFolder: (folder) => this.renameDocument(folder),
      deleteFolder: (folder) => this.deleteDocument(folder),
      moveSelected: (names) => this.moveSelected(names),
      exportSelected: (names) => this.exportSelected(names),
      deleteSelected: (names) => this.deleteSelected(names),
    });
    // Search over the whole library, its results in place of the list while there is a query.
    this.search = new SearchField({
      open: (result) => this.openSearchResult(result),
      searching: (active) => this.browser.element.classList.toggle("searching", active),
    }, { label: "Search documents", id: "document-search" }, );
    this.browser.element.insertBefore(this.search.element, this.browser.state);
    this.browser.element.insertBefore(this.search.results, this.browser.state);
    this.detailTitle = h("h2", { class: "pane-title detail-title", id: "detail-title" }, "");
    this.backButton = h("button", { type: "button", class: "button back-button", onclick: () => this.navigate("#/documents") }, "‹ Documents");
    this.detailBody = h("div", { class: "detail-body" });
    this.detail = h(
      "section", { class: "detail", "aria-labelledby": "detail-title" },
      h("div", { class: "pane-bar" }, this.backButton, this.detailTitle),
      this.detailBody,
    );
    this.element = h("div", { class: "split documents-split" }, this.browser.element, this.detail);
    // An editor that saved the edits as a new document (Keep Both) opens it.
    this.element.addEventListener("folio-open-document", (event) =>
      this.navigate(`#/documents/${encodeURIComponent(event.detail.name)}`),
    );
    this.trash = new TrashView({
      restore: (item) => this.restoreItem(item),
      destroy: (item) => this.destroyItem(item),
      restoreAll: (items) => this.restoreItems(items),
      destroyAll: (items) => this.destroyItems(items),
      empty: () => this.emptyTrash(),
      // An item that left the trash elsewhere (another window, the command line) cannot be undone.
      // Only a list asked for after the deletion can tell: one on its way meanwhile (the change
      // events of a bulk delete start some) does not hold the new items yet.
      loaded: (items, asked) => {
        const present = new Set(items.map((item) => item.id));
        this.forgetUndo([...this.undoToasts].filter(([id, undo]) => undo.since < asked && !present.has(id)).map(([id]) => id));
      },
    });
    // The Undo toasts of deletions, by trash item ({dismiss, since}): taken away once the item
    // cannot be restored.
    this.undoToasts = new Map();
  }

  /** Opens a search result: a document in the browser, a file in a folder in its viewer. */
  /** A result in Documents/ (in a folder too) opens in the library; anything else as a file. */
  openSearchResult(result) {
    const parts = result.path.split("/");
    if (parts.length >= 2 && parts[0] === "Documents") this.navigate(`#/documents/${encodeURIComponent(parts.slice(1).join("/"))}`);
    else this.navigate(hashForPath("open", result.path));
  }

  /** Shows the page; opens `name`, or the current document when none is named. */
  async show(name) {
    if (this.browser.sections.length === 0) this.browser.reload();
    this.element.classList.toggle("showing-detail", Boolean(name));
    if (!name) {
      if (!this.openName) {
        try {
          const current = await DocumentsAPI.current();
          if (current && current.name) await this.open(current.name, { select: false, document: current });
        } catch (error) {
          if (error.status !== 404) replace(this.detailBody, errorState(error, () => this.show()));
          else replace(this.detailBody, emptyState("No document is open", "Choose one in the list, or make one with ⋯ Actions."));
        }
      }
      return;
    }
    if (name !== this.openName) await this.open(name, { select: true });
  }

  /** Opens `name`: made current first when `select`, else `document` describes it. */
  async open(name, { select, document = null }) {
    if (this.viewer) await this.viewer.close();
    this.viewer = null;
    this.openName = name;
    this.openDocument = null;
    this.browser.setOpen(name);
    this.detailTitle.textContent = name;
    replace(this.detailBody, loadingState());
    try {
      let described = document;
      if (select) {
        described = await DocumentsAPI.select(name);
        this.browser.setCurrent(described.name);
      }
      if (this.openName !== name) return;
      this.openDocument = described;
      const viewer = viewerForDocument(described);
      this.viewer = viewer;
      replace(this.detailBody, viewer.element);
      await viewer.open();
      // A new document is made to be written in: its editor takes the focus.
      if (this.focusWhenOpen === name && this.viewer === viewer && viewer.focusBody) {
        this.focusWhenOpen = null;
        viewer.focusBody();
      }
    } catch (error) {
      if (error instanceof APIError && error.status === 404) {
        replace(this.detailBody, emptyState(`“${name}” is not in Documents`, "It was moved to Recently Deleted or renamed elsewhere."));
      } else {
        replace(this.detailBody, errorState(error, () => this.open(name, { select, document })));
      }
    }
  }

  /**
   * The document the actions apply to, `{name, kind, …}` as the library describes it: the open
   * one, else the library's current one; null when there is none.
   */
  async target() {
    if (this.openName) {
      if (this.openDocument && this.openDocument.name === this.openName) return this.openDocument;
      return { name: this.openName, kind: null };
    }
    try {
      return await DocumentsAPI.current();
    } catch {
      return null;
    }
  }

  // Actions.

  async newDocument(kind) {
    try {
      const document = await DocumentsAPI.create(kind, this.browser.folder);
      this.focusWhenOpen = document.name;
      this.browser.scheduleReload();
      this.navigate(`#/documents/${encodeURIComponent(document.name)}`);
    } catch (error) {
      toast(`No new ${kind}: ${error.sentence || error.message}`);
    }
  }

  /** New Folder: asks for a name (in the rename sheet's form), makes the folder in `folder`, opens it. */
  async newFolder(folder) {
    const dialog = document.getElementById("rename-sheet");
    const label = dialog.querySelector("#rename-label");
    const field = dialog.querySelector("#rename-field");
    const form = dialog.querySelector("form");
    const cancel = dialog.querySelector(".cancel-button");
    const submit = dialog.querySelector("#rename-button");
    const title = dialog.querySelector(".sheet-title");
    title.textContent = "New Folder";
    submit.textContent = "Create";
    const made = await runDialog(dialog, (finish) => {
      label.textContent = "Please enter a name for the new folder.";
      label.classList.remove("problem");
      field.value = "";
      field.removeAttribute("aria-invalid");
      form.onsubmit = async (event) => {
        event.preventDefault();
        try {
          finish(await DocumentsAPI.createFolder(field.value, folder));
        } catch (error) {
          label.textContent = error.userMessage || error.sentence || error.message;
          label.classList.add("problem");
          field.setAttribute("aria-invalid", "true");
          field.focus();
        }
      };
      cancel.onclick = () => finish(null);
      queueMicrotask(() => field.focus());
    });
    title.textContent = "Rename";
    submit.textContent = "Rename";
    if (!made) return;
    toast(`Made the folder “${made.name.split("/").pop()}”.`);
    this.browser.openFolder(made.name);
  }

  /** Move to…: a sheet with the folders of Documents/ to pick from, then the move. */
  async moveDocument(name) {
    if (!name) return toast("There is no document to move.");
    const here = folderOf(name);
    const moved = await this.runMoveSheet([name], (folder) => DocumentsAPI.move(name, folder));
    if (!moved) return;
    this.browser.scheduleReload();
    toast(`Moved to “Documents/${moved.name}”.`, {
      action: "Undo",
      onAction: async () => {
        const back = await DocumentsAPI.move(moved.name, here);
        this.afterRename(moved.name, back.name);
      },
    });
    this.afterRename(name, moved.name);
  }

  /** Moves several documents and folders to one folder picked in the Move sheet; a failure is named and the rest are moved. */
  async moveSelected(names) {
    const result = await this.runMoveSheet(names, (folder) =>
      forEachSelected(names, async (name) => {
        if (folderOf(name) === folder) return;
        const moved = await DocumentsAPI.move(name, folder);
        this.afterRename(name, moved.name);
      }),
    );
    if (!result) return;
    this.browser.scheduleReload();
    toast(bulkSummary("Moved", result, (name) => `“${name}”`), { duration: result.failed.length ? 15000 : 4000 });
  }

  /**
   * The Move sheet for `names`: the folders of Documents/ (leaving out those moved and what is in
   * them), then `move(folder)`; its error is shown in the sheet. Resolves to what `move` gave, or null.
   */
  async runMoveSheet(names, move) {
    const folders = await this.allFolders(names);
    const dialog = document.getElementById("move-sheet");
    const select = dialog.querySelector("#move-folder");
    const form = dialog.querySelector("form");
    const cancel = dialog.querySelector(".cancel-button");
    const problem = dialog.querySelector("#move-problem");
    const here = names.length === 1 ? folderOf(names[0]) : null;
    return runDialog(dialog, (finish) => {
      dialog.querySelector("#move-label").textContent =
        names.length === 1 ? `Move “${names[0].split("/").pop()}” to:` : `Move ${names.length.toLocaleString()} items to:`;
      problem.textContent = "";
      select.replaceChildren(
        ...["", ...folders].map((folder) =>
          h("option", { value: folder, ...(folder === here ? { disabled: "" } : {}) }, folder ? `Documents/${folder}` : "Documents (top level)"),
        ),
      );
      const first = [...select.options].find((option) => !option.disabled);
      if (first) select.value = first.value;
      form.onsubmit = async (event) => {
        event.preventDefault();
        try {
          finish(await move(select.value));
        } catch (error) {
          problem.textContent = error.userMessage || error.sentence || error.message;
          select.focus();
        }
      };
      cancel.onclick = () => finish(null);
      queueMicrotask(() => select.focus());
    });
  }

  /** The folders of Documents/, depth first, leaving out `names` and what is inside them (at most 500). */
  async allFolders(names) {
    const left = (entry) => names.some((name) => entry === name || entry.startsWith(name + "/"));
    const found = [];
    const pending = [""];
    while (pending.length > 0 && found.length < 500) {
      const folder = pending.shift();
      const answer = await DocumentsAPI.list({ kind: "folder", folder, limit: 1000 });
      for (const entry of answer.page.documents) {
        if (left(entry.name)) continue;
        found.push(entry.name);
        pending.push(entry.name);
      }
    }
    return found.sort((a, b) => a.localeCompare(b));
  }

  /** Downloads several documents and folders as one zip. */
  async exportSelected(names) {
    try {
      const { blob, notIncluded } = await FilesAPI.zip(names.map((name) => `Documents/${name}`));
      const url = URL.createObjectURL(blob);
      download(url, names.length === 1 ? `${names[0].split("/").pop()}.zip` : "Documents.zip");
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      const items = `${names.length} item${names.length === 1 ? "" : "s"}`;
      toast(notIncluded ? `Exported a zip; ${notIncluded} item${notIncluded === 1 ? "" : "s"} could not be read (see “Not included.txt”).` : `Exported ${items} as a zip.`, { duration: 6000 });
    } catch (error) {
      toast(error.sentence || error.message);
    }
  }

  /** Moves several documents and folders to Recently Deleted after one question, with one Undo for all of them. */
  async deleteSelected(names) {
    const sure = await confirmAlert({
      title: `Delete ${names.length.toLocaleString()} item${names.length === 1 ? "" : "s"}?`,
      message: `${names.length === 1 ? `“${names[0]}” moves` : "They move"} to Recently Deleted, where ${names.length === 1 ? "it" : "they"} can be restored for 30 days.`,
      cancel: "Cancel",
      confirm: "Delete",
      destructive: true,
    });
    if (!sure) return;
    const deletions = [];
    let newCurrent = null;
    const result = await forEachSelected(names, async (name) => {
      if (this.openName === name && this.viewer) {
        this.viewer.dirty = false;
        this.viewer = null;
      }
      const deletion = await DocumentsAPI.delete(name);
      deletions.push(deletion.item);
      if (deletion.newCurrent) newCurrent = deletion.newCurrent.name;
    });
    this.browser.scheduleReload();
    this.trash.reload();
    const ids = deletions.map((item) => item.id);
    const dismiss = toast(`${bulkSummary("Deleted", result, (name) => `“${name}”`)}${deletions.length ? " Recently Deleted keeps them for 30 days." : ""}`, {
      duration: 15000,
      action: deletions.length ? "Undo" : undefined,
      onAction: async () => {
        for (const id of ids) this.undoToasts.delete(id);
        const restored = await forEachSelected(deletions, (item) => DocumentsAPI.restore(item));
        this.browser.scheduleReload();
        this.trash.reload();
        if (restored.failed.length) toast(bulkSummary("Restored", restored, (item) => `“${item.originalName}”`), { duration: 15000 });
      },
    });
    const since = performance.now();
    for (const id of ids) this.undoToasts.set(id, { dismiss, since });
    const shown = this.browser.folder;
    const gone = result.done.find((name) => shown === name || shown.startsWith(name + "/"));
    if (gone) this.browser.openFolder(folderOf(gone));
    if (this.openName && result.done.some((name) => this.openName === name || this.openName.startsWith(name + "/"))) {
      this.openName = null;
      if (newCurrent) this.follow(newCurrent);
      else {
        this.detailTitle.textContent = "";
        replace(this.detailBody, emptyState("No document is open", "Choose one in the list, or make one with ⋯ Actions."));
      }
    } else if (newCurrent) {
      this.browser.setCurrent(newCurrent);
    }
  }

  /** The rename sheet: the label, a field with the name without its extension, and in place the
   *  "already exists" message when the name is taken. */
  async renameDocument(name) {
    if (!name) return toast("There is no document to rename.");
    let prompts;
    try {
      prompts = await DocumentsAPI.prompts(name);
    } catch (error) {
      return toast(error.sentence || error.message);
    }
    if (this.viewer && this.viewer.dirty && this.openName === name) await this.viewer.save();
    const dialog = document.getElementById("rename-sheet");
    const label = dialog.querySelector("#rename-label");
    const field = dialog.querySelector("#rename-field");
    const form = dialog.querySelector("form");
    const cancel = dialog.querySelector(".cancel-button");
    const renamed = await runDialog(dialog, (finish) => {
      label.textContent = prompts.renameQuestion;
      label.classList.remove("problem");
      field.value = prompts.title;
      field.removeAttribute("aria-invalid");
      form.onsubmit = async (event) => {
        event.preventDefault();
        const title = field.value;
        if (title === prompts.title) return finish(null);
        try {
          finish(await DocumentsAPI.rename(name, title));
        } catch (error) {
          label.textContent = error.userMessage || error.sentence || error.message;
          label.classList.add("problem");
          field.setAttribute("aria-invalid", "true");
          field.focus();
          field.select();
        }
      };
      cancel.onclick = () => finish(null);
      queueMicrotask(() => {
        field.focus();
        field.select();
      });
    });
    if (!renamed) return;
    this.afterRename(name, renamed.name);
    toast(`Renamed to “${renamed.name}”.`, {
      action: "Undo",
      onAction: async () => {
        const back = await DocumentsAPI.rename(renamed.name, prompts.title);
        this.afterRename(renamed.name, back.name);
      },
    });
  }

  afterRename(from, to) {
    this.browser.scheduleReload();
    const shown = this.browser.folder;
    if (shown === from || shown.startsWith(from + "/")) this.browser.openFolder(to + shown.slice(from.length));
    if (this.openName === from) {
      this.openName = null;
      this.navigate(`#/documents/${encodeURIComponent(to)}`, { replace: true });
    }
  }

  /**
   * Opens the document `name` in place of the one that went (deleted, renamed), replacing the
   * address — only while the Documents page is what the person sees: an answer that lands after
   * they went to another page must not pull them back.
   */
  follow(name) {
    if (location.hash !== "" && location.hash !== "#/" && !location.hash.startsWith("#/documents")) return;
    this.navigate(`#/documents/${encodeURIComponent(name)}`, { replace: true });
  }

  /** The delete alert (unless the row's own Delete button confirmed it), then the trash. */
  async deleteDocument(name, { confirmed = false } = {}) {
    if (!name) return toast("There is no document to delete.");
    if (!confirmed) {
      let prompts;
      try {
        prompts = await DocumentsAPI.prompts(name);
      } catch (error) {
        return toast(error.sentence || error.message);
      }
      const sure = await confirmAlert({
        title: prompts.deleteTitle,
        message: prompts.deleteQuestion,
        cancel: prompts.cancelButton,
        confirm: prompts.deleteButton,
        destructive: true,
      });
      if (!sure) return;
    }
    try {
      if (this.openName === name && this.viewer) {
        this.viewer.dirty = false;
        this.viewer = null;
      }
      const deletion = await DocumentsAPI.delete(name);
      this.browser.scheduleReload();
      const shown = this.browser.folder;
      if (shown === name || shown.startsWith(name + "/")) this.browser.openFolder(name.split("/").slice(0, -1).join("/"));
      this.trash.reload();
      const id = deletion.item.id;
      const dismiss = toast(`“${name}” moved to Recently Deleted.`, {
        action: "Undo",
        onAction: async () => {
          this.undoToasts.delete(id);
          const restored = await DocumentsAPI.restore(deletion.item);
          this.browser.scheduleReload();
          this.trash.reload();
          this.navigate(`#/documents/${encodeURIComponent(restored.name)}`);
        },
      });
      this.undoToasts.set(id, { dismiss, since: performance.now() });
      if (this.openName === name) {
        this.openName = null;
        const next = deletion.newCurrent ? deletion.newCurrent.name : null;
        if (next) this.follow(next);
        else {
          this.detailTitle.textContent = "";
          replace(this.detailBody, emptyState("No document is open", "Choose one in the list, or make one with ⋯ Actions."));
        }
      } else if (deletion.newCurrent) {
        this.browser.setCurrent(deletion.newCurrent.name);
      }
    } catch (error) {
      toast(`“${name}” was not deleted: ${error.sentence || error.message}`);
    }
  }

  /** Export: a drawing as SVG; any other document as its file. `document` is `{name, kind}`. */
  async exportDocument(document) {
    if (!document) return toast("There is no document to export.");
    const { name } = document;
    if (document.kind === "drawing") {
      const editor = this.viewer instanceof DrawingEditor && this.openName === name ? this.viewer : new DrawingEditor({ name });
      if (editor !== this.viewer) await editor.open();
      editor.exportSVG();
    } else {
      download(FilesAPI.rawURL(`Documents/${name}`), name);
    }
  }

  async restoreItem(item) {
    try {
      const restored = await DocumentsAPI.restore(item);
      this.forgetUndo([item.id]);
      this.trash.reload();
      this.browser.scheduleReload();
      const renamed = restored.name !== item.originalName ? ` as “${restored.name}” (the name was taken)` : "";
      toast(`Restored “${item.originalName}”${renamed}.`, {
        action: "Open",
        onAction: async () => this.navigate(`#/documents/${encodeURIComponent(restored.name)}`),
      });
    } catch (error) {
      toast(`Not restored: ${error.sentence || error.message}`);
    }
  }

  /** Takes away the Undo of the deletions that put `ids` in the trash (all when null). */
  forgetUndo(ids = null) {
    for (const [id, undo] of [...this.undoToasts]) {
      if (ids !== null && !ids.includes(id)) continue;
      undo.dismiss();
      this.undoToasts.delete(id);
    }
  }

  /** Deletes one trash item for good, after asking. */
  async destroyItem(item) {
    const sure = await confirmAlert({
      title: `Delete “${item.originalName}”?`,
      message: "It will be removed for good. This cannot be undone.",
      cancel: "Cancel",
      confirm: "Delete",
      destructive: true,
    });
    if (!sure) return;
    try {
      await DocumentsAPI.destroy(item);
      this.forgetUndo([item.id]);
      toast(`Removed “${item.originalName}” for good.`, { duration: 4000 });
    } catch (error) {
      toast(`Not deleted: ${error.sentence || error.message}`);
    }
    this.trash.reload();
  }

  /** Restores several trash items; a failure is named and the rest are restored. */
  async restoreItems(items) {
    const result = await forEachSelected(items, async (item) => {
      await DocumentsAPI.restore(item);
      this.forgetUndo([item.id]);
    });
    toast(bulkSummary("Restored", result, (item) => `“${item.originalName}”`), { duration: result.failed.length ? 15000 : 4000 });
    this.trash.reload();
    this.browser.scheduleReload();
  }

  /** Deletes several trash items for good after one question naming their count. */
  async destroyItems(items) {
    const sure = await confirmAlert({
      title: `Delete ${items.length} item${items.length === 1 ? "" : "s"} for good?`,
      message: "They will be removed for good. This cannot be undone.",
      cancel: "Cancel",
      confirm: "Delete",
      destructive: true,
    });
    if (!sure) return;
    const result = await forEachSelected(items, async (item) => {
      await DocumentsAPI.destroy(item);
      this.forgetUndo([item.id]);
    });
    toast(bulkSummary("Removed", result, (item) => `“${item.originalName}”`), { duration: result.failed.length ? 15000 : 4000 });
    this.trash.reload();
  }

  async emptyTrash() {
    const sure = await confirmAlert({
      title: "Empty Recently Deleted?",
      message: "The documents in the trash will be removed for good. This cannot be undone.",
      cancel: "Cancel",
      confirm: "Empty Trash",
      destructive: true,
    });
    if (!sure) return;
    try {
      const answer = await DocumentsAPI.emptyTrash();
      this.forgetUndo();
      toast(`Removed ${answer.removed} document${answer.removed === 1 ? "" : "s"} for good.`, { duration: 4000 });
      this.trash.reload();
    } catch (error) {
      toast(error.sentence || error.message);
    }
  }

  /** Refreshes the rows on screen once for a burst of modifications. */
  refreshVisibleSoon() {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = 0;
      this.browser.refreshVisible();
    }, 150);
  }

  /** A live change from the event stream (EventsAPI). */
  documentEvent(event) {
    if (event.type === "modified") this.refreshVisibleSoon();
    else if (event.type === "currentChanged") this.browser.setCurrent(event.name || null);
    else this.browser.scheduleReload();
    if (["deleted", "renamed", "refreshNeeded"].includes(event.type)) this.trash.scheduleReload();
    if (!this.openName) return;
    if (event.type === "modified" && event.name === this.openName && this.viewer && this.viewer.documentChanged) {
      this.viewer.documentChanged(event);
    }
    if (event.type === "renamed" && event.from === this.openName && !(this.viewer && this.viewer.dirty)) {
      this.openName = null;
      this.follow(event.to);
    }
    if (event.type === "deleted" && event.name === this.openName) {
      this.viewer = null;
      replace(this.detailBody, emptyState(`“${event.name}” was deleted`, "It is in Recently Deleted, where Restore brings it back."));
    }
  }
}
