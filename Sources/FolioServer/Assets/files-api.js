// `/api/files/{path}`: the Home container's files — listings, attributes, bytes, uploads, new
// folders, moves, copies and deletion; `/api/zip`: several items as one zip.

import { APIError, getJSON, pathURL, query, request, send } from "./api-client.js";

function fileURL(path) {
  return pathURL("/api/files", path);
}

export const FilesAPI = {
  /** One page of a directory: `{entries, total}`. */
  list(path, { offset, limit } = {}) {
    return getJSON(fileURL(path) + query({ offset, limit }));
  },

  /** Every attribute of a file or directory: `{name, path, attributes}`. */
  stat(path) {
    return getJSON(fileURL(path) + "?stat=1");
  },

  /** The URL of a file's bytes, for links, frames and images. */
  rawURL(path) {
    return fileURL(path) + "?raw=1";
  },

  /** The first bytes of a file as text (`{status, headers, data}`, 206 when cut). */
  readText(path, byteCount) {
    return request(FilesAPI.rawURL(path), { headers: { Range: `bytes=0-${byteCount - 1}` }, as: "text" });
  },

  /** Changes attributes (`posixPermissions`, `modificationDate`, …); resolves to the new stat. */
  change(path, changes) {
    return send("PATCH", fileURL(path), changes);
  },

  /** Makes a directory. */
  makeDirectory(path) {
    return send("POST", fileURL(path) + "?mkdir=1");
  },

  /** Makes a directory and any missing parents; succeeds when it exists. */
  makeDirectories(path) {
    return send("POST", fileURL(path) + "?mkdir=1&parents=1");
  },

  /**
   * Uploads a file; resolves to `{path, name, attributes}`, with the name actually written.
   * Without `ifExists` a taken name fails (409 alreadyExists); "replace" or "keepBoth" say what to
   * do. `onProgress(sent, total)` follows the bytes; `signal` (an AbortSignal) cancels, and
   * nothing is written.
   */
  upload(path, file, { ifExists, onProgress, signal } = {}) {
    const url = fileURL(path) + (ifExists ? query({ ifExists }) : "?exclusive=1");
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("PUT", url);
      xhr.setRequestHeader("X-Folio-Request", "1");
      xhr.setRequestHeader("Content-Type", "application/octet-stream");
      xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
      xhr.onload = () => {
        let data = null;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          data = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(data);
        else reject(new APIError(xhr.status, data && data.error));
      };
      xhr.onerror = () => reject(new APIError(0, { code: "offline", message: "Folio is not answering" }));
      xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
      if (signal) {
        if (signal.aborted) return xhr.onabort();
        signal.addEventListener("abort", () => xhr.abort(), { once: true });
      }
      xhr.send(file);
    });
  },

  /** Moves or renames an item; resolves to `{from, to, name}` (the name taken, with keepBoth). */
  move(path, to, { ifExists } = {}) {
    return send("POST", fileURL(path) + query({ moveTo: to, ifExists }));
  },

  /** Copies an item (a folder with everything in it); resolves to `{from, to, name}`. */
  copy(path, to, { ifExists } = {}) {
    return send("POST", fileURL(path) + query({ copyTo: to, ifExists }));
  },

  /** Several items as one zip: resolves to `{blob, notIncluded}` (how many could not be read). */
  async zip(paths) {
    const reply = await request("/api/zip", { method: "POST", body: { paths }, as: "blob" });
    return { blob: reply.data, notIncluded: Number(reply.headers.get("X-Folio-Not-Included") || 0) };
  },

  /** Deletes a file, or a directory with everything in it when `recursive`. */
  remove(path, { recursive = false } = {}) {
    return send("DELETE", fileURL(path) + (recursive ? "?recursive=1" : ""));
  },
};
