// An SQLite database: its tables as a list, a table's rows paged into a table view (BLOB images
// shown), and a read-only query box.

import { DatabaseAPI, DatabaseNumber } from "./database-api.js";
import { TableView } from "./table-view.js";
import { emptyState, errorState, formatSize, h, icon, loadingState, replace, runDialog } from "./ui.js";

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

/** An SQLite database: its tables as a list, a table's rows as a table view, a query box. */
export class DatabaseViewer {
  constructor(path) {
    this.path = path;
    this.tables = [];
    this.selected = null;
    this.total = 0;
    this.columns = [];
    this.pages = new Map();
    this.generation = 0;
    this.tableList = h("div", { class: "db-tables", role: "tablist", "aria-label": "Tables" });
    this.rows = new TableView({ label: "Rows", style: "subtitle", rowHeight: 72 });
    this.rows.dataSource = this;
    this.rows.delegate = {
      visibleRowsChanged: (ranges) => this.fetchVisible(ranges),
      didSelect: ({ row }) => this.showRow(row),
    };
    this.state = h("div", { class: "browser-state" });
    this.sql = h("textarea", { class: "sql", rows: 3, "aria-label": "SQL query", spellcheck: "false" });
    this.results = h("div", { class: "query-results", "aria-live": "polite" });
    const run = h("button", { type: "submit", class: "button primary" }, "Run");
    const form = h(
      "form", { class: "query-box", "aria-label": "Query" },
      h("label", { class: "query-label" }, "Read-only query (Ctrl+Enter runs it; nothing can change the database here)"),
      this.sql,
      h("div", { class: "query-buttons" }, run),
      this.results,
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
      this.state,
      this.rows.element,
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

  async select(table) {
    this.selected = table;
    this.generation += 1;
    this.pages = new Map();
    this.total = table.rows;
    this.columns = table.columns.map((column) => column.name);
    for (const button of this.tableList.querySelectorAll(".db-table-button")) {
      button.setAttribute("aria-selected", button.dataset.table === table.name ? "true" : "false");
    }
    replace(this.state, h("p", { class: "pane-note" }, `${table.name}: ${table.rows.toLocaleString()} rows · ${table.columns.map((column) => `${column.name} ${column.type}`.trim()).join(", ")}`));
    this.rows.reloadData();
    this.rows.element.scrollTop = 0;
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
  showRow(row) {
    const page = this.pages.get(Math.floor(row / 100));
    const values = page && page.rows[row % 100];
    if (!values) return;
    const dialog = document.getElementById("row-sheet");
    dialog.querySelector(".sheet-title").textContent = `${this.selected.name} · row ${(row + 1).toLocaleString()}`;
    replace(
      dialog.querySelector(".row-body"),
      h(
        "dl", { class: "attributes" },
        page.columns.map((column, index) => [
          h("dt", {}, column),
          h("dd", { class: values[index] === null ? "null-value" : null }, valueText(values[index])),
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
      this.rows.reloadVisible();
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
    try {
      const answer = await DatabaseAPI.query(this.path, sql);
      const table = h(
        "table", { class: "grid" },
        h("thead", {}, h("tr", {}, answer.columns.map((column) => h("th", { scope: "col" }, column)))),
        h(
          "tbody", {},
          answer.rows.map((values) =>
            h(
              "tr", {},
              values.map((value) => h("td", { class: value === null ? "null" : isNumber(value) ? "number" : null }, valueText(value))),
            ),
          ),
        ),
      );
      replace(
        this.results,
        h("p", { class: "pane-note" }, `${answer.rows.length} row${answer.rows.length === 1 ? "" : "s"}${answer.isTruncated ? " (only the first 1,000 are shown)" : ""}`),
        answer.columns.length > 0 ? h("div", { class: "grid-frame" }, table) : null,
      );
    } catch (error) {
      replace(this.results, h("p", { class: "query-error", role: "alert" }, error.sentence || error.message));
    }
  }

  async close() {}
}
