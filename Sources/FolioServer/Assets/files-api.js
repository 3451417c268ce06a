// `/api/files/{path}`: the Home container's files — listings, attributes, bytes, uploads, new
// folders and deletion.

import { getJSON, pathURL, query, request, send } from "./api-client.js";

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

  /** The URL of an image's PNG thumbnail, `size` pixels; `version` makes a changed image's URL new. */
  thumbnailURL(path, { size, version } = {}) {
    return fileURL(path) + query({ thumbnail: size, v: version });
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

  /** Uploads a file to a path that must not exist yet. */
  upload(path, file) {
    return request(fileURL(path) + "?exclusive=1", { method: "PUT", body: file, headers: { "Content-Type": "application/octet-stream" }, as: "json" });
  },

  /** Deletes a file, or a directory with everything in it when `recursive`. */
  remove(path, { recursive = false } = {}) {
    return send("DELETE", fileURL(path) + (recursive ? "?recursive=1" : ""));
  },
};
