// The viewer for a file in the container, chosen by its name: the web view, an image, a table
// file, a database, or text.

import { DatabaseViewer } from "./database-viewer.js";
import { ImageViewer, TextViewer, WebViewer } from "./file-viewers.js";
import { TableFileViewer } from "./table-file-viewer.js";

/** The viewer for a file in the container, chosen by its name. */
export function viewerForPath(path) {
  const name = path.split("/").pop();
  const extension = (name.includes(".") ? name.split(".").pop() : "").toLowerCase();
  if (["html", "htm"].includes(extension)) return new WebViewer(path);
  if (["png", "jpg", "jpeg", "gif", "webp", "svg"].includes(extension)) return new ImageViewer(path);
  if (["csv", "tsv", "json", "xml"].includes(extension)) return new TableFileViewer(path);
  if (["db", "sqlite", "sqlite3"].includes(extension)) return new DatabaseViewer(path);
  return new TextViewer(path);
}
