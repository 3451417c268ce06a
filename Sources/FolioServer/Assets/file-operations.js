// What the Files page does to items, with the sheets it asks through: a name (Rename), a folder
// (Move, Copy), Replace or Keep Both when a name is taken, and uploads of dropped files and
// folders with their progress and a Cancel.

import { FilesAPI } from "./files-api.js";
import { formatSize, h, replace, runDialog } from "./ui.js";

/** The folder a path is in ("" for the Home). */
export function parentOf(path) {
  return path.split("/").slice(0, -1).join("/");
}

/** `folder/name`, or `name` in the Home. */
export function join(folder, name) {
  return folder ? `${folder}/${name}` : name;
}

function sheet() {
  return document.getElementById("file-sheet");
}

/** Asks for a name; resolves to it, or null when cancelled. */
export function askName({ title, label, value, confirm }) {
  const dialog = sheet();
  return runDialog(dialog, (finish) => {
    const field = h("input", { type: "text", name: "name", value, autocomplete: "off", spellcheck: "false", required: true, "aria-label": label });
    const form = h(
      "form", { class: "sheet-form" },
      h("h2", { class: "sheet-title", id: "file-sheet-title" }, title),
      h("label", {}, label, field),
      h(
        "div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "button cancel-button", onclick: () => finish(null) }, "Cancel"),
        h("button", { type: "submit", class: "button primary" }, confirm),
      ),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      finish(field.value);
    });
    replace(dialog, form);
    queueMicrotask(() => {
      field.focus();
      // Select the name without its extension, as Finder and iOS do.
      const dot = value.lastIndexOf(".");
      field.setSelectionRange(0, dot > 0 ? dot : value.length);
    });
  });
}

/**
 * A folder picker: the Home's folders, opened one level at a time. Resolves to the chosen
 * folder's path ("" is never offered: the Home holds only its fixed folders), or null.
 */
export function chooseFolder({ title, confirm, start = "Documents", disabled = () => false }) {
  const dialog = sheet();
  return runDialog(dialog, (finish) => {
    let current = start;
    const heading = h("h2", { class: "sheet-title", id: "file-sheet-title" }, title);
    const where = h("p", { class: "folder-picker-path", "aria-live": "polite" });
    const list = h("ul", { class: "folder-picker-list", "aria-label": "Folders" });
    const confirmButton = h("button", { type: "button", class: "button primary", onclick: () => finish(current) }, confirm);
    const upButton = h("button", { type: "button", class: "button", onclick: () => open(parentOf(current)) }, "Up");
    const open = async (folder) => {
      current = folder;
      where.textContent = folder || "Home";
      upButton.disabled = !folder;
      confirmButton.disabled = !folder || folder.startsWith("Folio.app") || disabled(folder);
      replace(list, h("li", { class: "tree-note" }, "Loading…"));
      try {
        const listing = await FilesAPI.list(folder, { limit: 5000 });
        if (current !== folder) return;
        const folders = listing.entries.filter((entry) => entry.type === "directory");
        replace(
          list,
          ...folders.map((entry) => h("li", {}, h("button", { type: "button", class: "link-button folder-choice", dataset: { path: entry.path }, onclick: () => open(entry.path) }, entry.name))),
        );
        if (folders.length === 0) list.append(h("li", { class: "tree-note" }, "No folders inside"));
      } catch (error) {
        replace(list, h("li", { class: "tree-note" }, error.sentence || error.message));
      }
    };
    replace(
      dialog,
      heading, where, list,
      h("div", { class: "dialog-buttons" }, upButton, h("button", { type: "button", class: "button cancel-button", onclick: () => finish(null) }, "Cancel"), confirmButton),
    );
    open(start);
  });
}

/** Replace, Keep Both or Stop, for a name that is taken; resolves to "replace", "keepBoth" or null. */
export function askTakenName(name, folder) {
  const dialog = document.getElementById("confirm-alert");
  return runDialog(dialog, (finish) => {
    const stop = h("button", { type: "button", class: "button", onclick: () => finish(null) }, "Stop");
    replace(
      dialog,
      h("h2", { id: "confirm-alert-title" }, `An item named “${name}” already exists in ${folder || "the Home"}.`),
      h("p", { id: "confirm-alert-message" }, "Replace it with the one you are placing, or keep both (the new one gets a number)."),
      h(
        "div", { class: "dialog-buttons" },
        stop,
        h("button", { type: "button", class: "button", onclick: () => finish("keepBoth") }, "Keep Both"),
        h("button", { type: "button", class: "button destructive", onclick: () => finish("replace") }, "Replace"),
      ),
    );
    dialog.setAttribute("aria-labelledby", "confirm-alert-title");
    dialog.setAttribute("aria-describedby", "confirm-alert-message");
    queueMicrotask(() => stop.focus());
  });
}

/**
 * Runs `operation(ifExists)` without `ifExists` first; when the name is taken, asks Replace or
 * Keep Both and runs it again with the answer. Resolves to its result, or null when stopped.
 */
export async function resolvingTakenName(path, operation) {
  try {
    return await operation(undefined);
  } catch (error) {
    if (error.status !== 409 || error.code !== "alreadyExists") throw error;
    const choice = await askTakenName(path.split("/").pop(), parentOf(path));
    if (!choice) return null;
    return operation(choice);
  }
}

/** The files of a drop: `[{path, file}]` relative to the drop, and the folders to make, walking dropped folders. */
export async function droppedItems(dataTransfer) {
  const files = [];
  const folders = [];
  const entries = [...(dataTransfer.items || [])].filter((item) => item.kind === "file").map((item) => ({ entry: item.webkitGetAsEntry?.(), file: item.getAsFile() }));
  const walk = async (entry, prefix) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile) {
      files.push({ path, file: await new Promise((resolve, reject) => entry.file(resolve, reject)) });
    } else if (entry.isDirectory) {
      folders.push(path);
      const reader = entry.createReader();
      for (;;) {
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) break;
        for (const child of batch) await walk(child, path);
      }
    }
  };
  for (const { entry, file } of entries) {
    if (entry) await walk(entry, "");
    else if (file) files.push({ path: file.name, file });
  }
  if (entries.length === 0)
    for (const file of dataTransfer.files || []) files.push({ path: file.name, file });
  return { files, folders };
}

/**
 * Uploads `files` (`[{path, file}]`) into `folder`, making `folders` first, with a panel in
 * `host` showing each file's progress and the whole's, and a Cancel that stops what is left
 * (a file being sent is not written at all). Resolves to `{uploaded, failed, cancelled}`.
 */
export async function uploadAll(host, folder, { files, folders }) {
  const controller = new AbortController();
  const total = files.reduce((sum, item) => sum + item.file.size, 0) || 1;
  let done = 0;
  const overall = h("progress", { max: String(total), value: "0", "aria-label": "Upload progress" });
  const summary = h("span", { class: "upload-summary" }, `Uploading ${files.length} file${files.length === 1 ? "" : "s"}…`);
  const cancel = h("button", { type: "button", class: "button", onclick: () => controller.abort() }, "Cancel");
  const rows = files.map((item) => {
    const bar = h("progress", { max: String(item.file.size || 1), value: "0", "aria-label": `Progress of ${item.path}` });
    const state = h("span", { class: "upload-state" }, "Waiting");
    const row = h("li", { class: "upload-row", dataset: { path: item.path } }, h("span", { class: "upload-name" }, item.path), bar, state);
    return { item, bar, state, row };
  });
  const panel = h("section", { class: "upload-panel", "aria-label": "Uploads", role: "region" }, h("div", { class: "upload-head" }, summary, overall, cancel), h("ul", { class: "upload-list" }, ...rows.map((row) => row.row)));
  host.append(panel);
  const result = { uploaded: [], failed: [], cancelled: 0 };
  try {
    for (const path of folders) await FilesAPI.makeDirectories(join(folder, path));
    for (const row of rows) {
      if (controller.signal.aborted) {
        row.state.textContent = "Cancelled";
        result.cancelled += 1;
        continue;
      }
      const target = join(folder, row.item.path);
      row.state.textContent = "Uploading";
      try {
        const written = await resolvingTakenName(target, (ifExists) =>
          FilesAPI.upload(target, row.item.file, {
            ifExists,
            signal: controller.signal,
            onProgress: (sent) => {
              row.bar.value = sent;
              overall.value = done + sent;
            },
          }));
        done += row.item.file.size;
        overall.value = done;
        row.bar.value = row.item.file.size || 1;
        if (written) {
          row.state.textContent = written.path === target ? "Done" : `Done as “${written.name}”`;
          result.uploaded.push(written.path);
        } else {
          row.state.textContent = "Skipped";
        }
      } catch (error) {
        if (error.name === "AbortError") {
          row.state.textContent = "Cancelled";
          result.cancelled += 1;
        } else {
          row.state.textContent = `Failed: ${error.sentence || error.message}`;
          result.failed.push({ path: target, reason: error.sentence || error.message });
        }
      }
    }
  } catch (error) {
    result.failed.push({ path: folder, reason: error.sentence || error.message });
  }
  summary.textContent = `${result.uploaded.length} uploaded (${formatSize(done)})` + (result.failed.length ? `, ${result.failed.length} failed` : "") + (result.cancelled ? `, ${result.cancelled} cancelled` : "");
  replace(cancel, "Close");
  cancel.onclick = () => panel.remove();
  return result;
}
