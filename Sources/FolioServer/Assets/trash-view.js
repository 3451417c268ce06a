// Recently Deleted: the trash as a table view, newest first, each row with the days it has left
// and its Restore and Delete buttons; in Edit mode, several items restored or deleted at once.

import { DocumentsAPI } from "./documents-api.js";
import { Selection } from "./selection.js";
import { TableView } from "./table-view.js";
import { emptyState, errorState, formatDate, formatSize, h, icon, replace } from "./ui.js";

/** The Recently Deleted list: the trash, newest first, with Restore, Delete and Empty Trash. */
export class TrashView {
  /**
   * `delegate`: restore(item), destroy(item), restoreAll(items), destroyAll(items), empty(), and
   * loaded(items, asked) after each reload, `asked` the time (performance.now()) the list was
   * asked for: it holds every item that was in the trash then.
   */
  constructor(delegate) {
    this.delegate = delegate;
    this.items = [];
    this.table = new TableView({ label: "Recently Deleted", style: "subtitle", rowHeight: 64 });
    this.table.dataSource = this;
    // Enter or a click on a row moves the focus to its Restore button; restoring takes that button.
    this.table.delegate = {
      didSelect: (indexPath) => {
        const button = this.table.element.querySelector(`.tv-cell[data-row="${indexPath.row}"]:not([hidden]) .restore-button`);
        if (button) button.focus();
      },
    };
    this.state = h("div", { class: "browser-state" });
    this.emptyButton = h("button", { type: "button", class: "button destructive", onclick: () => this.delegate.empty() }, "Empty Trash");
    this.selection = new Selection({ order: () => this.items.map((item) => item.id), onChange: (ids) => this.showSelection(ids) });
    this.editButton = h("button", { type: "button", class: "button edit-button", "aria-pressed": "false", onclick: () => this.setEditing(!this.editing) }, "Edit");
    this.bulkBar = h("div", { class: "bulk-bar", role: "toolbar", "aria-label": "Selected items", hidden: true });
    this.element = h(
      "section", { class: "trash", "aria-label": "Recently Deleted" },
      h("div", { class: "pane-bar" }, h("h2", { class: "pane-title" }, "Recently Deleted"), this.editButton, this.emptyButton),
      h("p", { class: "pane-note" }, "Deleted documents wait here for 30 days. Restore puts one back in Documents; Delete removes it for good."),
      this.bulkBar,
      this.state,
      this.table.element,
    );
    // Clicks with Shift or Ctrl/⌘ (and any click in Edit mode) choose rows; Ctrl/⌘+A all; Escape leaves.
    this.table.element.addEventListener("click", (event) => {
      const cell = event.target.closest(".tv-cell[data-row]");
      if (!cell || event.target.closest("button")) return;
      if (!this.editing && !(event.shiftKey || event.ctrlKey || event.metaKey)) return;
      const item = this.items[Number(cell.dataset.row)];
      if (!item) return;
      if (!this.editing) this.setEditing(true);
      if (event.target.closest(".trash-check")) event.preventDefault();
      this.selection.click(item.id, event, { toggles: !event.shiftKey });
      // The rows were configured again: keep the focus in the list (for Ctrl/⌘+A and Escape).
      this.table.element.focus({ preventScroll: true });
    });
    this.table.element.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a") {
        event.preventDefault();
        this.setEditing(true);
        this.selection.selectAll();
      } else if (event.key === "Escape" && this.editing) {
        event.preventDefault();
        this.setEditing(false);
      }
    });
  }

  setEditing(editing) {
    this.editing = editing;
    this.element.classList.toggle("editing", editing);
    this.editButton.textContent = editing ? "Done" : "Edit";
    this.editButton.setAttribute("aria-pressed", String(editing));
    if (!editing) this.selection.clear();
    else this.showSelection(this.selection.list());
  }

  showSelection(ids) {
    this.bulkBar.hidden = !this.editing;
    this.table.reloadVisible();
    if (!this.editing) return;
    const chosen = this.items.filter((item) => ids.includes(item.id));
    const button = (label, action, extra = "") => h("button", { type: "button", class: `button ${extra}`, disabled: chosen.length === 0, dataset: { bulk: label.toLowerCase() }, onclick: action }, label);
    replace(
      this.bulkBar,
      h("span", { class: "bulk-count", "aria-live": "polite" }, `${chosen.length} selected`),
      button("Restore", () => this.delegate.restoreAll(chosen)),
      button("Delete", () => this.delegate.destroyAll(chosen), "destructive"),
    );
  }

  numberOfSections() {
    return this.items.length > 0 ? 1 : 0;
  }

  numberOfRows() {
    return this.items.length;
  }

  titleForHeader() {
    return null;
  }

  titleForFooter() {
    return `${this.items.length} deleted ${this.items.length === 1 ? "document" : "documents"}`;
  }

  configureCell(cell, { row }) {
    const item = this.items[row];
    cell.element.dataset.name = item.originalName;
    cell.element.classList.toggle("chosen", this.selection.has(item.id));
    if (this.editing) {
      cell.image.append(h("input", { type: "checkbox", class: "trash-check", tabindex: "-1", "aria-label": `Select ${item.originalName}`, checked: this.selection.has(item.id) }));
    }
    cell.image.append(icon(item.kind === "generic" ? "document" : item.kind));
    cell.title.textContent = item.originalName;
    const left = item.daysLeft == null ? "" : ` · ${daysLeft(item.daysLeft)}`;
    // A document of a folder says which: it is restored there.
    const from = item.originalFolder ? `From ${item.originalFolder} · ` : "";
    cell.subtitle.textContent = `${from}Deleted ${formatDate(item.deletionDate)} · ${formatSize(item.size)}${left}`;
    cell.accessory.append(
      h("button", { type: "button", class: "button restore-button", "aria-label": `Restore ${item.originalName}`, onclick: () => this.delegate.restore(item) }, "Restore"),
      h("button", { type: "button", class: "button destructive delete-forever-button", "aria-label": `Delete ${item.originalName} for good`, onclick: () => this.delegate.destroy(item) }, "Delete"),
    );
  }

  /**
   * Reloads soon, once for a burst of changes: a reload asked for while one is on its way runs
   * once after it, however many times it was asked.
   */
  scheduleReload() {
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(async () => {
      this.reloadTimer = 0;
      this.reloading = true;
      await this.reload();
      this.reloading = false;
      if (this.reloadAgain) {
        this.reloadAgain = false;
        this.scheduleReload();
      }
    }, 150);
  }

  async reload() {
    try {
      const asked = performance.now();
      this.items = await DocumentsAPI.trash();
      this.delegate.loaded(this.items, asked);
      this.emptyButton.disabled = this.items.length === 0;
      if (this.items.length === 0) replace(this.state, emptyState("Nothing was deleted", "Deleted documents appear here until the trash is emptied."));
      else this.state.replaceChildren();
      this.table.reloadData();
      // After the rows are laid out again: forgetting chosen items configures the visible ones.
      this.selection.prune();
    } catch (error) {
      replace(this.state, errorState(error, () => this.reload()));
    }
  }
}

/** "3 days left", as Recently Deleted says it; an item due today has "less than a day". */
function daysLeft(days) {
  if (days <= 0) return "less than a day left";
  return days === 1 ? "1 day left" : `${days} days left`;
}
