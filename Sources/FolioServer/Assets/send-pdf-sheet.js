// "Send PDF via email": the sheet with To, Subject and Message and the PDF that is attached (its
// name and size), sent by the server through the SMTP server `folio settings smtp` configured.
// Where the browser shares files (the Web Share API), Share hands the same PDF to the system.

import { DocumentsAPI } from "./documents-api.js";
import { formatSize, runDialog, toast } from "./ui.js";

/** The addresses typed in the To field: separated by commas, semicolons or spaces. */
export function recipients(text) {
  return text.split(/[,;\s]+/).filter((address) => address.length > 0);
}

/** Opens the sheet for the document `name`; resolves when it is sent or cancelled. */
export async function sendPDF(name) {
  if (!name) return toast("There is no document to send.");
  const dialog = document.getElementById("send-sheet");
  const form = dialog.querySelector("form");
  const to = dialog.querySelector("#send-to");
  const subject = dialog.querySelector("#send-subject");
  const message = dialog.querySelector("#send-message");
  const attachment = dialog.querySelector("#send-attachment");
  const problem = dialog.querySelector("#send-problem");
  const sendButton = dialog.querySelector("#send-button");
  const shareButton = dialog.querySelector("#share-button");
  let draft;
  try {
    draft = await DocumentsAPI.sendDraft(name);
  } catch (error) {
    return toast(`Could not make the PDF: ${error.sentence || error.message}`);
  }
  const sent = await runDialog(dialog, (finish) => {
    to.value = "";
    subject.value = draft.subject;
    message.value = "";
    attachment.textContent = `${draft.attachment.name} · ${formatSize(draft.attachment.size)}`;
    problem.textContent = draft.isConfigured ? "" : draft.problem || "No mail server is configured.";
    sendButton.disabled = !draft.isConfigured;
    shareButton.hidden = true;
    shareWhenPossible(name, draft, shareButton, finish);
    form.onsubmit = async (event) => {
      event.preventDefault();
      const addresses = recipients(to.value);
      if (addresses.length === 0) {
        problem.textContent = "Enter at least one address.";
        return to.focus();
      }
      sendButton.disabled = true;
      problem.textContent = "Sending…";
      try {
        finish(await DocumentsAPI.send(name, { to: addresses, subject: subject.value, message: message.value }));
      } catch (error) {
        problem.textContent = error.userMessage || error.sentence || error.message;
        sendButton.disabled = false;
        to.focus();
      }
    };
    dialog.querySelector(".cancel-button").onclick = () => finish(null);
    queueMicrotask(() => to.focus());
  });
  if (sent) toast(`Sent ${draft.attachment.name} to ${sent.recipients.join(", ")}.`);
}

/** Shows Share when the browser can share the PDF as a file. */
async function shareWhenPossible(name, draft, button, finish) {
  if (!navigator.canShare || typeof File !== "function") return;
  try {
    const blob = await DocumentsAPI.pdf(name);
    const file = new File([blob], draft.attachment.name, { type: "application/pdf" });
    if (!navigator.canShare({ files: [file] })) return;
    button.hidden = false;
    button.onclick = async () => {
      try {
        await navigator.share({ files: [file], title: draft.subject });
        finish(null);
      } catch (error) {
        if (error.name !== "AbortError") toast(`Could not share: ${error.message}`);
      }
    };
  } catch {
    // Without the PDF there is nothing to share; sending still works.
  }
}
