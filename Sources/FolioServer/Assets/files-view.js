// The Files page: the Home container — Documents, Library, tmp and the read-only Folio.app
// bundle — as an expandable table, and an inspector that shows every attribute of the selected
// item and changes the ones Linux lets a program set. Upload (also by dropping files and folders),
// download, new folder, rename, move, copy, duplicate and delete.

import { DocumentsAPI } from "./documents-api.js";
import { askName, chooseFolder, droppedItems, join, parentOf, resolvingTakenName, uploadAll } from "./file-operations.js";
import { FilesAPI } from "./files-api.js";
import { Selection, bulkSummary, forEachSelected } from "./selection.js";
import { SearchField } from "./search-field.js";
import { hasThumbnail, thumbnailImage } from "./thumbnail-image.js";
import { confirmAlert, download, emptyState, errorState, formatDate, formatSize, h, icon, iconForName, loadingState, replace, toast } from "./ui.js";

const PAGE = 500;

/** "644" → "rw-r--r--". */
function permissionString(bits) {
  const letters = "rwxrwxrwx";
  let text = "";
  for (let index = 0; index < 9; index++) text += bits & (1 << (8 - index)) ? letters[index] : "-";
  return text;
}

/** An ISO date → the value of an <input type=datetime-local> (local time, seconds). */
function localInputValue(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (value) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export class FilesView {
  /** `delegate`: open(path, type). */
  constructor(delegate) {
    this.delegate = delegate;
    this.nodes = new Map();
    this.selectedPath = null;
    this.tree = h("ul", { class: "file-tree", role: "tree", "aria-label": "Home container" });
    this.tree.addEventListener("keydown", (event) => this.onKey(event));
    // On a phone the tree and the inspector take turns: a file's row (or a folder's info button)
    // shows the inspector, its back button the tree again.
    this.narrow = window.matchMedia("(max-width: 760px)");
    this.inspector = h("div", { class: "inspector-content" }, emptyState("Select an item", "Its attributes appear here."));
    this.backButton = h("button", { type: "button", class: "button back-button", onclick: () => this.showTree() }, "‹ Files");
    const inspectorPane = h(
      "section", { class: "inspector", "aria-label": "Attributes inspector" },
      h("div", { class: "pane-bar inspector-bar" }, this.backButton),
      this.inspector,
    );
    inspectorPane.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.element.classList.contains("showing-detail") && !event.defaultPrevented) {
        event.preventDefault();
        this.showTree();
      }
    });
    this.selection = new Selection({
      // Only items that can be changed or read: the Home's own folders and the bundle's root are not chosen.
      order: () => this.visibleItems().map((item) => item.dataset.path).filter((path) => path.includes("/")),
      onChange: (paths) => this.showSelection(paths),
    });
    this.editButton = h("button", { type: "button", class: "button edit-button", "aria-pressed": "false", onclick: () => this.setEditing(!this.editing) }, "Edit");
    this.bulkBar = h("div", { class: "bulk-bar", role: "toolbar", "aria-label": "Selected items", hidden: true });
    this.browser = h(
      "section", { class: "browser files-browser", "aria-label": "Files" },
      h("div", { class: "pane-bar" }, h("h2", { class: "pane-title" }, "Home"), this.editButton),
    );
    // Search over the documents, its results in place of the tree while there is a query.
    this.search = new SearchField({
      open: (result) => this.delegate.open(result.path, "file"),
      searching: (active) => this.browser.classList.toggle("searching", active),
    }, { label: "Search documents", id: "files-search" }, );
    this.browser.append(this.search.element, this.search.results, this.bulkBar, this.tree);
    this.element = h("div", { class: "split files-split" }, this.browser, inspectorPane);
    this.browser.addEventListener("dragover", (event) => this.onDragOver(event));
    this.browser.addEventListener("dragleave", () => this.browser.classList.remove("drop-target"));
    this.browser.addEventListener("drop", (event) => this.onDrop(event));
  }

  // Edit mode: several items chosen with checkboxes, Shift and Ctrl/⌘; actions on all of them.

  setEditing(editing) {
    this.editing = editing;
    this.element.classList.toggle("editing", editing);
    this.editButton.textContent = editing ? "Done" : "Edit";
    this.editButton.setAttribute("aria-pressed", String(editing));
    if (!editing) this.selection.clear();
    else this.showSelection(this.selection.list());
  }

  showSelection(paths) {
    const chosen = new Set(paths);
    for (const item of this.tree.querySelectorAll('li[role="treeitem"]')) {
      const box = item.querySelector(":scope > .tree-row > .tree-check");
      if (box) box.checked = chosen.has(item.dataset.path);
      item.classList.toggle("chosen", chosen.has(item.dataset.path));
    }
    this.bulkBar.hidden = !this.editing;
    if (!this.editing) return;
    const writable = paths.length > 0 && paths.every((path) => !path.startsWith("Folio.app"));
    const button = (label, action, enabled, extra = "") => h("button", { type: "button", class: `button ${extra}`, disabled: !enabled, dataset: { bulk: label.toLowerCase() }, onclick: action }, label);
    replace(
      this.bulkBar,
      h("span", { class: "bulk-count", "aria-live": "polite" }, `${paths.length} selected`),
      button("Move", () => this.moveSelected(), writable),
      button("Download", () => this.downloadSelected(), paths.length > 0),
      button("Delete", () => this.deleteSelected(), writable, "destructive"),
    );
  }

  onRowClick(node, event) {
    if (this.editing || event.ctrlKey || event.metaKey || event.shiftKey) {
      if (!node.path.includes("/")) return this.select(node);
      if (!this.editing) {
        // Ctrl/⌘ or Shift starts a selection with the item already picked.
        this.setEditing(true);
        if (this.selectedPath && this.selectedPath.includes("/")) this.selection.click(this.selectedPath, {});
      }
      event.preventDefault();
      this.selection.click(node.path, event, { toggles: this.editing && !event.shiftKey });
      node.item.focus();
      return;
    }
    this.pick(node, event.target.closest(".tree-info") !== null);
  }

  async deleteSelected() {
    const paths = this.selection.list();
    const confirmed = await confirmAlert({
      title: `Delete ${paths.length} item${paths.length === 1 ? "" : "s"}?`,
      message: paths.every(inDocumentLibrary)
        ? `This moves ${paths.length === 1 ? paths[0] : `these ${paths.length} items`} to Recently Deleted.`
        : `This removes ${paths.length === 1 ? paths[0] : `these ${paths.length} items`} and everything in them, for good (only what is in Documents/ goes to Recently Deleted).`,
      cancel: "Cancel",
      confirm: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    const result = await forEachSelected(paths, (path) => FilesAPI.remove(path, { recursive: this.nodes.get(path)?.type === "directory" }));
    toast(bulkSummary("Deleted", result), { duration: result.failed.length ? 15000 : 4000 });
    await this.refreshAll(paths);
  }

  async moveSelected() {
    const paths = this.selection.list();
    const folder = await chooseFolder({
      title: `Move ${paths.length} item${paths.length === 1 ? "" : "s"} to…`,
      confirm: "Move Here",
      start: parentOf(paths[0]) || "Documents",
      disabled: (target) => paths.some((path) => target === path || target.startsWith(path + "/")),
    });
    if (folder === null) return;
    const result = await forEachSelected(paths, async (path) => {
      const target = join(folder, path.split("/").pop());
      if (parentOf(path) === folder) return;
      const moved = await resolvingTakenName(target, (ifExists) => FilesAPI.move(path, target, { ifExists }));
      if (!moved) throw new Error("not moved: the name is taken");
    });
    toast(bulkSummary("Moved", result), { duration: result.failed.length ? 15000 : 4000 });
    await this.refreshAll([...paths, join(folder, "x")]);
  }

  async downloadSelected() {
    const paths = this.selection.list();
    try {
      const { blob, notIncluded } = await FilesAPI.zip(paths);
      const url = URL.createObjectURL(blob);
      download(url, paths.length === 1 ? `${paths[0].split("/").pop()}.zip` : "Folio.zip");
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      toast(notIncluded ? `Downloaded a zip; ${notIncluded} item${notIncluded === 1 ? "" : "s"} could not be read (see “Not included.txt”).` : `Downloaded ${paths.length} item${paths.length === 1 ? "" : "s"} as a zip.`, { duration: 6000 });
    } catch (error) {
      toast(error.sentence || error.message);
    }
  }

  /** Lists again the folders the items at `paths` were in, and forgets chosen items that went away. */
  async refreshAll(paths) {
    const folders = [...new Set(paths.map(parentOf))].sort((a, b) => a.length - b.length);
    for (const folder of folders) await this.refresh(folder);
    this.selection.prune();
  }

  // Dropping files and folders.

  /** The folder a drop at `target` goes to: the folder row under it, a file row's folder, else the selected folder, else Documents. */
  dropFolder(target) {
    const item = target?.closest?.('li[role="treeitem"]');
    const node = item ? this.nodes.get(item.dataset.path) : this.nodes.get(this.selectedPath);
    const folder = !node ? "Documents" : node.type === "directory" ? node.path : parentOf(node.path);
    return !folder || folder === "." || folder.startsWith("Folio.app") ? null : folder;
  }

  onDragOver(event) {
    if (![...(event.dataTransfer?.types || [])].includes("Files")) return;
    event.preventDefault();
    const folder = this.dropFolder(event.target);
    event.dataTransfer.dropEffect = folder ? "copy" : "none";
    this.browser.classList.toggle("drop-target", Boolean(folder));
  }

  async onDrop(event) {
    event.preventDefault();
    this.browser.classList.remove("drop-target");
    const folder = this.dropFolder(event.target);
    if (!folder) {
      toast("Drop files on a folder you can write to (Folio.app and the Home itself are not).");
      return;
    }
    const items = await droppedItems(event.dataTransfer);
    if (items.files.length === 0 && items.folders.length === 0) return;
    await this.uploadInto(folder, items);
  }

  /** Uploads `items` into `folder` with the progress panel, then shows the folder's new contents. */
  async uploadInto(folder, items) {
    const result = await uploadAll(this.browser, folder, items);
    const node = this.nodes.get(folder);
    if (node) await this.toggle(node, true);
    await this.refresh(folder);
    const failed = result.failed.length ? ` ${result.failed.length} failed: ${result.failed.map((failure) => `${failure.path} (${failure.reason})`).join("; ")}.` : "";
    toast(`Uploaded ${result.uploaded.length} file${result.uploaded.length === 1 ? "" : "s"} to ${folder}.${failed}`, { duration: 6000 });
  }

  /** Builds the top level (once) and refreshes what is expanded. */
  async show(selectPath) {
    if (!this.nodes.has(".")) {
      const root = { path: ".", name: "Home", type: "directory", depth: -1, children: this.tree, expanded: true };
      this.nodes.set(".", root);
      await this.loadChildren(root);
    }
    if (selectPath) await this.reveal(selectPath);
  }

  /** Expands the directories down to `path` and selects it. */
  async reveal(path) {
    const parts = path.split("/").filter(Boolean);
    for (let index = 1; index < parts.length; index++) {
      const directory = parts.slice(0, index).join("/");
      const node = this.nodes.get(directory);
      if (node && !node.expanded) await this.toggle(node, true);
    }
    const node = this.nodes.get(parts.join("/"));
    if (node) {
      this.select(node);
      node.row.scrollIntoView({ block: "nearest" });
    }
  }

  async loadChildren(node, offset = 0) {
    const list = node.children;
    if (offset === 0) replace(list, h("li", { class: "tree-note", role: "none" }, "Loading…"));
    try {
      const path = node.path === "." ? "" : node.path;
      const listing = await FilesAPI.list(path, { offset, limit: PAGE });
      list.querySelector(".tree-note, .tree-more")?.remove();
      if (offset === 0) list.replaceChildren();
      for (const entry of listing.entries) list.append(this.makeItem(entry, node.depth + 1));
      if (listing.total === 0) list.append(h("li", { class: "tree-note", role: "none" }, "Empty folder"));
      const shown = offset + listing.entries.length;
      if (shown < listing.total) {
        const more = h("button", { type: "button", class: "link-button" }, `Show more (${(listing.total - shown).toLocaleString()} left)`);
        more.addEventListener("click", () => this.loadChildren(node, shown));
        list.append(h("li", { class: "tree-more", role: "none" }, more));
      }
    } catch (error) {
      replace(list, h("li", { role: "none" }, errorState(error, () => this.loadChildren(node))));
    }
  }

  makeItem(entry, depth) {
    const isDirectory = entry.type === "directory";
    const node = { path: entry.path, name: entry.name, type: entry.type, depth, entry, expanded: false, readOnly: entry.isReadOnly };
    const disclosure = isDirectory
      ? h("button", { type: "button", class: "disclosure", tabindex: "-1", "aria-label": `Expand ${entry.name}` }, "▸")
      : h("span", { class: "disclosure-space" });
    const check = entry.path.includes("/")
      ? h("input", { type: "checkbox", class: "tree-check", tabindex: "-1", "aria-label": `Select ${entry.name}`, checked: this.selection.has(entry.path) })
      : h("span", { class: "tree-check-space" });
    const row = h(
      "div", { class: "tree-row", dataset: { path: entry.path } },
      check,
      disclosure,
      hasThumbnail(entry.name, entry.type)
      ? thumbnailImage(entry.path, { version: entry.modified, className: "icon small" })
      : icon(iconForName(entry.name, entry.type), "icon small"),
      h("span", { class: "tree-name" }, entry.name),
      h("span", { class: "tree-size" }, isDirectory ? "" : formatSize(entry.size)),
      h("span", { class: "tree-date" }, formatDate(entry.modified, "short")),
      h("span", { class: "tree-mode" }, entry.permissions ? permissionString(parseInt(entry.permissions, 8)) : ""),
      isDirectory ? h("button", { type: "button", class: "tree-info", tabindex: "-1", "aria-label": `Info on ${entry.name}` }, "i") : null,
    );
    row.style.setProperty("--depth", String(depth));
    const item = h("li", { role: "treeitem", tabindex: "-1", "aria-selected": "false", "aria-label": entry.name, dataset: { path: entry.path } }, row);
    if (isDirectory) {
      item.setAttribute("aria-expanded", "false");
      node.children = h("ul", { role: "group", hidden: true });
      item.append(node.children);
      disclosure.addEventListener("click", (event) => {
        event.stopPropagation();
        this.toggle(node);
      });
    }
    row.addEventListener("click", (event) => this.onRowClick(node, event));
    row.addEventListener("dblclick", () => (isDirectory ? this.toggle(node) : this.delegate.open(node.path, node.type)));
    node.item = item;
    node.row = row;
    node.disclosure = disclosure;
    this.nodes.set(entry.path, node);
    return item;
  }

  async toggle(node, expand = !node.expanded) {
    if (node.type !== "directory") return;
    node.expanded = expand;
    node.item.setAttribute("aria-expanded", expand ? "true" : "false");
    node.disclosure.textContent = expand ? "▾" : "▸";
    node.disclosure.setAttribute("aria-label", `${expand ? "Collapse" : "Expand"} ${node.name}`);
    node.children.hidden = !expand;
    if (expand) await this.loadChildren(node);
  }

  /** Lists an expanded directory again (after a change in it). */
  async refresh(path) {
    const node = this.nodes.get(path || ".");
    if (node && node.expanded) {
      for (const key of [...this.nodes.keys()])
        if (key.startsWith(path + "/")) this.nodes.delete(key);
      await this.loadChildren(node);
      if (this.selectedPath && this.nodes.has(this.selectedPath)) this.select(this.nodes.get(this.selectedPath), false);
    }
  }

  select(node, focus = true) {
    for (const item of this.tree.querySelectorAll('[aria-selected="true"]')) item.setAttribute("aria-selected", "false");
    node.item.setAttribute("aria-selected", "true");
    for (const item of this.tree.querySelectorAll('[tabindex="0"]')) item.tabIndex = -1;
    node.item.tabIndex = 0;
    if (focus) node.item.focus({ preventScroll: false });
    this.selectedPath = node.path;
    this.inspect(node);
  }

  /**
   * A click on a row: selects it. On a phone a folder opens or closes in place, and a file (or a
   * folder's info button) shows the inspector instead of the tree.
   */
  pick(node, wantsInfo = false) {
    this.select(node);
    if (!this.narrow.matches) return;
    if (node.type === "directory" && !wantsInfo) this.toggle(node);
    else this.showInspector();
  }

  showInspector() {
    this.element.classList.add("showing-detail");
    this.backButton.focus();
  }

  /** Back from the inspector (on a phone) to the tree, with the focus on the item it showed. */
  showTree() {
    this.element.classList.remove("showing-detail");
    const node = this.selectedPath && this.nodes.get(this.selectedPath);
    if (node) node.item.focus();
  }

  visibleItems() {
    return [...this.tree.querySelectorAll('li[role="treeitem"]')].filter((item) => item.offsetParent !== null);
  }

  onKey(event) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a") {
      event.preventDefault();
      this.setEditing(true);
      this.selection.selectAll();
      return;
    }
    if (event.key === "Escape" && this.editing) {
      event.preventDefault();
      this.setEditing(false);
      return;
    }
    const item = event.target.closest('li[role="treeitem"]');
    if (!item) return;
    const node = this.nodes.get(item.dataset.path);
    const items = this.visibleItems();
    const index = items.indexOf(item);
    const move = (target) => {
      if (!target) return;
      event.preventDefault();
      this.select(this.nodes.get(target.dataset.path));
    };
    switch (event.key) {
      case "ArrowDown":
        move(items[index + 1]);
        break;
      case "ArrowUp":
        move(items[index - 1]);
        break;
      case "Home":
        move(items[0]);
        break;
      case "End":
        move(items[items.length - 1]);
        break;
      case "ArrowRight":
        event.preventDefault();
        if (node.type === "directory" && !node.expanded) this.toggle(node, true);
        else move(items[index + 1]);
        break;
      case "ArrowLeft":
        event.preventDefault();
        if (node.type === "directory" && node.expanded) this.toggle(node, false);
        else move(item.parentElement.closest('li[role="treeitem"]'));
        break;
      case "Enter":
        event.preventDefault();
        if (node.type === "directory") this.toggle(node);
        else this.delegate.open(node.path, node.type);
        break;
      case "i":
        if (this.narrow.matches && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          this.showInspector();
        }
        break;
      default:
    }
  }

  // The inspector.

  async inspect(node) {
    replace(this.inspector, loadingState());
    try {
      const item = await FilesAPI.stat(node.path === "." ? "" : node.path);
      if (this.selectedPath === node.path) replace(this.inspector, this.renderInspector(node, item));
    } catch (error) {
      replace(this.inspector, errorState(error, () => this.inspect(node)));
    }
  }

  renderInspector(node, item) {
    const attributes = item.attributes;
    const readOnly = node.readOnly || node.path.startsWith("Folio.app");
    const rows = [
      ["Name", item.name],
      ["Path", item.path],
      ["Type", attributes.type],
      ["Size", attributes.size === undefined ? "" : `${formatSize(attributes.size)} (${Number(attributes.size).toLocaleString()} bytes)`],
      ["Allocated", attributes.allocatedSize === undefined ? "" : formatSize(attributes.allocatedSize)],
      ["Created", formatDate(attributes.creationDate, "long") || "not recorded"],
      ["Modified", formatDate(attributes.modificationDate, "long")],
      ["Accessed", formatDate(attributes.accessDate, "long")],
      ["Status changed", formatDate(attributes.statusChangeDate, "long")],
      ["Permissions", attributes.posixPermissions === undefined ? "" : `${attributes.posixPermissions.toString(8).padStart(3, "0")} (${permissionString(attributes.posixPermissions)})`],
      ["Owner", attributes.ownerAccountName === undefined ? "" : `${attributes.ownerAccountName ?? "?"} (${attributes.ownerAccountID})`],
      ["Group", attributes.groupOwnerAccountName === undefined ? "" : `${attributes.groupOwnerAccountName ?? "?"} (${attributes.groupOwnerAccountID})`],
      ["Reference count", attributes.referenceCount],
      ["File system number", attributes.systemNumber],
      ["File number", attributes.systemFileNumber],
      ["Extension hidden", yesNo(attributes.isExtensionHidden)],
      ["Immutable", yesNo(attributes.isImmutable)],
      ["Append-only", yesNo(attributes.isAppendOnly)],
      ["Version", attributes.version],
    ];
    const list = h(
      "dl", { class: "attributes" },
      rows.filter(([, value]) => value !== undefined && value !== null && value !== "").map(([label, value]) => [h("dt", {}, label), h("dd", { dataset: { attribute: label } }, String(value))]),
    );
    const isDirectory = attributes.type === "directory";
    const actions = h("div", { class: "inspector-actions" });
    if (!isDirectory) {
      actions.append(
        h("button", { type: "button", class: "button primary", onclick: () => this.delegate.open(node.path, attributes.type) }, "Open"),
        h("a", { class: "button", href: FilesAPI.rawURL(node.path), download: node.name }, "Download"),
      );
    } else if (!readOnly) {
      actions.append(this.newFolderForm(node), this.uploadForm(node));
    }
    if (node.path.includes("/")) {
      const button = (label, action) => h("button", { type: "button", class: "button", dataset: { action: label.toLowerCase() }, onclick: action }, label);
      if (!readOnly) {
        actions.append(
          button("Rename", () => this.rename(node)),
          button("Move", () => this.transfer(node, "move")),
          button("Duplicate", () => this.duplicate(node)),
        );
      }
      actions.append(button("Copy", () => this.transfer(node, "copy")));
    }
    if (!readOnly && node.path.includes("/")) {
      actions.append(h("button", { type: "button", class: "button destructive", onclick: () => this.remove(node, isDirectory) }, "Delete"));
    }
    return h(
      "div", { class: "inspector-body" },
      h("div", { class: "inspector-title" }, icon(iconForName(item.name, attributes.type)), h("h2", {}, item.name)),
      readOnly ? h("p", { class: "pane-note" }, "Folio.app is the read-only bundle: its files can be opened and copied, not changed.") : null,
      actions,
      list,
      readOnly ? null : this.attributeForm(node, attributes),
    );
  }

  attributeForm(node, attributes) {
    const mode = h("input", { type: "text", name: "mode", inputmode: "numeric", pattern: "[0-7]{3,4}", value: (attributes.posixPermissions ?? 0).toString(8).padStart(3, "0"), "aria-label": "Permissions (octal)" });
    const modified = h("input", { type: "datetime-local", step: "1", name: "modified", value: localInputValue(attributes.modificationDate), "aria-label": "Modification date" });
    const accessed = h("input", { type: "datetime-local", step: "1", name: "accessed", value: localInputValue(attributes.accessDate), "aria-label": "Access date" });
    const owner = h("input", { type: "text", name: "owner", value: attributes.ownerAccountName ?? "", "aria-label": "Owner" });
    const group = h("input", { type: "text", name: "group", value: attributes.groupOwnerAccountName ?? "", "aria-label": "Group" });
    const hidden = h("input", { type: "checkbox", name: "extensionHidden", checked: Boolean(attributes.isExtensionHidden) });
    const immutable = h("input", { type: "checkbox", name: "immutable", checked: Boolean(attributes.isImmutable) });
    const appendOnly = h("input", { type: "checkbox", name: "appendOnly", checked: Boolean(attributes.isAppendOnly) });
    const message = h("p", { class: "form-message", role: "status" });
    const form = h(
      "form", { class: "attribute-form", "aria-label": "Change attributes" },
      h("h3", {}, "Change attributes"),
      h("label", {}, "Permissions ", mode),
      h("label", {}, "Modified ", modified),
      h("label", {}, "Accessed ", accessed),
      h("label", {}, "Owner ", owner),
      h("label", {}, "Group ", group),
      h("label", { class: "check" }, hidden, " Extension hidden"),
      h("label", { class: "check" }, immutable, " Immutable (needs root)"),
      h("label", { class: "check" }, appendOnly, " Append-only (needs root)"),
      h("p", { class: "pane-note" }, "The creation date cannot be set on Linux (the kernel has no call for it)."),
      h("div", { class: "form-buttons" }, h("button", { type: "submit", class: "button primary" }, "Apply")),
      message,
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const changes = {};
      const bits = parseInt(mode.value, 8);
      if (!/^[0-7]{3,4}$/.test(mode.value)) {
        message.textContent = "Permissions are three or four octal digits, like 644.";
        return;
      }
      if (bits !== attributes.posixPermissions) changes.posixPermissions = bits;
      if (modified.value && modified.value !== localInputValue(attributes.modificationDate)) changes.modificationDate = new Date(modified.value).toISOString();
      if (accessed.value && accessed.value !== localInputValue(attributes.accessDate)) changes.accessDate = new Date(accessed.value).toISOString();
      if (owner.value && owner.value !== (attributes.ownerAccountName ?? "")) changes.ownerAccountName = owner.value;
      if (group.value && group.value !== (attributes.groupOwnerAccountName ?? "")) changes.groupOwnerAccountName = group.value;
      if (hidden.checked !== Boolean(attributes.isExtensionHidden)) changes.isExtensionHidden = hidden.checked;
      if (immutable.checked !== Boolean(attributes.isImmutable)) changes.isImmutable = immutable.checked;
      if (appendOnly.checked !== Boolean(attributes.isAppendOnly)) changes.isAppendOnly = appendOnly.checked;
      if (Object.keys(changes).length === 0) {
        message.textContent = "Nothing to change.";
        return;
      }
      try {
        const item = await FilesAPI.change(node.path, changes);
        node.row.querySelector(".tree-mode").textContent = permissionString(item.attributes.posixPermissions);
        node.row.querySelector(".tree-date").textContent = formatDate(item.attributes.modificationDate, "short");
        replace(this.inspector, this.renderInspector(node, item));
        toast(`Changed ${Object.keys(changes).length} attribute${Object.keys(changes).length === 1 ? "" : "s"} of “${node.name}”.`, { duration: 4000 });
      } catch (error) {
        message.textContent = error.sentence || error.message;
      }
    });
    return form;
  }

  newFolderForm(node) {
    const name = h("input", { type: "text", placeholder: "New folder name", "aria-label": "New folder name", required: true });
    const form = h("form", { class: "inline-form" }, name, h("button", { type: "submit", class: "button" }, "New Folder"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const path = `${node.path}/${name.value}`;
      try {
        await FilesAPI.makeDirectory(path);
        name.value = "";
        await this.toggle(node, true);
        await this.reveal(path);
      } catch (error) {
        toast(error.sentence || error.message);
      }
    });
    return form;
  }

  uploadForm(node) {
    const input = h("input", { type: "file", multiple: true, "aria-label": `Upload files to ${node.path}` });
    const label = h("label", { class: "button upload-button" }, "Upload…", input);
    input.addEventListener("change", async () => {
      const files = [...input.files].map((file) => ({ path: file.name, file }));
      input.value = "";
      await this.uploadInto(node.path, { files, folders: [] });
    });
    return label;
  }

  // Rename, move, copy and duplicate: a taken name asks Replace or Keep Both.

  async rename(node) {
    const name = await askName({ title: "Rename", label: `New name for “${node.name}”`, value: node.name, confirm: "Rename" });
    if (name === null || name === node.name) return;
    await this.place(node, "move", join(parentOf(node.path), name));
  }

  async transfer(node, kind) {
    const folder = await chooseFolder({
      title: `${kind === "move" ? "Move" : "Copy"} “${node.name}” to…`,
      confirm: kind === "move" ? "Move Here" : "Copy Here",
      start: parentOf(node.path) || "Documents",
      // A folder cannot go inside itself.
      disabled: (path) => path === node.path || path.startsWith(node.path + "/") || (kind === "move" && path === parentOf(node.path)),
    });
    if (folder === null) return;
    await this.place(node, kind, join(folder, node.name));
  }

  async duplicate(node) {
    await this.place(node, "copy", node.path, "keepBoth");
  }

  /** Moves or copies `node` to `target`, asking about a taken name unless `ifExists` is given; then shows where it went. */
  async place(node, kind, target, ifExists) {
    try {
      const operation = (choice) => (kind === "move" ? FilesAPI.move : FilesAPI.copy)(node.path, target, { ifExists: choice });
      const result = ifExists ? await operation(ifExists) : await resolvingTakenName(target, operation);
      if (!result) return;
      const from = parentOf(node.path);
      const to = parentOf(result.to);
      if (kind === "move") await this.refresh(from);
      if (to !== from || kind === "copy") await this.refresh(to);
      await this.reveal(result.to);
      const verb = kind === "move" ? (from === to ? "Renamed" : "Moved") : "Copied";
      toast(`${verb} “${node.name}” to ${result.to}.`, { duration: 4000 });
    } catch (error) {
      toast(error.sentence || error.message);
    }
  }

  async remove(node, isDirectory) {
    if (inDocumentLibrary(node.path) && ["regular", "directory"].includes(node.type)) return this.moveToTrash(node);
    const confirmed = await confirmAlert({
      title: `Delete “${node.name}”?`,
      message: isDirectory
        ? `This removes the folder ${node.path} and everything in it, for good (files deleted here do not go to Recently Deleted).`
        : `This removes ${node.path} for good (files deleted here do not go to Recently Deleted).`,
      cancel: "Cancel",
      confirm: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await FilesAPI.remove(node.path, { recursive: isDirectory });
      const parent = node.path.split("/").slice(0, -1).join("/");
      this.selectedPath = null;
      replace(this.inspector, emptyState("Deleted", `${node.path} is gone.`));
      await this.refresh(parent);
    } catch (error) {
      toast(error.sentence || error.message);
    }
  }

  /** A document or folder of Documents/ goes to Recently Deleted, with Undo, as in the document browser. */
  async moveToTrash(node) {
    try {
      const item = await FilesAPI.remove(node.path);
      const parent = node.path.split("/").slice(0, -1).join("/");
      this.selectedPath = null;
      replace(this.inspector, emptyState("Moved to Recently Deleted", `${node.path} can be restored from Recently Deleted.`));
      await this.refresh(parent);
      if (!item || !item.id) return;
      toast(`“${node.name}” moved to Recently Deleted.`, {
        action: "Undo",
        onAction: async () => {
          await DocumentsAPI.restore(item);
          await this.refresh(parent);
        },
      });
    } catch (error) {
      toast(error.sentence || error.message);
    }
  }
}

/** Whether a delete of `path` goes to Recently Deleted: a visible item under Documents/ (the server decides the same). */
function inDocumentLibrary(path) {
  const parts = path.split("/");
  return parts.length >= 2 && parts[0] === "Documents" && parts.slice(1).every((part) => part && !part.startsWith("."));
}

function yesNo(value) {
  if (value === undefined || value === null) return undefined;
  return value ? "Yes" : "No";
}
