// A search field over the whole library, for the Documents and Files pages: results as you type
// (debounced; an answer to an older query is dropped), the matched words highlighted, a result
// opens its document or file, and Esc clears the field.
//
// Snippets arrive as plain text with highlights as UTF-16 offsets and lengths, the units of a
// JavaScript string; the marked words become <mark> elements built as nodes, never as HTML.

import { SearchAPI } from "./search-api.js";
import { formatDate, h, icon, iconForName, replace } from "./ui.js";

const DELAY = 150;
const LIMIT = 50;

/** The snippet as text nodes with the highlighted words in <mark>. */
export function snippetNodes(snippet, highlights) {
  const nodes = [];
  let position = 0;
  for (const { offset, length } of highlights || []) {
    if (offset < position || offset + length > snippet.length) continue;
    if (offset > position) nodes.push(document.createTextNode(snippet.slice(position, offset)));
    nodes.push(h("mark", {}, snippet.slice(offset, offset + length)));
    position = offset + length;
  }
  if (position < snippet.length) nodes.push(document.createTextNode(snippet.slice(position)));
  return nodes;
}

export class SearchField {
  /**
   * `delegate`: open(result) when a result is chosen; searching(active) when results replace
   * the page's list or it comes back. `label` names the field for assistive technology.
   */
  constructor(delegate, { label = "Search documents", id = "search-field" } = {}) {
    this.delegate = delegate;
    this.sequence = 0;
    this.controller = null;
    this.timer = 0;
    this.input = h("input", {
      type: "search",
      class: "search-input",
      id,
      placeholder: "Search",
      autocomplete: "off",
      spellcheck: "false",
      "aria-label": label,
      "aria-controls": `${id}-results`,
    });
    this.status = h("p", { class: "search-status", role: "status", "aria-live": "polite" });
    this.list = h("ul", { class: "search-results", id: `${id}-results`, "aria-label": "Search results" });
    this.results = h("div", { class: "search-panel", id: `${id}-panel`, hidden: true }, this.status, this.list);
    this.element = h("div", { class: "search" }, this.input);
    this.input.addEventListener("input", () => this.schedule());
    this.input.addEventListener("keydown", (event) => this.onFieldKey(event));
    this.list.addEventListener("keydown", (event) => this.onListKey(event));
  }

  /** Whether results are shown instead of the page's list. */
  get isActive() {
    return !this.results.hidden;
  }

  /** Empties the field and brings the page's list back. */
  clear() {
    clearTimeout(this.timer);
    this.sequence++;
    if (this.controller) this.controller.abort();
    this.controller = null;
    this.input.value = "";
    this.list.replaceChildren();
    this.status.textContent = "";
    this.setActive(false);
  }

  setActive(active) {
    if (this.results.hidden === !active) return;
    this.results.hidden = !active;
    if (this.delegate.searching) this.delegate.searching(active);
  }

  schedule() {
    clearTimeout(this.timer);
    if (!this.input.value.trim()) {
      this.clear();
      return;
    }
    this.timer = setTimeout(() => this.run(this.input.value), DELAY);
  }

  /** Asks for `text`; only the answer to the latest question is shown. */
  async run(text) {
    const sequence = ++this.sequence;
    if (this.controller) this.controller.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.setActive(true);
    this.status.textContent = "Searching…";
    try {
      const answer = await SearchAPI.search(text, { limit: LIMIT, signal: controller.signal });
      if (sequence !== this.sequence) return;
      this.show(answer.results);
    } catch (error) {
      if (error.name === "AbortError" || sequence !== this.sequence) return;
      this.list.replaceChildren();
      this.status.textContent = error.sentence || error.message;
      this.status.classList.add("search-error");
    }
  }

  show(results) {
    this.status.classList.remove("search-error");
    this.status.textContent = results.length === 0
      ? "No documents match."
      : `${results.length.toLocaleString()} ${results.length === 1 ? "result" : "results"}${results.length === LIMIT ? " (the best)" : ""}`;
    replace(this.list, results.map((result) => this.makeItem(result)));
  }

  makeItem(result) {
    const folder = result.path.split("/").slice(0, -1).join("/");
    const button = h(
      "button", { type: "button", class: "search-result", dataset: { path: result.path } },
      icon(iconForName(result.name), "icon small"),
      h(
        "span", { class: "search-text" },
        h("span", { class: "search-name" }, result.name),
        h("span", { class: "search-where" }, `${folder} · ${formatDate(result.modified, "short")}`),
        h("span", { class: "search-snippet" }, snippetNodes(result.snippet, result.highlights)),
      ),
    );
    button.addEventListener("click", () => this.delegate.open(result));
    return h("li", {}, button);
  }

  onFieldKey(event) {
    if (event.key === "Escape") {
      event.preventDefault();
      this.clear();
    } else if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(this.timer);
      const first = this.list.querySelector(".search-result");
      if (first) first.click();
      else if (this.input.value.trim()) this.run(this.input.value);
    } else if (event.key === "ArrowDown") {
      const first = this.list.querySelector(".search-result");
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  onListKey(event) {
    const buttons = [...this.list.querySelectorAll(".search-result")];
    const index = buttons.indexOf(document.activeElement);
    if (event.key === "Escape") {
      event.preventDefault();
      this.clear();
      this.input.focus();
    } else if (event.key === "ArrowDown" && index >= 0 && index < buttons.length - 1) {
      event.preventDefault();
      buttons[index + 1].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (index > 0) buttons[index - 1].focus();
      else this.input.focus();
    }
  }
}
