// `/api/db/{path}`: an SQLite database's tables, a table's rows a page at a time, and read-only
// queries. Numbers come back as DatabaseNumbers, which keep the digits the server wrote.

import { getJSON, pathURL, query, send } from "./api-client.js";

/**
 * A number from /api/db with the digits the server wrote: a REAL keeps its fraction (`2.0`) and
 * every REAL is already in the shortest form that reads back as the same double, so the text is
 * shown as it came. It still counts as its value in arithmetic.
 */
export class DatabaseNumber {
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

/** Options for the API client that read the numbers of an answer as DatabaseNumbers. */
const databaseJSON = {
  reviver(key, value, context) {
    if (typeof value === "number" && context && typeof context.source === "string") return new DatabaseNumber(value, context.source);
    return value;
  },
};

/** The query that names a row: `?rowid=N`, or `?key={…}` with a primary key's values. */
function keyQuery(key) {
  return "rowid" in key ? query({ rowid: key.rowid }) : query({ key: JSON.stringify(key.primaryKey) });
}

function databaseURL(path) {
  return pathURL("/api/db", path);
}

export const DatabaseAPI = {
  /** The tables: `[{name, rows, columns: [{name, type}]}]`. */
  tables(path) {
    return getJSON(databaseURL(path) + "/tables");
  },

  /** One page of a table's rows, sorted by `sort` (a column) in `order` (asc or desc): `{columns, rows, total}`. */
  rows(path, table, { offset, limit, sort, order }) {
    return getJSON(`${databaseURL(path)}/tables/${encodeURIComponent(table)}/rows` + query({ offset, limit, sort, order }), databaseJSON);
  },

  /** One page of a read-only query's rows: `{columns, rows, total, isTruncated}` (isTruncated: more follow). */
  query(path, sql, { offset, limit, sort, order } = {}) {
    const body = { sql, offset, limit };
    if (sort) Object.assign(body, { sort, order });
    return send("POST", databaseURL(path) + "/query", body, databaseJSON);
  },

  /** Inserts a row `{column: value}` in one transaction: `{rowid}`. */
  insertRow(path, table, values) {
    return send("POST", `${databaseURL(path)}/tables/${encodeURIComponent(table)}/rows`, { values });
  },

  /** Changes a row's values; `key` is `{rowid}` or `{primaryKey: {column: value}}` (a table WITHOUT ROWID). */
  updateRow(path, table, key, values) {
    return send("PATCH", `${databaseURL(path)}/tables/${encodeURIComponent(table)}/rows` + keyQuery(key), { values });
  },

  /** Deletes a row named as `updateRow` names it. */
  deleteRow(path, table, key) {
    return send("DELETE", `${databaseURL(path)}/tables/${encodeURIComponent(table)}/rows` + keyQuery(key));
  },

  /** The address of a table's export as CSV or JSON (a download). */
  exportURL(path, table, { format, sort, order }) {
    return `${databaseURL(path)}/tables/${encodeURIComponent(table)}/export` + query({ format, sort, order });
  },

  /** The address of a read-only query's export as CSV or JSON (a download). */
  queryExportURL(path, sql, { format, sort, order }) {
    return `${databaseURL(path)}/export` + query({ sql, format, sort, order });
  },
};
