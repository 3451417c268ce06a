// `/api/tables/{path}`: a table file (CSV, TSV, JSON, XML) as a table view's sections and rows.

import { getJSON, pathURL, query } from "./api-client.js";

export const TablesAPI = {
  /**
   * The table with the data source's options: sections, text, image, style, header, footer,
   * xpath, columns. Resolves to `{sections: [{header, footer, rows}]}`.
   */
  read(path, options = {}) {
    return getJSON(pathURL("/api/tables", path) + query(options));
  },
};
