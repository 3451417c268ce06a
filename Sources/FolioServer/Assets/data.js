// Data as table views: table files (CSV, TSV, JSON, XML through /api/tables) with sections,
// headers, footers, cell styles and images, and SQLite databases (through /api/db) with their
// tables paged into a table view — BLOB images shown — and a read-only query box.

import { getJSON, pathURL, query, request, send } from "./api.js";
import { TableView } from "./tableview.js";
import { emptyState, errorState, formatSize, h, icon, loadingState, replace } from "./ui.js";

const SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon"];
const COLORS = 6;

/**
 * A cell image named in a table file. The bundle ships no pictures for the Simpsons sample, so —
 * as the book did for copyright reasons — each name gets a geometric shape of its own.
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

/** The first line of a CSV or TSV file, split into column names (for the options). */
async function columnsOf(path) {
  const extension = path.split(".").pop().toLowerCase();
  if (!["csv", "tsv"].includes(extension)) return [];
  try {
    const response = await request(pathURL("/api/files", path) + "?raw=1", { headers: { Range: "bytes=0-4095" }, as: "text" });
    const line = response.data.split(/\r?\n/)[0] || "";
    return line.split(extension === "tsv" ? "\t" : ",").map((name) => name.replace(/^"|"$/g, "").trim()).filter(Boolean);
  } catch {
    return [];
  }
}

/** A table file as a table view, with the options a data source has. */
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
    const isXML = path.toLowerCase().endsWith(".xml");
    this.options = h(
      "form", { class: "table-options", "aria-label": "Table options" },
      h("label", {}, "Sections ", this.sections),
      h("label", {}, "Text ", this.text),
      h("label", {}, "Image ", this.image),
      h("label", {}, "Style ", this.style),
      this.headers,
      this.footers,
      isXML ? this.xpath : null,
      isXML ? this.xmlColumns : null,
      h("button", { type: "submit", class: "button" }, "Show"),
    );
    this.options.addEventListener("submit", (event) => {
      event.preventDefault();
      this.load();
    });
    for (const select of [this.sections, this.text, this.image, this.style]) select.addEventListener("change", () => this.load());
    this.element = h("section", { class: "table-file-viewer" }, this.options, this.state, this.table.element);
  }

  async open() {
    const columns = await columnsOf(this.path);
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

  async load() {
    replace(this.state, loadingState());
    this.table.setStyle(this.style.value);
    const parameters = {
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
      this.data = await getJSON(pathURL("/api/tables", this.path) + query(parameters));
      this.state.replaceChildren();
      if (this.data.sections.every((section) => section.rows.length === 0)) replace(this.state, emptyState("This table has no rows"));
      this.table.reloadData();
    } catch (error) {
      this.data = { sections: [] };
      this.table.reloadData();
      replace(this.state, errorState(error, () => this.load()));
    }
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
    if (entry.image) cell.image.append(shapeImage(entry.image));
  }

  async close() {}
}

/**
 * A number from /api/db with the digits the server wrote: a REAL keeps its fraction (`2.0`) and
 * every REAL is already in the shortest form that reads back as the same double, so the text is
 * shown as it came. It still counts as its value in arithmetic.
 */
class DatabaseNumber {
  constructor(value, text) {
    this.value = value;
    this.text = text;
  }

  valueOf() {
    return this.value;
  }

  toString() {
    return this.text;
  }
}

/** Options for api.js that read the numbers of an /api/db answer as DatabaseNumbers. */
const databaseJSON = {
  reviver(key, value, context) {
    if (typeof value === "number" && context && typeof context.source === "string") return new DatabaseNumber(value, context.source);
    return value;
  },
};

/** Whether a value from /api/db is a number: an INTEGER, a REAL, or {"real": "Infinity"}. */
function isNumber(value) {
  return typeof value === "number" || value instanceof DatabaseNumber || (value !== null && typeof value === "object" && typeof value.real === "string");
}

/** Whether a value from /api/db is a BLOB reference {"blob": size, "media": type, "url": …}. */
function isBlob(value) {
  return value !== null && typeof value === "object" && "blob" in value;
}

/** A value from /api/db as text: NULL and BLOBs are said so they cannot be mistaken for text. */
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
    this.rows.delegate = { visibleRowsChanged: (ranges) => this.fetchVisible(ranges) };
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

  get base() {
    return pathURL("/api/db", this.path);
  }

  async open() {
    replace(this.state, loadingState());
    try {
      this.tables = await getJSON(this.base + "/tables");
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
      const answer = await getJSON(`${this.base}/tables/${encodeURIComponent(this.selected.name)}/rows` + query({ offset: page * 100, limit: 100 }), databaseJSON);
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
      const answer = await send("POST", this.base + "/query", { sql }, databaseJSON);
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

/** The Data page's list: the databases in Library/Database and the table files Folio knows of. */
export async function findDataFiles() {
  const found = [];
  const listing = async (path) => {
    try {
      return (await getJSON(pathURL("/api/files", path) + "?limit=1000")).entries;
    } catch (error) {
      if (error.status === 404) return [];
      throw error;
    }
  };
  const isDatabase = (name) => /\.(db|sqlite3?)$/i.test(name);
  const isTable = (name) => /\.(csv|tsv|json|xml)$/i.test(name);
  for (const entry of await listing("Library/Database")) {
    if (entry.type === "regular" && isDatabase(entry.name)) found.push({ kind: "database", path: entry.path, entry });
  }
  const others = await getJSON("/api/documents" + query({ kind: "generic", limit: 1000 }));
  for (const document of others.page.documents) {
    if (isDatabase(document.name)) found.push({ kind: "database", path: document.path, entry: document });
    else if (isTable(document.name)) found.push({ kind: "table", path: document.path, entry: document });
  }
  for (const entry of await listing("Folio.app/Samples")) {
    if (entry.type === "regular" && isTable(entry.name)) found.push({ kind: "table", path: entry.path, entry });
  }
  return found;
}

/** The data viewer for a file, by its extension; null when it is not data. */
export function dataViewerFor(path) {
  const extension = (path.split(".").pop() || "").toLowerCase();
  if (["csv", "tsv", "json", "xml"].includes(extension)) return new TableFileViewer(path);
  if (["db", "sqlite", "sqlite3"].includes(extension)) return new DatabaseViewer(path);
  return null;
}
