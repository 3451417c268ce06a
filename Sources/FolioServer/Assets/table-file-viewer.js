// A table file (CSV, TSV, JSON, XML) as a table view with sections, headers, footers, cell styles
// and images, and the options a data source has; and the chapter's editing mode for CSV, TSV and
// JSON files in the Home: delete rows (the row's own Delete confirms), insert a row (a
// data-entry sheet with a field per column), reorder rows (drag, or Alt+↑ / Alt+↓), each saved
// at once over the version the rows were read at.

import { TablesAPI } from "./tables-api.js";
import { TableView } from "./table-view.js";
import { thumbnailImage } from "./thumbnail-image.js";
import { emptyState, errorState, h, loadingState, replace, runDialog, toast } from "./ui.js";

const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon"];
const COLORS = 6;

/**
 * A cell image named in a table file that names no picture Folio found. The bundle ships no
 * pictures for the Simpsons sample, so — as the book did for copyright reasons — each name gets
 * a geometric shape of its own.
 */
export function shapeImage(name) {
  let hash = 0;
  for (const character of String(name)) hash = (hash * 31 + character.codePointAt(0)) >>> 0;
  return h("span", {
    class: `shape shape-${SHAPES[hash % SHAPES.length]} shape-color-${Math.floor(hash / SHAPES.length) % COLORS}`,
    role: "img",
    "aria-label": `image ${name}`,
  });
}

/** A table file as a table view, with the options a data source has. */
/** An index path as the API writes it: "section.row". */
function dotted({ section, row }) {
  return `${section}.${row}`;
}

function isXML(path) {
  return path.toLowerCase().endsWith(".xml");
}

export class TableFileViewer {
  constructor(path) {
    this.path = path;
    this.data = { sections: [] };
    this.table = new TableView({ label: `Table ${path}`, style: "subtitle", rowHeight: 56 });
    this.table.dataSource = this;
    this.state = h("div", { class: "browser-state" });
    this.sections = h("select", { "aria-label": "Sections by column" });
    this.text = h("select", { "aria-label": "Text column" });
    this.image = h("select", { "aria-label": "Image column" });
    this.style = h(
      "select", { "aria-label": "Cell style" },
      ["default", "subtitle", "value1", "value2"].map((style) => h("option", { value: style }, style)),
    );
    this.style.value = "subtitle";
    this.headers = h("input", { type: "text", placeholder: "Header titles, separated by |", "aria-label": "Header titles" });
    this.footers = h("input", { type: "text", placeholder: "Footer titles, separated by |", "aria-label": "Footer titles" });
    this.xpath = h("input", { type: "text", placeholder: "XML rows XPath, e.g. //entry", "aria-label": "XPath of the rows" });
    this.xmlColumns = h("input", { type: "text", placeholder: "XML columns, e.g. title,population", "aria-label": "XPath columns" });
    const isXMLFile = isXML(path);
    this.options = h(
      "form", { class: "table-options", "aria-label": "Table options" },
      h("label", {}, "Sections ", this.sections),
      h("label", {}, "Text ", this.text),
      h("label", {}, "Image ", this.image),
      h("label", {}, "Style ", this.style),
      this.headers,
      this.footers,
      isXMLFile ? this.xpath : null,
      isXMLFile ? this.xmlColumns : null,
      h("button", { type: "submit", class: "button" }, "Show"),
    );
    this.options.addEventListener("submit", (event) => {
      event.preventDefault();
      this.load();
    });
    for (const select of [this.sections, this.text, this.image, this.style]) select.addEventListener("change", () => this.load());
    this.editing = false;
    this.editButton = h("button", { type: "button", class: "button table-edit", "aria-pressed": "false", onclick: () => this.setEditing(!this.editing) }, "Edit");
    this.addButton = h("button", { type: "button", class: "button table-add", hidden: true, onclick: () => this.addRow() }, "Add Row");
    this.editBar = h("div", { class: "table-edit-bar", hidden: true }, this.addButton, this.editButton);
    this.table.delegate = {
      canDelete: () => this.editing,
      deleteLabel: (indexPath) => `Delete row ${indexPath.section}.${indexPath.row}`,
      commitDelete: (indexPath) => this.edit(() => TablesAPI.deleteRows(this.path, this.parameters, this.data.version, [dotted(indexPath)])),
      canMove: () => this.editing,
      moveRow: (from, to) => this.edit(() => TablesAPI.moveRow(this.path, this.parameters, this.data.version, dotted(from), dotted(to)), to),
    };
    this.element = h("section", { class: "table-file-viewer" }, this.options, this.editBar, this.state, this.table.element);
  }

  async open() {
    // The columns to choose from (an XML file's come from its XPaths, typed in).
    let columns = [];
    if (!isXML(this.path)) {
      try {
        columns = (await TablesAPI.read(this.path)).columns || [];
      } catch {
        // The table's own load below shows what is wrong with the file.
      }
    }
    const choices = (select, none) => {
      replace(select, h("option", { value: "" }, none), columns.map((column) => h("option", { value: column }, column)));
    };
    choices(this.sections, "(one section)");
    choices(this.text, "(first column)");
    choices(this.image, "(no images)");
    if (columns.includes("section")) this.sections.value = "section";
    if (columns.includes("image")) this.image.value = "image";
    const named = columns.find((column) => column === "name");
    if (named) this.text.value = named;
    await this.load();
  }

  async load({ quietly = false } = {}) {
    if (!quietly) replace(this.state, loadingState());
    this.table.setStyle(this.style.value);
    this.parameters = {
      sections: this.sections.value,
      text: this.text.value,
      image: this.image.value,
      style: this.style.value,
      header: this.headers.value.trim(),
      footer: this.footers.value.trim(),
      xpath: this.xpath.value.trim(),
      columns: this.xmlColumns.value.trim(),
    };
    try {
      this.data = await TablesAPI.read(this.path, this.parameters);
      this.state.replaceChildren();
      if (this.data.sections.every((section) => section.rows.length === 0)) replace(this.state, emptyState("This table has no rows"));
      this.editBar.hidden = !this.data.editable;
      if (!this.data.editable && this.editing) this.setEditing(false);
      this.table.reloadData();
    } catch (error) {
      this.data = { sections: [] };
      this.editBar.hidden = true;
      this.table.reloadData();
      replace(this.state, errorState(error, () => this.load()));
    }
  }

  /** Edit mode: each row's delete control and reorder handle, and Add Row. */
  setEditing(editing) {
    this.editing = editing && Boolean(this.data.editable);
    this.editButton.setAttribute("aria-pressed", this.editing ? "true" : "false");
    this.editButton.textContent = this.editing ? "Done" : "Edit";
    this.addButton.hidden = !this.editing;
    for (const control of this.options.elements) control.disabled = this.editing;
    this.table.setEditing(this.editing);
  }

  /**
   * Makes one edit (`change` sends it) and shows the table again; `focus` is the row to keep the
   * keyboard on. A file changed by someone else since it was shown is shown again, unedited.
   */
  async edit(change, focus = null) {
    try {
      const report = await change();
      this.data.version = report.version;
      await this.load({ quietly: true });
      if (focus) this.table.focusRow(focus);
      this.table.element.focus({ preventScroll: true });
      return true;
    } catch (error) {
      if (error.status === 412) {
        toast("The file changed since it was shown, so nothing was changed: here it is again.");
        await this.load({ quietly: true });
      } else {
        toast(error.sentence || error.message);
      }
      return false;
    }
  }

  /** Where Add Row puts a row: after the focused row, else at the end of the last section. */
  insertionPoint() {
    const focused = this.table.focusedIndexPath;
    if (focused && this.data.sections[focused.section]) return { section: focused.section, row: focused.row + 1 };
    const section = Math.max(0, this.data.sections.length - 1);
    return { section, row: this.data.sections[section] ? this.data.sections[section].rows.length : 0 };
  }

  /** The data-entry sheet: a field per column for a new row, saved at the insertion point. */
  async addRow() {
    const at = this.insertionPoint();
    const columns = this.data.columns || [];
    const sectionColumn = this.parameters.sections;
    const fields = columns.map((column) => {
      const bySection = sectionColumn !== "" && (column === sectionColumn || String(columns.indexOf(column) + 1) === sectionColumn);
      const input = h("input", { type: "text", class: "edit-field", "aria-label": column, dataset: { column } });
      if (bySection) {
        input.disabled = true;
        input.value = this.titleForHeader(at.section) || "";
        input.title = "A row takes the value of the section it is added to";
      }
      return { column, input };
    });
    const message = h("p", { class: "edit-error", role: "alert" });
    const header = this.titleForHeader(at.section);
    const where = `${at.row === 0 ? "At the top" : `After row ${at.row}`}${header ? ` of ${header}` : ""}`;
    const dialog = document.getElementById("edit-row-sheet");
    await runDialog(dialog, (finish) => {
      const save = async () => {
        const values = fields.map((field) => (field.input.disabled ? "" : field.input.value));
        try {
          const report = await TablesAPI.insertRow(this.path, this.parameters, this.data.version, dotted(at), values);
          this.data.version = report.version;
          finish(true);
          await this.load({ quietly: true });
          this.table.focusRow(at);
          this.table.element.focus({ preventScroll: true });
        } catch (error) {
          message.textContent = error.status === 412 ? "The file changed since it was shown: close this sheet to see it again." : error.sentence || error.message;
        }
      };
      const form = h(
        "form", { class: "edit-form", onsubmit: (event) => (event.preventDefault(), save()) },
        h("h2", { class: "sheet-title", id: "edit-row-title" }, `New row in ${this.path.split("/").pop()}`),
        h("p", { class: "edit-where" }, where),
        h(
          "div", { class: "edit-fields" },
          fields.map((field) => h("div", { class: "edit-row" }, h("label", { class: "edit-label" }, field.column), field.input)),
        ),
        message,
        h(
          "div", { class: "dialog-buttons" },
          h("button", { type: "button", class: "button", onclick: () => finish(null) }, "Cancel"),
          h("button", { type: "submit", class: "button primary" }, "Add"),
        ),
      );
      replace(dialog, form);
      queueMicrotask(() => (fields.find((field) => !field.input.disabled) || { input: form }).input.focus());
    });
  }

  numberOfSections() {
    return this.data.sections.length;
  }

  numberOfRows(section) {
    return this.data.sections[section].rows.length;
  }

  titleForHeader(section) {
    return this.data.sections[section].header || null;
  }

  titleForFooter(section) {
    const entry = this.data.sections[section];
    return entry.footer || `${entry.rows.length.toLocaleString()} row${entry.rows.length === 1 ? "" : "s"}`;
  }

  configureCell(cell, { section, row }) {
    const entry = this.data.sections[section].rows[row];
    cell.title.textContent = entry.text || "";
    cell.subtitle.textContent = entry.detail || "";
    cell.element.dataset.indexPath = entry.indexPath;
    if (entry.imagePath) {
      const picture = thumbnailImage(entry.imagePath, { className: "icon cell-picture" });
      picture.alt = entry.image;
      cell.image.append(picture);
    } else if (entry.image) {
      cell.image.append(shapeImage(entry.image));
    }
  }

  async close() {}
}
