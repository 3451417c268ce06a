// An SQLite database: its tables as tabs, a table's rows as a data grid (a column per field,
// sortable and resizable, every row reachable) or as a table view in one of its styles, exports
// as CSV or JSON, and a read-only query box whose results are a grid too.

import { DatabaseAPI, DatabaseNumber } from "./database-api.js";
import { DataGrid } from "./data-grid.js";
import { TableView } from "./table-view.js";
import { confirmAlert, emptyState, errorState, formatSize, h, icon, loadingState, replace, runDialog, toast } from "./ui.js";

/** Whether a value from DatabaseAPI is a number: an INTEGER, a REAL, or {"real": "Infinity"}. */
function isNumber(value) {
  return typeof value === "number" || value instanceof DatabaseNumber || (value !== null && typeof value === "object" && typeof value.real === "string");
}

/** Whether a value from DatabaseAPI is a BLOB reference {"blob": size, "media": type, "url": …}. */
function isBlob(value) {
  return value !== null && typeof value === "object" && "blob" in value;
}

/** A value from DatabaseAPI as text: NULL and BLOBs are said so they cannot be mistaken for text. */
function valueText(value) {
  if (value === null) return "NULL";
  if (isBlob(value)) return `BLOB ${formatSize(Number(value.blob))} (${value.media})`;
  if (value !== null && typeof value === "object" && typeof value.real === "string") return value.real;
  return String(value);
}

/** A value from DatabaseAPI as the JSON the edit routes take (numbers as numbers, REAL infinities as {real}). */
function plainValue(value) {
  if (value instanceof DatabaseNumber) return value.valueOf();
  return value;
}

/** Typed text as a value for a column: a number for a numeric column when it reads as one, else the text. */
function typedValue(text, type) {
  const affinity = String(type || "").toUpperCase();
  const numeric = /INT|REAL|FLOA|DOUB|NUM|DEC/.test(affinity);
  if (numeric && text.trim() !== "" && Number.isFinite(Number(text))) return Number(text);
  return text;
}

/** Whether an edited value is what the row held. */
function sameValue(original, value) {
  if (original === undefined) return false;
  if (original === null || value === null) return original === value;
  return valueText(original) === String(value);
}

/** A value as a grid cell shows it: NULL as a placeholder unlike any text, a BLOB image as itself. */
function cellContent(value, { row, column }) {
  if (value === null) return h("span", { class: "dg-null", title: "NULL (no value)" }, "NULL");
  if (isBlob(value) && value.url && value.media.startsWith("image/")) {
    return h("img", { class: "blob-image", src: value.url, alt: `${column} of row ${row + 1}`, loading: "lazy" });
  }
  return valueText(value);
}

/** The class of a grid cell: numbers align right, NULL and the empty text are marked apart. */
function cellClass(value) {
  if (value === null) return "null";
  if (value === "") return "empty";
  if (isBlob(value)) return "blob";
  return isNumber(value) ? "number" : null;
}

/** The sentence of an error, with the server's detail (SQLite's message, the SQL) folded away. */
function errorMessage(error) {
  const detail = error.userMessage && error.message && error.message !== error.userMessage ? error.message : null;
  return h(
    "div", { class: "query-error", role: "alert" },
    h("p", {}, error.sentence || error.message),
    detail ? h("details", { class: "error-detail" }, h("summary", {}, "Details"), h("code", {}, detail)) : null,
  );
}

/** An SQLite database: its tables, a table's rows as a grid or a table view, a query box. */
export class DatabaseViewer {
  constructor(path) {
    this.path = path;
    this.tables = [];
    this.selected = null;
    this.sort = null;
    this.view = "grid";
    this.total = 0;
    this.pages = new Map();
    this.generation = 0;
    this.tableList = h("div", { class: "db-tables", role: "tablist", "aria-label": "Tables" });
    this.grid = new DataGrid({
      label: "Rows",
      formatValue: cellContent,
      cellClass,
      delegate: {
        didActivate: (row, values, columns) => (this.editing ? this.editRow(row) : this.showRow(row, values, columns)),
        deleteRequested: (row) => {
          if (this.editing) this.deleteRow(row);
        },
        sortChanged: (sort) => {
          this.sort = sort;
          this.updateExports();
        },
        failed: (error) => replace(this.state, errorState(error, () => this.select(this.selected))),
      },
    });
    this.grid.element.classList.add("db-grid");
    this.list = new TableView({ label: "Rows", style: "subtitle", rowHeight: 72 });
    this.list.dataSource = this;
    this.list.delegate = {
      visibleRowsChanged: (ranges) => this.fetchVisible(ranges),
      didSelect: ({ row }) => {
        const page = this.pages.get(Math.floor(row / 100));
        const values = page && page.rows[row % 100];
        if (values) this.showRow(row, values, page.columns);
      },
    };
    this.list.element.hidden = true;
    this.viewChoice = h(
      "select", { class: "db-view", "aria-label": "Show rows as", onchange: () => this.setView(this.viewChoice.value) },
      h("option", { value: "grid" }, "Grid"),
      ["default", "subtitle", "value1", "value2"].map((style) => h("option", { value: style }, `List (${style})`)),
    );
    this.exportCSV = h("a", { class: "button db-export", download: "", dataset: { format: "csv" } }, "Export CSV");
    this.exportJSON = h("a", { class: "button db-export", download: "", dataset: { format: "json" } }, "Export JSON");
    this.editButton = h("button", { type: "button", class: "button db-edit", "aria-pressed": "false", onclick: () => this.setEditing(!this.editing) }, "Edit");
    this.addButton = h("button", { type: "button", class: "button db-add", hidden: true, onclick: () => this.editRow(null) }, "Add Row");
    this.editing = false;
    this.toolbar = h(
      "div", { class: "db-toolbar" },
      h("label", { class: "db-view-label" }, "Show ", this.viewChoice),
      this.addButton, this.editButton, this.exportCSV, this.exportJSON,
    );
    this.state = h("div", { class: "browser-state" });

    this.sql = h("textarea", { class: "sql", rows: 3, "aria-label": "SQL query", spellcheck: "false" });
    this.results = h("div", { class: "query-results", "aria-live": "polite" });
    this.resultGrid = new DataGrid({
      label: "Query results",
      formatValue: cellContent,
      cellClass,
      delegate: {
        didActivate: (row, values, columns) => this.showRow(row, values, columns, "Query result"),
        sortChanged: () => this.updateQueryExports(),
        failed: (error) => replace(this.results, errorMessage(error)),
      },
    });
    this.resultGrid.element.classList.add("query-grid");
    this.resultGrid.element.hidden = true;
    this.queryCSV = h("a", { class: "button db-export", download: "", dataset: { format: "csv" } }, "Export CSV");
    this.queryJSON = h("a", { class: "button db-export", download: "", dataset: { format: "json" } }, "Export JSON");
    this.queryExports = h("span", { class: "query-exports", hidden: true }, this.queryCSV, this.queryJSON);
    const run = h("button", { type: "submit", class: "button primary" }, "Run");
    const form = h(
      "form", { class: "query-box", "aria-label": "Query" },
      h("label", { class: "query-label" }, "Read-only query (Ctrl+Enter runs it; nothing can change the database here)"),
      this.sql,
      h("div", { class: "query-buttons" }, run, this.queryExports),
      this.results,
      this.resultGrid.element,
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.runQuery();
    });
    this.sql.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
        event.preventDefault();
        this.runQuery();
      }
    });
    this.element = h(
      "section", { class: "database-viewer" },
      this.tableList,
      this.toolbar,
      this.state,
      this.grid.element,
      this.list.element,
      form,
    );
  }

  async open() {
    replace(this.state, loadingState());
    try {
      this.tables = await DatabaseAPI.tables(this.path);
      replace(
        this.tableList,
        this.tables.map((table) =>
          h(
            "button", { type: "button", role: "tab", class: "button db-table-button", "aria-selected": "false", dataset: { table: table.name }, onclick: () => this.select(table) },
            icon("table", "icon small"),
            h("span", {}, table.name),
            h("span", { class: "db-table-count" }, `${table.rows.toLocaleString()} rows`),
          ),
        ),
      );
      if (this.tables.length === 0) {
        replace(this.state, emptyState("This database has no tables"));
        return;
      }
      this.sql.value = `SELECT * FROM "${this.tables[0].name.replaceAll('"', '""')}" LIMIT 10`;
      await this.select(this.tables[0]);
    } catch (error) {
      replace(this.state, errorState(error, () => this.open()));
    }
  }

  /** Edit mode (tables shown as a grid): a row opens as a form, Add Row inserts, Delete deletes. */
  setEditing(editing) {
    this.editing = editing && this.selected && this.selected.kind === "table";
    this.editButton.setAttribute("aria-pressed", this.editing ? "true" : "false");
    this.editButton.textContent = this.editing ? "Done" : "Edit";
    this.addButton.hidden = !this.editing;
    this.grid.element.classList.toggle("editing", this.editing);
    if (this.editing && this.view !== "grid") {
      this.viewChoice.value = "grid";
      this.setView("grid");
    }
  }

  /** How Edit mode names a row: its rowid, or a table WITHOUT ROWID's primary key. */
  keyOf(row) {
    const info = this.grid.rowInfo(row);
    if (!info || !info.values) return null;
    if (info.answer.rowids) return { rowid: Number(info.answer.rowids[info.index]) };
    const keyColumns = this.selected.columns.filter((column) => column.isPrimaryKey).map((column) => column.name);
    if (keyColumns.length === 0) return null;
    const primaryKey = {};
    for (const name of keyColumns) primaryKey[name] = plainValue(info.values[info.answer.columns.indexOf(name)]);
    return { primaryKey };
  }

  /** Opens the data-entry sheet: a field per column, for the row `row` or (null) a new row. */
  async editRow(row) {
    const info = row === null ? null : this.grid.rowInfo(row);
    if (row !== null && (!info || !info.values)) return;
    const key = row === null ? null : this.keyOf(row);
    if (row !== null && !key) {
      toast("This row cannot be named for editing (its table has neither rowids nor a primary key).");
      return;
    }
    const dialog = document.getElementById("edit-row-sheet");
    const columns = this.selected.columns;
    const fields = columns.map((column) => {
      const index = info ? info.answer.columns.indexOf(column.name) : -1;
      const value = index >= 0 ? info.values[index] : undefined;
      const input = h("input", { type: "text", class: "edit-field", "aria-label": column.name, dataset: { column: column.name } });
      const isNull = h("input", { type: "checkbox", class: "edit-null", "aria-label": `${column.name} is NULL` });
      if (value === null) isNull.checked = true;
      else if (value !== undefined && !isBlob(value)) input.value = valueText(value);
      if (isBlob(value)) {
        input.disabled = true;
        isNull.disabled = true;
        input.value = valueText(value);
      }
      isNull.addEventListener("change", () => {
        input.disabled = isNull.checked;
      });
      input.disabled = input.disabled || isNull.checked;
      return { column, input, isNull, original: value };
    });
    const message = h("p", { class: "edit-error", role: "alert" });
    const title = row === null ? `New row in ${this.selected.name}` : `${this.selected.name} · row ${(row + 1).toLocaleString()}`;
    const saved = await runDialog(dialog, (finish) => {
      const save = async () => {
        const values = {};
        for (const field of fields) {
          if (field.input.disabled && !field.isNull.checked) continue;
          const value = field.isNull.checked ? null : typedValue(field.input.value, field.column.type);
          if (row === null && !field.isNull.checked && field.input.value === "") continue;
          if (row !== null && sameValue(field.original, value)) continue;
          values[field.column.name] = value;
        }
        try {
          if (row === null) await DatabaseAPI.insertRow(this.path, this.selected.name, values);
          else if (Object.keys(values).length > 0) await DatabaseAPI.updateRow(this.path, this.selected.name, key, values);
          finish(true);
        } catch (error) {
          message.textContent = error.sentence || error.message;
        }
      };
      const form = h(
        "form", { class: "edit-form", onsubmit: (event) => (event.preventDefault(), save()) },
        h("h2", { class: "sheet-title", id: "edit-row-title" }, title),
        h(
          "div", { class: "edit-fields" },
          fields.map((field) =>
            h(
              "div", { class: "edit-row" },
              h("label", { class: "edit-label" }, field.column.name, h("span", { class: "edit-type" }, field.column.type)),
              field.input,
              h("label", { class: "edit-null-label" }, field.isNull, "NULL"),
            ),
          ),
        ),
        message,
        h(
          "div", { class: "dialog-buttons" },
          row === null ? null : h("button", { type: "button", class: "button destructive edit-delete", onclick: () => finish("delete") }, "Delete Row"),
          h("button", { type: "button", class: "button", onclick: () => finish(null) }, "Cancel"),
          h("button", { type: "submit", class: "button primary" }, row === null ? "Add" : "Save"),
        ),
      );
      replace(dialog, form);
      queueMicrotask(() => (fields.find((field) => !field.input.disabled) || fields[0]).input.focus());
    });
    if (saved === "delete") await this.deleteRow(row);
    else if (saved) await this.changed(row === null ? 1 : 0);
  }

  /** Deletes a row once the person confirms it. */
  async deleteRow(row) {
    const key = this.keyOf(row);
    if (!key) return;
    const info = this.grid.rowInfo(row);
    const label = info.values.map(valueText).slice(0, 3).join(", ");
    const confirmed = await confirmAlert({
      title: "Delete this row?",
      message: `Row ${(row + 1).toLocaleString()} of ${this.selected.name} (${label}) will be deleted. This cannot be undone.`,
      confirm: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await DatabaseAPI.deleteRow(this.path, this.selected.name, key);
      await this.changed(-1);
    } catch (error) {
      toast(error.sentence || error.message);
    }
  }

  /** After an edit: the rows again where they were, and the counts. */
  async changed(delta) {
    this.selected.rows += delta;
    const count = this.tableList.querySelector(`.db-table-button[data-table="${CSS.escape(this.selected.name)}"] .db-table-count`);
    if (count) count.textContent = `${this.selected.rows.toLocaleString()} rows`;
    await this.grid.reload({ keepPosition: true });
  }

  async select(table) {
    if (this.editing && table.kind !== "table") this.setEditing(false);
    this.editButton.disabled = table.kind !== "table";
    this.selected = table;
    this.sort = null;
    this.generation += 1;
    this.pages = new Map();
    this.total = table.rows;
    for (const button of this.tableList.querySelectorAll(".db-table-button")) {
      button.setAttribute("aria-selected", button.dataset.table === table.name ? "true" : "false");
    }
    replace(this.state, h("p", { class: "pane-note" }, `${table.name}: ${table.rows.toLocaleString()} rows · ${table.columns.map((column) => `${column.name} ${column.type}`.trim()).join(", ")}`));
    this.updateExports();
    if (this.view === "grid") {
      await this.grid.show({ load: (request) => this.loadRows(request) });
    } else {
      this.list.reloadData();
      this.list.element.scrollTop = 0;
    }
  }

  /** A page of the selected table's rows for the grid, sorted on the server. */
  loadRows({ offset, limit, sort }) {
    return DatabaseAPI.rows(this.path, this.selected.name, { offset, limit, sort: sort && sort.column, order: sort && (sort.descending ? "desc" : "asc") });
  }

  setView(view) {
    this.view = view === "grid" ? "grid" : "list";
    this.grid.element.hidden = this.view !== "grid";
    this.list.element.hidden = this.view === "grid";
    if (this.view === "list") this.list.setStyle(view);
    if (this.selected) this.select(this.selected);
  }

  updateExports() {
    if (!this.selected) return;
    const sort = this.view === "grid" ? this.sort : null;
    for (const link of [this.exportCSV, this.exportJSON]) {
      link.href = DatabaseAPI.exportURL(this.path, this.selected.name, { format: link.dataset.format, sort: sort && sort.column, order: sort && (sort.descending ? "desc" : "asc") });
      link.setAttribute("download", `${this.selected.name}.${link.dataset.format}`);
    }
  }

  updateQueryExports() {
    const sort = this.resultGrid.sort;
    for (const link of [this.queryCSV, this.queryJSON]) {
      link.href = DatabaseAPI.queryExportURL(this.path, this.query, { format: link.dataset.format, sort: sort && sort.column, order: sort && (sort.descending ? "desc" : "asc") });
      link.setAttribute("download", `query.${link.dataset.format}`);
    }
  }

  numberOfSections() {
    return this.selected ? 1 : 0;
  }

  numberOfRows() {
    return this.total;
  }

  titleForHeader() {
    return this.selected ? this.selected.name : null;
  }

  titleForFooter() {
    return this.selected ? `${this.total.toLocaleString()} rows` : null;
  }

  configureCell(cell, { row }) {
    const page = this.pages.get(Math.floor(row / 100));
    const values = page && page.rows[row % 100];
    if (!values) {
      cell.element.classList.add("placeholder");
      cell.title.textContent = "Loading…";
      return;
    }
    const columns = page.columns;
    let titleIndex = values.findIndex((value) => !isBlob(value));
    if (titleIndex < 0) titleIndex = 0;
    cell.title.textContent = valueText(values[titleIndex]);
    cell.subtitle.textContent = columns
      .map((column, index) => (index === titleIndex ? null : `${column}: ${valueText(values[index])}`))
      .filter(Boolean)
      .join(" · ");
    const imageIndex = values.findIndex((value) => isBlob(value) && value.url && value.media.startsWith("image/"));
    if (imageIndex >= 0) {
      cell.image.append(h("img", { class: "blob-image", src: values[imageIndex].url, alt: `${columns[imageIndex]} of row ${row + 1}` }));
    } else {
      cell.image.append(icon("table"));
    }
  }

  /** A sheet with every column of a row and its whole value (a cell shows only what fits). */
  showRow(row, values, columns, title = this.selected.name) {
    const dialog = document.getElementById("row-sheet");
    dialog.querySelector(".sheet-title").textContent = `${title} · row ${(row + 1).toLocaleString()}`;
    replace(
      dialog.querySelector(".row-body"),
      h(
        "dl", { class: "attributes" },
        columns.map((column, index) => [
          h("dt", {}, column),
          h("dd", { class: values[index] === null ? "null-value" : values[index] === "" ? "empty-value" : null }, valueText(values[index])),
        ]),
      ),
    );
    runDialog(dialog, (finish) => {
      dialog.querySelector(".close-button").onclick = () => finish(null);
    });
  }

  fetchVisible(ranges) {
    for (const range of ranges) {
      for (let page = Math.floor(range.first / 100); page <= Math.floor(range.last / 100); page++) {
        if (!this.pages.has(page)) this.fetchPage(page);
      }
    }
  }

  async fetchPage(page) {
    const generation = this.generation;
    this.pages.set(page, null);
    try {
      const answer = await DatabaseAPI.rows(this.path, this.selected.name, { offset: page * 100, limit: 100 });
      if (generation !== this.generation) return;
      this.pages.set(page, answer);
      if (this.pages.size > 30) this.pages.delete(this.pages.keys().next().value);
      this.list.reloadVisible();
    } catch (error) {
      if (generation === this.generation) {
        this.pages.delete(page);
        replace(this.state, errorState(error, () => this.select(this.selected)));
      }
    }
  }

  async runQuery() {
    const sql = this.sql.value.trim();
    if (!sql) return;
    replace(this.results, loadingState("Running…"));
    this.resultGrid.element.hidden = true;
    this.queryExports.hidden = true;
    try {
      const first = await DatabaseAPI.query(this.path, sql, { offset: 0, limit: 100 });
      this.query = sql;
      const total = Number(first.total ?? first.rows.length);
      replace(this.results, h("p", { class: "pane-note query-count" }, `${total.toLocaleString()} row${total === 1 ? "" : "s"}`));
      if (first.columns.length === 0) return;
      this.resultGrid.element.hidden = false;
      this.queryExports.hidden = false;
      let pending = first;
      await this.resultGrid.show({
        load: ({ offset, limit, sort }) => {
          if (pending && offset === 0 && !sort) {
            const answer = pending;
            pending = null;
            return Promise.resolve(answer);
          }
          return DatabaseAPI.query(this.path, sql, { offset, limit, sort: sort && sort.column, order: sort && (sort.descending ? "desc" : "asc") });
        },
      });
      this.updateQueryExports();
    } catch (error) {
      replace(this.results, errorMessage(error));
    }
  }

  async close() {}
}
