// Recently Deleted: the trash as a table view, newest first, with a Restore button on each row.

import { DocumentsAPI } from "./documents-api.js";
import { TableView } from "./table-view.js";
import { emptyState, errorState, formatDate, formatSize, h, icon, replace } from "./ui.js";

/** The Recently Deleted list: the trash, newest first, with Restore and Empty Trash. */
export class TrashView {
  /** `delegate`: restore(item), empty(). */
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
      h("p", { class: "pane-note" }, "Deleted documents wait here for 30 days. Restore puts one back in Documents."),
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
    cell.subtitle.textContent = `Deleted ${formatDate(item.deletionDate)} · ${formatSize(item.size)}`;
    cell.accessory.append(
      h("button", { type: "button", class: "button restore-button", "aria-label": `Restore ${item.originalName}`, onclick: () => this.delegate.restore(item) }, "Restore"),
    );
  }

  async reload() {
    try {
      this.items = await DocumentsAPI.trash();
      this.emptyButton.disabled = this.items.length === 0;
      if (this.items.length === 0) replace(this.state, emptyState("Nothing was deleted", "Deleted documents appear here until the trash is emptied."));
      else this.state.replaceChildren();
      this.table.reloadData();
    } catch (error) {
      replace(this.state, errorState(error, () => this.reload()));
    }
  }
}
