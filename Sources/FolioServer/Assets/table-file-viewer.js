// A table file (CSV, TSV, JSON, XML) as a table view with sections, headers, footers, cell styles
// and images, and the options a data source has.

import { FilesAPI } from "./files-api.js";
import { TablesAPI } from "./tables-api.js";
import { TableView } from "./table-view.js";
import { thumbnailImage } from "./thumbnail-image.js";
import { emptyState, errorState, h, loadingState, replace } from "./ui.js";

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

/** The first line of a CSV or TSV file, split into column names (for the options). */
async function columnsOf(path) {
  const extension = path.split(".").pop().toLowerCase();
  if (!["csv", "tsv"].includes(extension)) return [];
  try {
    const response = await FilesAPI.readText(path, 4096);
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
      this.data = await TablesAPI.read(this.path, parameters);
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
