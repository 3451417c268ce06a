// The Data page: the databases and table files Folio knows of, each opened beside the list.

import { hashForPath } from "./app-address.js";
import { DocumentsAPI } from "./documents-api.js";
import { FilesAPI } from "./files-api.js";
import { TableView } from "./table-view.js";
import { emptyState, errorState, h, icon, loadingState, replace } from "./ui.js";
import { viewerForPath } from "./viewer-for-path.js";

/** The Data page's list: the databases in Library/Database and the table files Folio knows of. */
async function findDataFiles() {
  const found = [];
  const listing = async (path) => {
    try {
      return (await FilesAPI.list(path, { limit: 1000 })).entries;
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
  const others = await DocumentsAPI.list({ kind: "generic", limit: 1000 });
  for (const document of others.page.documents) {
    if (isDatabase(document.name)) found.push({ kind: "database", path: document.path, entry: document });
    else if (isTable(document.name)) found.push({ kind: "table", path: document.path, entry: document });
  }
  for (const entry of await listing("Folio.app/Samples")) {
    if (entry.type === "regular" && isTable(entry.name)) found.push({ kind: "table", path: entry.path, entry });
  }
  return found;
}

/** The Data page: databases and table files, each opened beside the list. */
export class DataPage {
  /** `navigate(hash)` changes the address. */
  constructor(navigate) {
    this.files = [];
    this.viewer = null;
    this.list = new TableView({ label: "Data", style: "subtitle", rowHeight: 60 });
    this.list.dataSource = {
      numberOfSections: () => this.sections().length,
      numberOfRows: (section) => this.sections()[section].items.length,
      titleForHeader: (section) => this.sections()[section].title,
      titleForFooter: () => null,
      configureCell: (cell, indexPath) => {
        const item = this.sections()[indexPath.section].items[indexPath.row];
        cell.image.append(icon(item.kind === "database" ? "database" : "table"));
        cell.title.textContent = item.path.split("/").pop();
        cell.subtitle.textContent = item.path;
        cell.element.dataset.name = item.path;
      },
    };
    this.list.delegate = {
      didSelect: (indexPath) => navigate(hashForPath("data", this.sections()[indexPath.section].items[indexPath.row].path)),
    };
    this.state = h("div", { class: "browser-state" });
    this.title = h("h2", { class: "pane-title", id: "data-title" });
    this.body = h("div", { class: "detail-body" }, emptyState("Choose a database or a table file"));
    this.element = h(
      "div", { class: "split data-split" },
      h("section", { class: "browser", "aria-label": "Data files" }, h("div", { class: "pane-bar" }, h("h2", { class: "pane-title" }, "Data")), this.state, this.list.element),
      h(
        "section", { class: "detail", "aria-labelledby": "data-title" },
        h("div", { class: "pane-bar" }, h("button", { type: "button", class: "button back-button", onclick: () => navigate("#/data") }, "‹ Data"), this.title),
        this.body,
      ),
    );
  }

  sections() {
    return [
      { title: "Databases", items: this.files.filter((item) => item.kind === "database") },
      { title: "Table files", items: this.files.filter((item) => item.kind === "table") },
    ].filter((section) => section.items.length > 0);
  }

  async show(path) {
    this.element.classList.toggle("showing-detail", Boolean(path));
    if (this.files.length === 0) {
      replace(this.state, loadingState());
      try {
        this.files = await findDataFiles();
        replace(this.state, this.files.length === 0 ? emptyState("No databases or table files", "Put one in Documents/ or Library/Database/.") : "");
        this.list.reloadData();
      } catch (error) {
        replace(this.state, errorState(error, () => this.show(path)));
      }
    }
    if (!path) return;
    if (this.viewer) await this.viewer.close();
    this.title.textContent = path;
    this.viewer = viewerForPath(path);
    replace(this.body, this.viewer.element);
    await this.viewer.open();
  }
}
