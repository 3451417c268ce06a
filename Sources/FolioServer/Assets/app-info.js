// The App Info sheet: the program, its container and what the library holds.

import { DocumentsAPI } from "./documents-api.js";
import { InfoAPI } from "./info-api.js";
import { errorState, formatSize, h, loadingState, replace, runDialog } from "./ui.js";

/** App Info: the program, its container and what the library holds. */
export async function showAppInfo() {
  const dialog = document.getElementById("info-sheet");
  const body = dialog.querySelector(".info-body");
  replace(body, loadingState());
  const shown = runDialog(dialog, (finish) => {
    dialog.querySelector(".close-button").onclick = () => finish(null);
  });
  try {
    const [info, library] = await Promise.all([InfoAPI.info(), DocumentsAPI.library()]);
    const names = { drawing: "Drawings", note: "Notes", generic: "Other documents" };
    replace(
      body,
      h(
        "dl", { class: "attributes" },
        h("dt", {}, "Version"),
        h("dd", {}, `${info.name} ${library.applicationVersion}`),
        h("dt", {}, "Home container"),
        h("dd", { class: "path" }, info.home),
        h("dt", {}, "Bundle (read-only)"),
        h("dd", { class: "path" }, info.bundle),
        h("dt", {}, "Areas"),
        h("dd", {}, info.areas.join(" · ")),
        h("dt", {}, "Documents"),
        h("dd", {}, `${library.documentCount.toLocaleString()} · ${formatSize(library.documentBytes)}`),
        library.kinds.map((usage) => [h("dt", { class: "sub" }, names[usage.kind] || usage.kind), h("dd", {}, `${usage.count.toLocaleString()} · ${formatSize(usage.bytes)}`)]),
        h("dt", {}, "Folders"),
        h("dd", {}, library.folderCount.toLocaleString()),
        h("dt", {}, "Recently Deleted"),
        h("dd", {}, `${library.trashCount.toLocaleString()} · ${formatSize(library.trashBytes)}`),
        h("dt", {}, "Current document"),
        h("dd", {}, library.currentDocument || "none"),
      ),
    );
  } catch (error) {
    replace(body, errorState(error));
  }
  await shown;
}
