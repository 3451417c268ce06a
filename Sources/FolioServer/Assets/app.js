// Folio in the browser: the pages (Documents, Files, Data, Tracks, Recently Deleted, and a viewer
// for any file), the address that says which is shown, the actions menu, and the live event
// stream that keeps every page current without a reload.

import { on } from "./api-client.js";
import { hashForPath } from "./app-address.js";
import { showAppInfo } from "./app-info.js";
import { DataPage } from "./data-page.js";
import { DocumentsPage } from "./documents-page.js";
import { EventsAPI } from "./events-api.js";
import { FilesView } from "./files-view.js";
import { InfoAPI } from "./info-api.js";
import { OpenPage } from "./open-page.js";
import { sendPDF } from "./send-pdf-sheet.js";
import { TracksPage } from "./tracks-page.js";
import { debounce } from "./ui.js";

const main = document.getElementById("main");
const pages = {};
let shownPage = null;

/** Goes to `hash` (e.g. "#/files/tmp"); `replace` keeps the history entry. */
function navigate(hash, { replace: replacing = false } = {}) {
  if (location.hash === hash) {
    route();
  } else if (replacing) {
    history.replaceState(null, "", hash);
    route();
  } else {
    location.hash = hash;
  }
}

/** Opens a file from anywhere: documents in the document browser, the rest in a viewer page. */
function openPath(path, type) {
  if (type === "directory") return navigate(hashForPath("files", path));
  const parts = path.split("/");
  if (parts.length >= 2 && parts[0] === "Documents" && parts.slice(1).every((part) => part && !part.startsWith("."))) {
    return navigate(`#/documents/${encodeURIComponent(parts.slice(1).join("/"))}`);
  }
  navigate(hashForPath("open", path));
}

function buildPages() {
  pages.documents = new DocumentsPage(navigate);
  pages.trash = { element: pages.documents.trash.element, show: () => pages.documents.trash.reload() };
  pages.files = new FilesView({ open: openPath });
  pages.data = new DataPage(navigate);
  pages.tracks = new TracksPage(navigate);
  pages.open = new OpenPage(navigate);
  for (const [name, page] of Object.entries(pages)) {
    page.element.classList.add("page");
    page.element.dataset.page = name;
    page.element.hidden = true;
    main.append(page.element);
  }
}

/** Shows the page the address names. */
async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  let name = parts[0] || "documents";
  if (!pages[name]) name = "documents";
  let argument = parts.slice(1).map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  argument = argument.join("/");
  for (const [key, page] of Object.entries(pages)) page.element.hidden = key !== name;
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === (name === "open" ? "files" : name)) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (shownPage !== name) {
    shownPage = name;
    document.title = `Folio · ${{ documents: "Documents", files: "Files", data: "Data", tracks: "Tracks", trash: "Recently Deleted", open: argument }[name]}`;
  }
  try {
    await pages[name].show(argument || undefined);
  } catch (error) {
    console.error(error);
  }
}

// The actions menu: a popover from the toolbar, as in Dudel.

const menuButton = document.getElementById("actions-button");
const menu = document.getElementById("actions-menu");

function menuItems() {
  return [...menu.querySelectorAll('[role="menuitem"]')].filter((item) => !item.disabled);
}

async function openMenu() {
  const target = await pages.documents.target();
  const name = target ? target.name : null;
  for (const item of menu.querySelectorAll("[data-needs-document]")) item.disabled = !name;
  const exportItem = menu.querySelector('[data-action="export"]');
  exportItem.textContent = target && target.kind !== "drawing" ? "Download" : "Export as SVG";
  // Drawings and notes are drawn as a PDF; other documents are not.
  const sendItem = menu.querySelector('[data-action="send-pdf"]');
  sendItem.disabled = !target || !["drawing", "note"].includes(target.kind);
  menu.querySelector(".menu-target").textContent = name ? name : "No document open";
  menu.hidden = false;
  menuButton.setAttribute("aria-expanded", "true");
  const first = menuItems()[0];
  if (first) first.focus();
}

function closeMenu(focusButton = true) {
  if (menu.hidden) return;
  menu.hidden = true;
  menuButton.setAttribute("aria-expanded", "false");
  if (focusButton) menuButton.focus();
}

async function runAction(action) {
  closeMenu(false);
  // The menu item that ran the action is hidden now; the Actions button holds the focus until the
  // action moves it (a new document's editor, a dialog's field).
  menuButton.focus();
  const library = pages.documents;
  const target = await library.target();
  const name = target ? target.name : null;
  switch (action) {
    case "new-drawing":
      return library.newDocument("drawing");
    case "new-note":
      return library.newDocument("note");
    case "rename":
      return library.renameDocument(name);
    case "delete":
      return library.deleteDocument(name);
    case "move":
      return library.moveDocument(name);
    case "export":
      return library.exportDocument(target);
    case "send-pdf":
      return sendPDF(name);
    case "info":
      return showAppInfo();
    default:
  }
}

function wireMenu() {
  menuButton.addEventListener("click", () => (menu.hidden ? openMenu() : closeMenu()));
  menu.addEventListener("click", (event) => {
    const item = event.target.closest('[role="menuitem"]');
    if (item && !item.disabled) runAction(item.dataset.action);
  });
  menu.addEventListener("keydown", (event) => {
    const items = menuItems();
    const index = items.indexOf(document.activeElement);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      items[(index + 1) % items.length].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length].focus();
    } else if (event.key === "Home") {
      event.preventDefault();
      items[0].focus();
    } else if (event.key === "End") {
      event.preventDefault();
      items[items.length - 1].focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      closeMenu();
    } else if (event.key === "Tab") {
      closeMenu(false);
    }
  });
  document.addEventListener("pointerdown", (event) => {
    if (!menu.hidden && !menu.contains(event.target) && !menuButton.contains(event.target)) closeMenu(false);
  });
}

// Live changes.

const live = document.getElementById("live");
const refreshFiles = debounce(() => pages.files.refresh("Documents"), 300);

function setLive(state, text) {
  live.dataset.state = state;
  live.textContent = text;
}

let events = null;

function connectEvents() {
  const source = EventsAPI.open();
  events = source;
  source.addEventListener("open", () => setLive("live", "Live"));
  source.addEventListener("error", async () => {
    setLive("offline", "Reconnecting…");
    if (source.readyState === EventSource.CLOSED) {
      try {
        await InfoAPI.info();
        setTimeout(connectEvents, 2000);
      } catch {
        setTimeout(connectEvents, 5000);
      }
    }
  });
  for (const type of EventsAPI.types) {
    source.addEventListener(type, (message) => {
      let event = { type };
      try {
        event = JSON.parse(message.data);
      } catch {
        // A malformed message still says something changed.
      }
      pages.documents.documentEvent(event);
      if (event.type !== "modified" && event.type !== "currentChanged") refreshFiles();
    });
  }
}

// What a browser without the token sees.

function showBlocked() {
  document.body.classList.add("blocked");
  const blocked = document.getElementById("blocked");
  blocked.hidden = false;
}

function start() {
  on("unauthorized", showBlocked);
  // The indicator says what the change stream and the last request say: a request that fails
  // while the stream still delivers says "Not connected" only until the next one gets through.
  on("offline", () => setLive("offline", "Not connected"));
  on("online", () => {
    if (events && events.readyState === EventSource.OPEN && live.dataset.state !== "live") setLive("live", "Live");
  });
  buildPages();
  wireMenu();
  window.addEventListener("hashchange", route);
  window.addEventListener("beforeunload", (event) => {
    const viewer = pages.documents.viewer;
    if (viewer && viewer.dirty) event.preventDefault();
  });
  route();
  connectEvents();
}

start();
