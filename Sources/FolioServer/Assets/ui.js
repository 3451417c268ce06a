// Small pieces every view uses: building elements (text is always set as text, never parsed as
// HTML), icons, sizes and dates, toasts with an action, dialogs, and the error state.

/**
 * Creates an element: `h("button", {class: "primary", onclick}, "Save")`. Strings become text
 * nodes; attributes starting with "on" become listeners; `dataset` and `aria` objects are spread.
 */
export function h(tag, attributes = {}, ...children) {
  const element = tag.startsWith("svg:")
    ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(element.dataset, value);
    } else if (key === "text") {
      element.textContent = value;
    } else if (key === "class") {
      element.setAttribute("class", value);
    } else if (value === true) {
      element.setAttribute(key, "");
    } else {
      element.setAttribute(key, String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Removes every child of `element` and adds `children`. */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

const iconNames = new Set([
  "drawing", "note", "document", "folder", "file", "table", "database", "image", "web", "track", "app", "trash",
]);

/** An icon from the app's assets (decorative: the row's text says what it is). */
export function icon(name, className = "icon") {
  const known = iconNames.has(name) ? name : "file";
  return h("img", { class: className, src: `/assets/icon-${known}.svg`, alt: "", width: 28, height: 28 });
}

/** The icon for a file name or a directory. */
export function iconForName(name, type) {
  if (type === "directory") return name.endsWith(".app") ? "app" : "folder";
  const extension = (name.split(".").pop() || "").toLowerCase();
  if (extension === "dudeldoc") return "drawing";
  if (["txt", "md", "log"].includes(extension)) return "note";
  if (["png", "jpg", "jpeg", "gif", "webp", "svg"].includes(extension)) return "image";
  if (["html", "htm"].includes(extension)) return "web";
  if (["csv", "tsv", "json", "xml"].includes(extension)) return "table";
  if (["db", "sqlite", "sqlite3"].includes(extension)) return "database";
  if (extension === "gpx") return "track";
  return "file";
}

/**
 * A size as `folio` prints it (one unit system for the CLI and the app, IEC binary units):
 * 22 → "22 B", 1536 → "1.5 KiB", 1234567 → "1.2 MiB"; one decimal below 10, whole numbers above.
 */
export function formatSize(bytes) {
  if (bytes === null || bytes === undefined) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded} ${units[unit]}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const longDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const shortDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "short" });

/** An ISO date as a person reads it; `style` is "medium" (default), "long" or "short". */
export function formatDate(iso, style = "medium") {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const format = style === "long" ? longDateFormat : style === "short" ? shortDateFormat : dateFormat;
  return format.format(date);
}

/**
 * Shows a message at the bottom for a while, with an optional action button (e.g. Undo). The
 * time stops while the pointer is on the message or the keyboard focus is in it, so an Undo
 * cannot vanish from under a person reaching for it.
 */
export function toast(message, { action, onAction, duration = 10000 } = {}) {
  const region = document.getElementById("toasts");
  const text = h("span", { class: "toast-text" }, message);
  const close = h("button", { class: "toast-close", "aria-label": "Dismiss", type: "button" }, "×");
  const item = h("div", { class: "toast", role: "status" }, text);
  let timer = 0;
  let remaining = duration;
  let startedAt = 0;
  let hovered = false;
  let focused = false;
  const dismiss = () => {
    clearTimeout(timer);
    item.remove();
  };
  const run = () => {
    startedAt = Date.now();
    timer = setTimeout(dismiss, remaining);
  };
  const hold = (change) => {
    const wasHeld = hovered || focused;
    change();
    const isHeld = hovered || focused;
    if (isHeld && !wasHeld) {
      clearTimeout(timer);
      remaining = Math.max(2000, remaining - (Date.now() - startedAt));
    } else if (!isHeld && wasHeld) {
      run();
    }
  };
  item.addEventListener("mouseenter", () => hold(() => (hovered = true)));
  item.addEventListener("mouseleave", () => hold(() => (hovered = false)));
  item.addEventListener("focusin", () => hold(() => (focused = true)));
  item.addEventListener("focusout", (event) => hold(() => (focused = item.contains(event.relatedTarget))));
  if (action) {
    const button = h("button", { class: "toast-action", type: "button" }, action);
    button.addEventListener("click", async () => {
      dismiss();
      try {
        await onAction();
      } catch (error) {
        toast(error.sentence || error.message);
      }
    });
    item.append(button);
  }
  item.append(close);
  close.addEventListener("click", dismiss);
  region.append(item);
  run();
  return dismiss;
}

/** Opens a <dialog> modally; resolves with the value passed to `finish`, or null on Escape. */
export function runDialog(dialog, setup) {
  // The control that opened the dialog gets the focus back, if it is still there to take it.
  const opener = document.activeElement;
  return new Promise((resolve) => {
    let done = false;
    const finish = (value) => {
      if (done) return;
      done = true;
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected && opener.checkVisibility()) {
        if (!dialog.contains(document.activeElement) || document.activeElement === document.body) opener.focus();
      }
      resolve(value);
    };
    const onCancel = (event) => {
      event.preventDefault();
      finish(null);
    };
    dialog.addEventListener("cancel", onCancel);
    setup(finish);
    dialog.showModal();
  });
}

/**
 * An alert with a title, a message and two buttons; resolves true for the second one.
 * The first (safe) button has the focus, so Enter does not destroy anything by accident.
 */
export function confirmAlert({ title, message, cancel = "Cancel", confirm = "OK", destructive = false }) {
  const dialog = document.getElementById("confirm-alert");
  return runDialog(dialog, (finish) => {
    const cancelButton = h("button", { type: "button", class: "button", onclick: () => finish(false) }, cancel);
    const confirmButton = h(
      "button", { type: "button", class: destructive ? "button destructive" : "button primary", onclick: () => finish(true) },
      confirm,
    );
    replace(
      dialog,
      h("h2", { id: "confirm-alert-title" }, title),
      h("p", { id: "confirm-alert-message" }, message),
      h("div", { class: "dialog-buttons" }, cancelButton, confirmButton),
    );
    dialog.setAttribute("aria-labelledby", "confirm-alert-title");
    dialog.setAttribute("aria-describedby", "confirm-alert-message");
    queueMicrotask(() => cancelButton.focus());
  }).then((value) => value === true);
}

/** An honest "something went wrong" block with a Retry button. */
export function errorState(error, retry) {
  const sentence = (error && (error.sentence || error.message)) || String(error);
  return h(
    "div", { class: "state error-state", role: "alert" },
    h("p", { class: "state-title" }, "Something went wrong"),
    h("p", { class: "state-detail" }, sentence),
    retry ? h("button", { type: "button", class: "button", onclick: retry }, "Try again") : null,
  );
}

/** An empty state: a title and a hint. */
export function emptyState(title, hint) {
  return h("div", { class: "state empty-state" }, h("p", { class: "state-title" }, title), hint ? h("p", { class: "state-detail" }, hint) : null);
}

/** A "Loading…" placeholder. */
export function loadingState(what = "Loading…") {
  return h("div", { class: "state loading-state", role: "status" }, what);
}

/** Starts a download of `url` under `name`. */
export function download(url, name) {
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
}

/** Calls `callback` at most once per `delay` ms, after the calls stop. */
export function debounce(callback, delay) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => callback(...args), delay);
  };
}
