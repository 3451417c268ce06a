// The viewers of files that are not documents Folio edits: the sandboxed web view, images and
// plain text. A viewer has `element`, `open()` and `close()`.

import { FilesAPI } from "./files-api.js";
import { emptyState, errorState, h, loadingState, replace } from "./ui.js";

/** An HTML file in a sandboxed frame: no scripts, an opaque origin, nothing of the app's. */
export class WebViewer {
  constructor(path) {
    this.path = path;
    this.element = h(
      "section", { class: "web-viewer", "aria-label": `Web view of ${path}` },
      h("p", { class: "viewer-note" }, "Shown in a sandbox: scripts in this page do not run, and it cannot reach Folio."),
      h("iframe", { class: "web-frame", sandbox: "", src: FilesAPI.rawURL(path), title: `Web page ${path}`, referrerpolicy: "no-referrer" }),
    );
  }

  async open() {}
  async close() {}
}

/** An image file. */
export class ImageViewer {
  constructor(path) {
    this.element = h("section", { class: "image-viewer" }, h("img", { src: FilesAPI.rawURL(path), alt: path }));
  }

  async open() {}
  async close() {}
}

/** Any other file: the first 256 KiB as text, and a download link. */
export class TextViewer {
  constructor(path) {
    this.path = path;
    this.body = h("div", { class: "text-viewer-body" }, loadingState());
    this.element = h(
      "section", { class: "text-viewer" },
      h("div", { class: "editor-bar" }, h("a", { class: "button", href: FilesAPI.rawURL(path), download: path.split("/").pop() }, "Download")),
      this.body,
    );
  }

  async open() {
    try {
      const response = await FilesAPI.readText(this.path, 262144);
      const text = response.data;
      if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096))) {
        replace(this.body, emptyState("This file is not text", "Download it to open it with another program."));
        return;
      }
      const truncated = response.status === 206 && response.headers.get("Content-Range") && !response.headers.get("Content-Range").endsWith(`/${text.length}`);
      replace(this.body, h("pre", { class: "text-content" }, text), truncated ? h("p", { class: "viewer-note" }, "Only the first 256 KiB are shown.") : null);
    } catch (error) {
      replace(this.body, errorState(error, () => this.open()));
    }
  }

  async close() {}
}
