// `/api/tables/{path}`: a table file (CSV, TSV, JSON, XML) as a table view's sections and rows,
// and Edit mode's changes to it: each names rows by index path in the view `options` describe,
// and is made only over the `version` the rows were read at (412 when the file changed since).

import { getJSON, pathURL, query, send } from "./api-client.js";

const tableURL = (path) => pathURL("/api/tables", path);
const ifMatch = (version) => ({ headers: { "If-Match": `"${version}"` } });

export const TablesAPI = {
  /**
   * The table with the data source's options: sections, text, image, style, header, footer,
   * xpath, columns. Resolves to `{columns, version, editable, sections: [{header, footer, rows}]}`.
   */
  read(path, options = {}) {
    return getJSON(tableURL(path) + query(options));
  },

  /** Inserts a row of `values` (one per column) at `at` ("section.row"): the edit's report, with the new version. */
  insertRow(path, options, version, at, values) {
    return send("POST", tableURL(path) + "/rows" + query(options), { at, values }, ifMatch(version));
  },

  /** Deletes the rows at the index paths `paths`. */
  deleteRows(path, options, version, paths) {
    return send("DELETE", tableURL(path) + "/rows" + query(Object.assign({}, options, { at: paths.join(",") })), undefined, ifMatch(version));
  },

  /** Moves the row at `from` to `to` (its index path afterwards). */
  moveRow(path, options, version, from, to) {
    return send("POST", tableURL(path) + "/rows/move" + query(options), { from, to }, ifMatch(version));
  },
};
