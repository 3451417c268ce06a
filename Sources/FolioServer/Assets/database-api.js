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

function databaseURL(path) {
  return pathURL("/api/db", path);
}

export const DatabaseAPI = {
  /** The tables: `[{name, rows, columns: [{name, type}]}]`. */
  tables(path) {
    return getJSON(databaseURL(path) + "/tables");
  },

  /** One page of a table's rows: `{columns, rows}`. */
  rows(path, table, { offset, limit }) {
    return getJSON(`${databaseURL(path)}/tables/${encodeURIComponent(table)}/rows` + query({ offset, limit }), databaseJSON);
  },

  /** Runs a read-only query: `{columns, rows, isTruncated}`. */
  query(path, sql) {
    return send("POST", databaseURL(path) + "/query", { sql }, databaseJSON);
  },
};
