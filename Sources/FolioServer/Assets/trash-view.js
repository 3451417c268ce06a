// Recently Deleted: the trash as a table view, newest first, each row with the days it has left
// and its Restore and Delete buttons.

import { DocumentsAPI } from "./documents-api.js";
import { TableView } from "./table-view.js";
import { emptyState, errorState, formatDate, formatSize, h, icon, replace } from "./ui.js";

/** The Recently Deleted list: the trash, newest first, with Restore, Delete and Empty Trash. */
export class TrashView {
  /** `delegate`: restore(item), destroy(item), empty(), and loaded(items) after each reload. */
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
    this.element = h(
      "section", { class: "trash", "aria-label": "Recently Deleted" },
      h("div", { class: "pane-bar" }, h("h2", { class: "pane-title" }, "Recently Deleted"), this.emptyButton),
      h("p", { class: "pane-note" }, "Deleted documents wait here for 30 days. Restore puts one back in Documents; Delete removes it for good."),
      this.state,
      this.table.element,
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
    cell.image.append(icon(item.kind === "generic" ? "document" : item.kind));
    cell.title.textContent = item.originalName;
    const left = item.daysLeft == null ? "" : ` · ${daysLeft(item.daysLeft)}`;
    cell.subtitle.textContent = `Deleted ${formatDate(item.deletionDate)} · ${formatSize(item.size)}${left}`;
    cell.accessory.append(
      h("button", { type: "button", class: "button restore-button", "aria-label": `Restore ${item.originalName}`, onclick: () => this.delegate.restore(item) }, "Restore"),
      h("button", { type: "button", class: "button destructive delete-forever-button", "aria-label": `Delete ${item.originalName} for good`, onclick: () => this.delegate.destroy(item) }, "Delete"),
    );
  }

  async reload() {
    try {
      this.items = await DocumentsAPI.trash();
      this.delegate.loaded(this.items);
      this.emptyButton.disabled = this.items.length === 0;
      if (this.items.length === 0) replace(this.state, emptyState("Nothing was deleted", "Deleted documents appear here until the trash is emptied."));
      else this.state.replaceChildren();
      this.table.reloadData();
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
