// The document browser: Documents/ as a table view with a section per kind (folders, drawings,
// notes, other documents), one folder at a time (a folder row opens it, Up goes back), cells in the subtitle style with an icon or a drawing's thumbnail, the current
// document marked, an Edit mode with delete controls and checkboxes to choose several documents
// (Shift, Ctrl/⌘ and Ctrl/⌘+A too) for one action on all of them, and the open document beside it.
//
// Each section is fed by pages of `DocumentsAPI.list({kind, sort, offset, limit})`: only the pages
// under the visible rows are fetched, a page in the second half of a section is asked for from
// the other end (so the last page of 100,000 costs what the first does), and at most a few dozen
// pages are kept.

import { DocumentsAPI } from "./documents-api.js";
import { Selection } from "./selection.js";
import { TableView } from "./table-view.js";
import { hasThumbnail, thumbnailImage } from "./thumbnail-image.js";
import { emptyState, errorState, formatDate, formatSize, h, icon, iconForName, loadingState, replace } from "./ui.js";

const PAGE_SIZE = 100;
const KEPT_PAGES = 40;
const KINDS = [
  { kind: "folder", title: "Folders", one: "folder", many: "folders" },
  { kind: "drawing", title: "Drawings", one: "drawing", many: "drawings" },
  { kind: "note", title: "Notes", one: "note", many: "notes" },
  { kind: "generic", title: "Other documents", one: "document", many: "documents" },
];

export class DocumentBrowser {
  /** `delegate`: open(name), deleteFromList(document), changed(), folderChanged(folder),
   *  moveSelected(names), exportSelected(names), deleteSelected(names). */
  constructor(delegate) {
    this.delegate = delegate;
    this.sort = "name";
    // The folder shown, relative to Documents/ ("" for the top level).
    this.folder = "";
    this.sections = [];
    this.current = null;
    this.openName = null;
    this.generation = 0;
    this.inFlight = new Set();
    this.wanted = [];
    this.reloadTimer = 0;

    // The documents chosen in Edit mode, by name. The order is the rows loaded so far, or every
    // name of the folder once Select All has read them all.
    this.allNames = null;
    this.selection = new Selection({ order: () => this.orderedNames(), onChange: (names) => this.showSelection(names) });
    this.bulkBar = h("div", { class: "bulk-bar", role: "toolbar", "aria-label": "Selected documents", hidden: true });

    this.table = new TableView({ label: "Documents", style: "subtitle", rowHeight: 64 });
    this.table.dataSource = this;
    this.table.delegate = {
      didSelect: (indexPath) => {
        const document = this.documentAt(indexPath);
        if (document && this.table.editing) this.selection.click(document.name, {}, { toggles: true });
        else if (document && document.kind === "folder") this.openFolder(document.name);
        else if (document) this.delegate.open(document.name);
      },
      canDelete: (indexPath) => Boolean(this.documentAt(indexPath)),
      deleteLabel: (indexPath) => {
        const document = this.documentAt(indexPath);
        return document ? `Delete ${document.name}` : "Delete";
      },
      commitDelete: (indexPath) => {
        const document = this.documentAt(indexPath);
        if (document) this.delegate.deleteFromList(document);
      },
      visibleRowsChanged: (ranges) => this.visibleRowsChanged(ranges),
    };

    this.editButton = h("button", { type: "button", class: "button", "aria-pressed": "false", id: "edit-button" }, "Edit");
    this.editButton.addEventListener("click", () => this.setEditing(!this.table.editing));
    this.sortSelect = h(
      "select", { "aria-label": "Sort documents by", id: "sort-select" },
      h("option", { value: "name" }, "By name"),
      h("option", { value: "date" }, "Newest first"),
    );
    this.sortSelect.addEventListener("change", () => {
      this.sort = this.sortSelect.value;
      this.reload();
    });
    this.state = h("div", { class: "browser-state" });
    this.count = h("span", { class: "browser-count", role: "status" });
    this.title = h("h2", { class: "pane-title", id: "browser-title" }, "Documents");
    this.upButton = h("button", { type: "button", class: "button", id: "folder-up", hidden: "" }, "‹ Up");
    this.upButton.addEventListener("click", () => this.openFolder(this.folder.split("/").slice(0, -1).join("/")));
    this.newFolderButton = h("button", { type: "button", class: "button", id: "new-folder-button" }, "New Folder");
    this.newFolderButton.addEventListener("click", () => this.delegate.newFolder && this.delegate.newFolder(this.folder));
    this.renameFolderButton = h("button", { type: "button", class: "button", id: "rename-folder-button", hidden: "" }, "Rename Folder");
    this.renameFolderButton.addEventListener("click", () => this.delegate.renameFolder && this.delegate.renameFolder(this.folder));
    this.deleteFolderButton = h("button", { type: "button", class: "button destructive", id: "delete-folder-button", hidden: "" }, "Delete Folder");
    this.deleteFolderButton.addEventListener("click", () => this.delegate.deleteFolder && this.delegate.deleteFolder(this.folder));
    this.folderBar = h(
      "div", { class: "pane-bar folder-bar", "aria-label": "Folder" },
      this.upButton, this.newFolderButton, this.renameFolderButton, this.deleteFolderButton,
    );
    this.element = h(
      "section", { class: "browser", "aria-label": "Document browser" },
      h("div", { class: "pane-bar" }, this.title, this.count, this.sortSelect, this.editButton),
      this.folderBar,
      this.bulkBar,
      this.state,
      this.table.element,
    );
    this.table.element.id = "document-table";
    // Clicks with Shift or Ctrl/⌘ (and any click in Edit mode) choose rows instead of opening
    // them; Ctrl/⌘+A chooses every document of the folder; Escape leaves Edit mode.
    this.table.element.addEventListener("click", (event) => this.onChoosingClick(event), true);
    this.table.element.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a") {
        event.preventDefault();
        this.selectAll();
      } else if (event.key === "Escape" && this.table.editing && !this.table.pendingDelete) {
        event.preventDefault();
        this.setEditing(false);
      }
    });
  }

  onChoosingClick(event) {
    const element = event.target.closest(".tv-cell[data-row]");
    if (!element || !element.cell || !element.cell.indexPath) return;
    if (event.target.closest("button")) return;
    const modified = event.shiftKey || event.ctrlKey || event.metaKey;
    if (!this.table.editing && !modified) return;
    const document = this.documentAt(element.cell.indexPath);
    if (!document) return;
    event.stopPropagation();
    if (event.target.closest(".doc-check")) event.preventDefault();
    if (!this.table.editing) this.setEditing(true);
    this.selection.click(document.name, event, { toggles: !event.shiftKey });
    // The rows are configured again: keep the focus in the list (for Ctrl/⌘+A and Escape).
    this.table.element.focus({ preventScroll: true });
  }

  /** The names of the folder in the order shown: all of them after Select All, else those loaded. */
  orderedNames() {
    if (this.allNames) return this.allNames;
    const names = [];
    for (const entry of this.sections) {
      for (const page of [...entry.pages.keys()].sort((a, b) => a - b)) {
        for (const document of entry.pages.get(page)) names.push(document.name);
      }
    }
    return names;
  }

  /** Chooses every document of the folder, reading the names not loaded yet (a page of 1,000 at a time). */
  async selectAll() {
    if (!this.table.editing) this.setEditing(true);
    const generation = this.generation;
    let names;
    try {
      names = await this.readAllNames();
    } catch (error) {
      this.count.textContent = "Could not choose all: " + (error.sentence || error.message);
      return;
    }
    if (generation !== this.generation) return;
    this.allNames = names;
    this.selection.selectAll();
  }

  /** Every name in the folder, in the order shown, read a page of 1,000 at a time. */
  async readAllNames() {
    const names = [];
    for (const info of KINDS) {
      for (let offset = 0;; offset += 1000) {
        const answer = await DocumentsAPI.list({ kind: info.kind, sort: this.sort, offset, limit: 1000, folder: this.folder });
        names.push(...answer.page.documents.map((document) => document.name));
        if (offset + 1000 >= answer.page.total) break;
      }
    }
    return names;
  }

  showSelection(names) {
    this.table.reloadVisible();
    this.bulkBar.hidden = !this.table.editing;
    if (!this.table.editing) return;
    const button = (label, action, extra = "") =>
      h("button", { type: "button", class: `button ${extra}`, disabled: names.length === 0, dataset: { bulk: label.toLowerCase() }, onclick: () => action(this.selection.list()) }, label);
    const total = this.sections.reduce((sum, entry) => sum + entry.total, 0);
    const all = names.length > 0 && names.length === total;
    replace(
      this.bulkBar,
      h("span", { class: "bulk-count", "aria-live": "polite" }, `${names.length.toLocaleString()} selected`),
      h("button", { type: "button", class: "button", dataset: { bulk: all ? "deselect all" : "select all" }, onclick: () => (all ? this.selection.clear() : this.selectAll()) }, all ? "Deselect All" : "Select All"),
      button("Move", (chosen) => this.delegate.moveSelected(chosen)),
      button("Export", (chosen) => this.delegate.exportSelected(chosen)),
      button("Delete", (chosen) => this.delegate.deleteSelected(chosen), "destructive"),
    );
  }

  /** Shows the folder `folder` ("" for the top level of Documents/). */
  openFolder(folder) {
    this.folder = folder || "";
    const inFolder = this.folder !== "";
    this.title.textContent = inFolder ? this.folder.split("/").pop() : "Documents";
    this.title.title = inFolder ? `Documents/${this.folder}` : "";
    this.upButton.hidden = !inFolder;
    this.renameFolderButton.hidden = !inFolder;
    this.deleteFolderButton.hidden = !inFolder;
    this.allNames = null;
    this.selection.clear();
    this.sections = [];
    this.reload();
    if (this.delegate.folderChanged) this.delegate.folderChanged(this.folder);
  }

  setEditing(editing) {
    this.table.setEditing(editing);
    this.editButton.textContent = editing ? "Done" : "Edit";
    this.editButton.setAttribute("aria-pressed", editing ? "true" : "false");
    if (!editing) this.selection.clear();
    else this.showSelection(this.selection.list());
  }

  // Data source.

  numberOfSections() {
    return this.sections.length;
  }

  numberOfRows(section) {
    return this.sections[section].total;
  }

  titleForHeader(section) {
    return this.sections[section].info.title;
  }

  titleForFooter(section) {
    const { total, info } = this.sections[section];
    return `${total.toLocaleString()} ${total === 1 ? info.one : info.many}`;
  }

  documentAt({ section, row }) {
    const entry = this.sections[section];
    if (!entry) return null;
    const page = entry.pages.get(Math.floor(row / PAGE_SIZE));
    return page ? page[row % PAGE_SIZE] || null : null;
  }

  configureCell(cell, indexPath) {
    const entry = this.sections[indexPath.section];
    const document = this.documentAt(indexPath);
    cell.element.dataset.name = document ? document.name : "";
    cell.element.classList.toggle("chosen", Boolean(document) && this.selection.has(document.name));
    if (document && this.table.editing) {
      cell.image.append(h("input", { type: "checkbox", class: "doc-check", tabindex: "-1", "aria-label": `Select ${document.name.split("/").pop()}`, checked: this.selection.has(document.name) }));
    }
    if (!document) {
      cell.element.classList.add("placeholder");
      cell.image.append(icon(entry.info.kind));
      cell.title.textContent = "Loading…";
      return;
    }
    cell.title.textContent = document.name.split("/").pop();
    cell.element.classList.toggle("folder-row", document.kind === "folder");
    if (document.kind === "folder") {
      cell.subtitle.textContent = formatDate(document.modificationDate);
      cell.image.append(icon("folder"));
      return;
    }
    cell.subtitle.textContent = `${formatDate(document.modificationDate)} · ${formatSize(document.size)}`;
    if (hasThumbnail(document.name)) {
      const fallback = document.kind === "drawing" ? "drawing" : "image";
      cell.image.append(thumbnailImage(`Documents/${document.name}`, { version: document.version, fallback }));
    } else {
      cell.image.append(icon(document.kind === "generic" ? iconForName(document.name) : document.kind));
    }
    const isCurrent = document.name === this.current;
    cell.element.classList.toggle("current", isCurrent);
    cell.element.classList.toggle("open", document.name === this.openName);
    if (isCurrent) cell.accessory.append(h("span", { class: "badge" }, "Current"));
  }

  // Loading.

  /** Reads the sections' totals and first pages again. */
  async reload() {
    const generation = ++this.generation;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = 0;
    this.inFlight.clear();
    this.wanted = [];
    if (this.sections.length === 0) replace(this.state, loadingState("Loading documents…"));
    try {
      const answers = await Promise.all(
        KINDS.map((info) =>
          DocumentsAPI.list({ kind: info.kind, sort: this.sort, offset: 0, limit: PAGE_SIZE, folder: this.folder }),
        ),
      );
      if (generation !== this.generation) return;
      this.sections = [];
      answers.forEach((answer, index) => {
        if (answer.page.total === 0) return;
        this.sections.push({
          info: KINDS[index],
          total: answer.page.total,
          pages: new Map([
            [0, answer.page.documents]
          ]),
          stale: new Set(),
        });
      });
      this.current = answers[0].current || null;
      const total = this.sections.reduce((sum, entry) => sum + entry.total, 0);
      this.count.textContent = total === 0 ? "" : `${total.toLocaleString()} in all`;
      if (total === 0 && this.folder) {
        replace(this.state, emptyState("This folder is empty", "New documents made here with ⋯ Actions go into it."));
      } else if (total === 0) {
        replace(this.state, emptyState("No documents yet", "Make one with ⋯ Actions → New Drawing or New Note."));
      } else {
        this.state.replaceChildren();
      }
      this.table.reloadData();
      if (this.selection.size > 0) await this.keepChosen(generation);
      if (this.delegate.changed) this.delegate.changed();
    } catch (error) {
      if (generation !== this.generation) return;
      // The folder shown is gone (deleted or renamed elsewhere): back to the top level.
      if (this.folder && error.status === 404) return this.openFolder("");
      replace(this.state, errorState(error, () => this.reload()));
    }
  }

  /** After a reload: forgets chosen documents that are gone; when some chosen ones are not loaded, every name is read to tell. */
  async keepChosen(generation) {
    this.allNames = null;
    if (this.selection.list().length < this.selection.size) {
      const names = await this.readAllNames().catch(() => null);
      if (generation !== this.generation) return;
      this.allNames = names;
    }
    this.selection.prune();
  }

  /** Fetches the pages on screen again (documents changed, their number did not). */
  refreshVisible() {
    // The pages stay on screen until their fresh copies arrive, so nothing flickers.
    for (const entry of this.sections) entry.stale = new Set(entry.pages.keys());
    this.table.reloadVisible();
  }

  /**
   * Reloads soon: live events come in bursts, and one reload answers a whole burst. A reload
   * already scheduled is not postponed, so a steady stream of changes cannot hold it off.
   */
  scheduleReload() {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => this.reload(), 150);
  }

  visibleRowsChanged(ranges) {
    this.wanted = [];
    for (const range of ranges) {
      // The table may still show sections of a folder left or of a list read before.
      const entry = this.sections[range.section];
      if (!entry) continue;
      for (let page = Math.floor(range.first / PAGE_SIZE); page <= Math.floor(range.last / PAGE_SIZE); page++) {
        if (!entry.pages.has(page) || entry.stale.has(page)) this.wanted.push([range.section, page]);
      }
    }
    clearTimeout(this.fetchTimer);
    this.fetchTimer = setTimeout(() => this.fetchWanted(), 60);
  }

  fetchWanted() {
    for (const [section, page] of this.wanted) {
      if (this.inFlight.size >= 2) return;
      const key = `${section}:${page}`;
      if (this.inFlight.has(key)) continue;
      this.inFlight.add(key);
      this.fetchPage(section, page).finally(() => {
        this.inFlight.delete(key);
        this.fetchWanted();
      });
    }
  }

  async fetchPage(sectionIndex, page) {
    const generation = this.generation;
    const entry = this.sections[sectionIndex];
    const start = page * PAGE_SIZE;
    const end = Math.min(entry.total, start + PAGE_SIZE);
    if (start >= end) return;
    // Ask for a page in the second half from the other end of the order.
    const fromEnd = start > entry.total / 2;
    const sort = fromEnd ? (this.sort.startsWith("-") ? this.sort.slice(1) : "-" + this.sort) : this.sort;
    const offset = fromEnd ? entry.total - end : start;
    try {
      const answer = await DocumentsAPI.list({ kind: entry.info.kind, sort, offset, limit: end - start, folder: this.folder });
      if (generation !== this.generation) return;
      if (answer.page.total !== entry.total) {
        // Documents came or went: the sections must be read again, not this page.
        this.reload();
        return;
      }
      const documents = fromEnd ? answer.page.documents.slice().reverse() : answer.page.documents;
      entry.pages.delete(page);
      entry.pages.set(page, documents);
      entry.stale.delete(page);
      while (entry.pages.size > KEPT_PAGES) {
        const oldest = entry.pages.keys().next().value;
        entry.pages.delete(oldest);
      }
      this.current = answer.current || null;
      this.table.reloadVisible();
    } catch (error) {
      if (generation === this.generation) this.count.textContent = "Could not load: " + (error.sentence || error.message);
    }
  }

  /** Marks `name` as the open document. */
  setOpen(name) {
    this.openName = name;
    this.table.reloadVisible();
  }

  /** Changes the current document's mark. */
  setCurrent(name) {
    this.current = name;
    this.table.reloadVisible();
  }
}
