// The app's addresses: `#/page/argument`, where the argument is a path of percent-encoded parts.

/** "Documents/a b.txt" → "#/open/Documents/a%20b.txt". */
export function hashForPath(page, path) {
  return `#/${page}/` + path.split("/").filter(Boolean).map(encodeURIComponent).join("/");
}
