// `/api/documents`, `/api/current`, `/api/trash` and `/api/library`: the document library, as
// the server's DocumentsAPI serves it. Documents come back with their `kind` (drawing, note,
// generic, or folder for a folder of Documents/) as the library decides it; a document in a folder
// is named by its path (`Projects/Nested.txt`).

import { getJSON, pathURL, query, request, send } from "./api-client.js";

/** The URL of a document's contents: its path as one component (`Projects%2FNested.txt`), which no route's
 *  trailing word (`/rename`, `/prompts`) can be mistaken for. */
function contentsURL(name) {
  return "/api/documents/" + encodeURIComponent(name);
}

export const DocumentsAPI = {
  /** One page of the documents: `{page: {documents, total, …}, current}`. */
  list({ kind, sort, offset, limit, folder } = {}) {
    return getJSON("/api/documents" + query({ kind, sort, offset, limit, folder: folder || undefined }));
  },

  /** New: an untitled document of `kind` in `folder` (the top level when empty), made current. */
  create(kind, folder = "") {
    return send("POST", "/api/documents", { kind, folder });
  },

  /** New Folder: the folder `name` in `folder`; resolves to it. */
  createFolder(name, folder = "") {
    return send("POST", "/api/documents", { kind: "folder", name, folder });
  },

  /** Moves a document or folder into the folder `to` ("" for the top level); resolves to it. */
  move(name, to) {
    return send("POST", contentsURL(name) + "/move", { to });
  },

  /** A document's contents (`as`: "json" for a drawing, "text" for a note) and their version. */
  async read(name, as) {
    const response = await request(contentsURL(name), { as });
    return { contents: response.data, version: response.headers.get("ETag") };
  },

  /** The version on disk now, without the contents; null when the document is gone. */
  async version(name) {
    try {
      const response = await request(contentsURL(name), { method: "HEAD", as: "text" });
      return response.headers.get("ETag");
    } catch (error) {
      if (error.status === 404) return null;
      throw error;
    }
  },

  /**
   * Saves `body` against `basedOn`; throws APIError 412 when the document changed since — or,
   * with `onConflict: "keepBoth"`, saves it as a new document beside it (the one returned).
   * `keepalive` lets the save finish after the page is gone.
   */
  async save(name, body, { basedOn, contentType, onConflict, keepalive } = {}) {
    const headers = { "If-Match": basedOn || '""' };
    if (contentType) headers["Content-Type"] = contentType;
    const response = await request(contentsURL(name) + query({ onConflict }), { method: "PUT", body, headers, as: "json", keepalive });
    return { document: response.data, version: response.headers.get("ETag") };
  },

  /** The Send PDF sheet's draft: `{attachment: {name, size}, subject, isConfigured, from, problem}`. */
  sendDraft(name) {
    return getJSON(contentsURL(name) + "/send");
  },

  /** Sends the document as a PDF attachment: `{to: [addresses], subject, message}`; resolves to the receipt. */
  send(name, body) {
    return send("POST", contentsURL(name) + "/send", body);
  },

  /** The document drawn as a PDF, as a Blob. */
  async pdf(name) {
    return (await request(contentsURL(name) + "/pdf", { as: "blob" })).data;
  },

  /** The rename sheet's and the delete alert's sentences. */
  prompts(name) {
    return getJSON(contentsURL(name) + "/prompts");
  },

  /** Renames to the title `to` (the extension is kept); resolves to the renamed document. */
  rename(name, to) {
    return send("POST", contentsURL(name) + "/rename", { to });
  },

  /** Moves a document to the trash: `{item, newCurrent}`. */
  delete(name) {
    return send("DELETE", contentsURL(name));
  },

  /** The current document. */
  current() {
    return getJSON("/api/current");
  },

  /** Makes `name` the current document; resolves to it. */
  select(name) {
    return send("PUT", "/api/current", { name });
  },

  /** Recently Deleted, newest first. */
  trash() {
    return getJSON("/api/trash");
  },

  /** Restores a trash item; resolves to the restored document. */
  restore(item) {
    return send("POST", pathURL("/api/trash", item.id) + "/restore");
  },

  /** Deletes one trash item for good; resolves to the item. */
  destroy(item) {
    return send("DELETE", pathURL("/api/trash", item.id));
  },

  /** Empties the trash: `{removed}`. */
  emptyTrash() {
    return send("DELETE", "/api/trash");
  },

  /** App Info's numbers: documents by kind and size, the trash, the current document. */
  library() {
    return getJSON("/api/library");
  },
};
