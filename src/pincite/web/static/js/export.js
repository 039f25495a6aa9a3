// pincite web UI, export.js: the evidence export buttons. The file is the server's
// (POST /api/export with the answer on screen: Library.evidence_file, the same export as
// `pincite ask --export`); this module only asks for it and saves it under the name the
// server gives.

import { $, el } from "./dom.js";
import { state, T } from "./state.js";
import { ApiError } from "./api.js";

/** The file name of a Content-Disposition header (filename*=UTF-8'' first), or null. */
function dispositionName(header) {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header || "");
  if (star) {
    try { return decodeURIComponent(star[1]); } catch (_) { /* malformed: the plain name */ }
  }
  const plain = /filename="([^"]*)"/i.exec(header || "");
  return plain ? plain[1] : null;
}

/** POST the answer to /api/export as `format` ("md" or "csv"); resolves to {name, blob}. */
async function fetchEvidence(answer, format) {
  const headers = new Headers({ "Content-Type": "application/json", "X-Pincite-Request": "1" });
  if (state.token) headers.set("Authorization", `Bearer ${state.token}`);
  let res;
  try {
    res = await fetch(`/api/export?format=${encodeURIComponent(format)}`,
      { method: "POST", headers, body: JSON.stringify(answer) });
  } catch (_) {
    throw new ApiError(0, T("err_unreachable"));
  }
  if (!res.ok) throw new ApiError(res.status, `${res.status} ${res.statusText}`);
  return { name: dispositionName(res.headers.get("content-disposition")) || `pincite-evidence.${format}`,
    blob: await res.blob() };
}

async function download(format) {
  const answer = state.answer;
  if (!answer) return;
  const note = $("#export-state");
  note.textContent = "";
  try {
    const { name, blob } = await fetchEvidence(answer, format);
    if (state.answer !== answer) return;  // another answer since
    const url = URL.createObjectURL(blob);
    const a = el("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) {
    note.textContent = err.message;
  }
}

$("#export-md").addEventListener("click", () => download("md"));
$("#export-csv").addEventListener("click", () => download("csv"));
