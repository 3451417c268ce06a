// The page that shows one file of the container in its viewer, with a way back to Files.

import { hashForPath } from "./app-address.js";
import { errorState, h, replace } from "./ui.js";
import { viewerForPath } from "./viewer-for-path.js";

/** The page that shows one file (the web view, an image, a table, a database, text). */
export class OpenPage {
  /** `navigate(hash)` changes the address. */
  constructor(navigate) {
    this.viewer = null;
    this.title = h("h2", { class: "pane-title", id: "open-title" });
    this.body = h("div", { class: "detail-body" });
    this.element = h(
      "section", { class: "detail open-page", "aria-labelledby": "open-title" },
      h("div", { class: "pane-bar" }, h("button", { type: "button", class: "button back-button shown", onclick: () => navigate(hashForPath("files", this.path || "")) }, "‹ Files"), this.title),
      this.body,
    );
  }

  async show(path) {
    if (this.viewer) await this.viewer.close();
    this.path = path;
    this.title.textContent = path;
    this.viewer = viewerForPath(path);
    replace(this.body, this.viewer.element);
    try {
      await this.viewer.open();
    } catch (error) {
      replace(this.body, errorState(error, () => this.show(path)));
    }
  }
}
