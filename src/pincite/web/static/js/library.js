// pincite web UI, library.js: the Library tab: documents with their fields (and editing them),
// uploads, failures, problems, removal, and the document choice of the ask form.

import { $, DASH, el, shown } from "./dom.js";
import { state, T } from "./state.js";
import { api, docUrl } from "./api.js";
import { hideGlobalError, refreshHealth, showServerInfo } from "./health.js";
import { answerShown, clearAnswer } from "./ask.js";
import { closePageView } from "./pageview.js";

const ACTIVE_UPLOAD = new Set(["queued", "processing"]);

/** Ingest state of a document row: "ready" or "pending" (catalog `state`, else `status`). */
function docState(d) {
  return d.state ?? d.status ?? "ready";
}

const REVISION_STATUSES = new Set(["in_force", "superseded", "repealed", "not_yet_in_force"]);

/** The registry's status of the document's revision (DocumentOut.revision_status: in_force,
 * superseded, repealed, not_yet_in_force) in words, or null when the revision is not
 * registered; `status` itself is the ingest status ("ready"), never shown here. */
function revisionStatus(d) {
  const s = d.revision_status;
  if (!s) return null;
  return REVISION_STATUSES.has(s) ? T(`rev_${s}`) : s;
}

export async function refreshLibrary() {
  const seq = ++state.librarySeq;
  try {
    const lib = await api("/api/documents");
    if (seq !== state.librarySeq) return; // a newer refresh is on its way
    renderLibrary(lib);
    hideGlobalError();
    if (state.libraryErrorFromRefresh) $("#library-error").hidden = true;
  } catch (err) {
    if (seq === state.librarySeq) showLibraryError(T("cannot_be_read", { error: err.message }), true);
  } finally {
    if (seq === state.librarySeq) schedulePoll();
  }
}

function schedulePoll() {
  if (state.pollTimer) clearTimeout(state.pollTimer);
  const active = state.uploads.some((u) => ACTIVE_UPLOAD.has(u.status))
    || state.documents.some((d) => docState(d) === "pending");
  state.pollTimer = setTimeout(refreshLibrary, active ? 700 : 15000);
}

function showLibraryError(message, fromRefresh = false) {
  state.libraryErrorFromRefresh = fromRefresh;
  const box = $("#library-error");
  box.replaceChildren(el("strong", { text: T("library_error_prefix") }), message);
  box.hidden = false;
}

function renderLibrary(lib) {
  const docs = lib.documents || [];
  const uploads = lib.uploads || [];
  state.documents = docs;
  state.uploads = uploads;

  const sig = docs.filter((d) => docState(d) === "ready").map((d) => d.doc_id).sort().join(",");
  if (state.librarySig !== null && sig !== state.librarySig && (state.answer || state.askAbort)) {
    clearAnswer(T("notice_library_changed"));
  }
  state.librarySig = sig;
  state.readyCount = docs.filter((d) => docState(d) === "ready").length;
  if (state.version !== undefined) showServerInfo();

  $("#doc-count").textContent = docs.length ? `(${docs.length})` : "";
  renderDocs(docs);
  renderUploads(uploads, docs);
  renderFailures(lib.failures || [], uploads);
  renderScope(docs);

  const problems = lib.problems || [];
  const pbox = $("#library-problems");
  pbox.hidden = problems.length === 0;
  pbox.replaceChildren(...(problems.length
    ? [el("strong", { text: T("library_problems") }), el("ul", {}, problems.map((p) => el("li", { text: p })))]
    : []));
  if (state.view && !docs.some((d) => d.doc_id === state.view.docId)) closePageView();
}

/** A document's modifications as text ("A, B"). */
function modificationsText(d) {
  const mods = d.modifications ?? (d.modification ? [d.modification] : []);
  return Array.isArray(mods) ? mods.join(", ") : String(mods || "");
}

/** A trust level in words, in the interface's language (i18n.js trust_*). */
const trustText = (trust) => (trust === "uploaded" ? T("trust_uploaded_badge")
  : ["normative", "reference"].includes(trust) ? T(`trust_${trust}`) : trust);

/** Validity, language and source URL under the title: "valid 2024-01-01 – 2026-12-31 · en". */
function docDetails(d) {
  const bits = [];
  if (d.valid_from || d.valid_to) bits.push(T("doc_valid", { from: d.valid_from || "…", to: d.valid_to || "…" }));
  if (d.language) bits.push(T("doc_language", { lang: d.language }));
  const nodes = bits.length ? [el("span", { text: bits.join(" · ") })] : [];
  if (d.source_url) {
    if (nodes.length) nodes.push(" · ");
    nodes.push(el("a", { href: d.source_url, target: "_blank", rel: "noopener noreferrer", class: "doc-source-url", text: T("doc_source") }));
  }
  return nodes.length ? el("p", { class: "doc-details" }, ...nodes) : null;
}

/** The Pages cell: PDF (and Word) pages as a number; sheets, slides and parts of a text
 * file (about 60 lines each) named, so a text file does not read as pages. */
function unitsText(d) {
  return d.unit && d.unit !== "pdf" && d.pages ? T(`count_${d.unit}`, { n: d.pages }) : shown(d.pages);
}

function renderDocs(docs) {
  const body = $("#docs-body");
  if (state.edit && !docs.some((d) => d.doc_id === state.edit.docId && docState(d) === "ready")) state.edit = null;
  // Moving the edit form out of the table and back blurs it: keep the focus and caret.
  const active = document.activeElement;
  const keep = state.edit && active && state.edit.row.contains(active) ? active : null;
  const caret = keep && typeof keep.selectionStart === "number" ? [keep.selectionStart, keep.selectionEnd] : null;
  body.replaceChildren(...docs.flatMap((d) => {
    const st = docState(d);
    const warnings = d.warnings || [];
    const file = d.file ?? d.file_name ?? "";
    const editing = state.edit && state.edit.docId === d.doc_id;
    const row = el("tr", { class: "doc-row", dataset: { status: st, docId: d.doc_id, trust: d.trust || null } },
      el("td", { class: "title" }, el("span", { text: shown(d.title) }), docDetails(d)),
      el("td", { class: "file", text: file }),
      el("td", { class: "doc-model", text: shown(d.model) }),
      el("td", { class: "doc-modifications", text: shown(modificationsText(d)) }),
      el("td", { class: "doc-revision", text: shown(d.revision) }),
      el("td", { text: shown(revisionStatus(d)) }),
      el("td", { class: "doc-trust" }, d.trust
        ? el("span", { class: `badge badge-trust badge-trust-${d.trust}`, text: trustText(d.trust) })
        : DASH),
      el("td", { class: "num", text: unitsText(d) }),
      el("td", { class: "state" },
        el("span", { class: `badge badge-${st}`, text: st === "pending" || st === "ready" ? T(`state_${st}`) : st }),
        warnings.length ? el("ul", { class: "doc-warnings" }, warnings.map((w) => el("li", { text: w }))) : null),
      el("td", { class: "actions" },
        st === "ready" ? el("button", {
          type: "button",
          class: "edit-btn",
          "aria-label": T("edit_aria", { file }),
          "aria-expanded": editing ? "true" : "false",
          onclick: () => toggleEdit(d),
        }, T("edit")) : null,
        el("button", {
          type: "button",
          class: "remove-btn",
          "aria-label": T("remove_aria", { file }),
          onclick: () => removeDocument(d),
        }, T("remove"))));
    // The edit form is one node kept across re-renders (the library is polled), so what
    // is typed into it stays.
    return editing ? [row, state.edit.row] : [row];
  }));
  if (keep && keep.isConnected && document.activeElement !== keep) {
    keep.focus();
    if (caret) keep.setSelectionRange(caret[0], caret[1]);
  }
  $("#docs-empty").hidden = docs.length > 0;
  $("#docs-table").hidden = docs.length === 0;
}

/** The fields a document's edit form shows, in order: [key, label (i18n.js key), kind]. */
const EDIT_FIELDS = [
  ["model", "model", "text"],
  ["modifications", "modifications", "text"],
  ["revision", "revision", "text"],
  ["trust", "trust", "trust"],
  ["language", "field_language", "text"],
  ["valid_from", "field_valid_from", "date"],
  ["valid_to", "field_valid_to", "date"],
  ["source_url", "field_source_url", "url"],
];

function toggleEdit(d) {
  if (state.edit && state.edit.docId === d.doc_id) {
    state.edit = null;
  } else {
    state.edit = { docId: d.doc_id, row: editRow(d) };
  }
  renderDocs(state.documents);
  if (state.edit) {
    const first = state.edit.row.querySelector("input, select");
    if (first) first.focus();
  }
}

/** The inline form of a document's fields: Save sends PATCH /api/documents/{id} with the
 * fields that changed ("" clears one); the server's reason shows when a value is refused. */
function editRow(d) {
  const file = d.file ?? d.file_name ?? "";
  const initial = {};
  const inputs = {};
  const controls = EDIT_FIELDS.map(([key, label, kind]) => {
    const value = key === "modifications" ? modificationsText(d) : (d[key] ?? "");
    initial[key] = String(value);
    let input;
    if (kind === "trust") {
      input = el("select", { name: key, class: "edit-trust" },
        ["normative", "reference", "uploaded"].map((t) => el("option", { value: t, text: T(`trust_${t}`) })));
      input.value = value || "reference";
      initial[key] = input.value;
    } else {
      input = el("input", {
        name: key,
        type: "text",
        class: `edit-${key.replace("_", "-")}`,
        spellcheck: "false",
        autocapitalize: "off",
        placeholder: kind === "date" ? T("date_placeholder") : kind === "url" ? "https://…" : (key === "modifications" ? T("scope_modifications_placeholder") : ""),
      });
      input.value = String(value);
    }
    inputs[key] = input;
    return el("label", { class: "edit-field" }, el("span", { class: "field-label", text: T(label) }), input);
  });
  const error = el("p", { class: "edit-error", role: "alert", hidden: true });
  const saveBtn = el("button", { type: "submit", class: "primary edit-save" }, T("save"));
  const formEl = el("form", {
    class: "edit-form",
    "aria-label": T("edit_form_aria", { file }),
    novalidate: true,
  },
  el("div", { class: "edit-fields" }, controls),
  el("p", { class: "help", text: T("edit_help") }),
  error,
  el("div", { class: "edit-actions" }, saveBtn,
    el("button", { type: "button", class: "edit-cancel", onclick: () => toggleEdit(d) }, T("cancel"))));
  formEl.addEventListener("submit", async (e) => {
    e.preventDefault();
    const changes = {};
    for (const [key] of EDIT_FIELDS) {
      const value = inputs[key].value.trim();
      if (value !== initial[key].trim()) {
        changes[key] = key === "modifications"
          ? value.split(/[,;]/).map((m) => m.trim()).filter(Boolean)
          : value;
      }
    }
    if (!Object.keys(changes).length) {
      state.edit = null;
      renderDocs(state.documents);
      return;
    }
    error.hidden = true;
    saveBtn.disabled = true;
    try {
      await api(docUrl(d.doc_id), {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(changes),
      });
      state.edit = null;
      clearAnswer(answerShown() ? T("notice_fields_changed") : "");
      await refreshLibrary();
    } catch (err) {
      error.textContent = T("not_saved", { error: err.message });
      error.hidden = false;
    } finally {
      saveBtn.disabled = false;
    }
  });
  return el("tr", { class: "edit-row", dataset: { docId: d.doc_id } },
    el("td", { colspan: "10" }, formEl));
}

function renderUploads(uploads) {
  const list = $("#uploads");
  list.replaceChildren(...uploads.map((u) => {
    const pct = Math.round((u.progress ?? 0) * 100);
    const statusText = {
      queued: T("upload_waiting"),
      processing: T("upload_indexing", { pct }),
      ready: T({ added: "upload_added", replaced: "upload_replaced", skipped: "upload_skipped" }[u.result] || "upload_ready"),
      failed: T("upload_failed_badge"),
    }[u.status] || u.status;
    return el("li", { class: `upload-row status-${u.status}`, dataset: { status: u.status, uploadId: u.upload_id } },
      el("span", { class: "upload-file", text: u.file }),
      el("span", { class: `badge badge-${u.status}`, text: statusText }),
      ACTIVE_UPLOAD.has(u.status)
        ? el("progress", { max: "1", value: String(u.progress ?? 0), "aria-label": T("upload_progress_aria", { file: u.file }) })
        : null,
      u.status === "failed" ? el("p", { class: "reason", text: u.reason || T("upload_no_reason") }) : null,
      u.status === "ready" && u.reason ? el("p", { class: "note", text: u.reason }) : null);
  }));
  $("#uploads-section").hidden = uploads.length === 0;
}

function renderFailures(failures, uploads) {
  // A failed upload is already shown with its reason in the uploads list.
  const failedUploads = new Set(uploads.filter((u) => u.status === "failed").map((u) => u.file));
  const rest = failures.filter((f) => !failedUploads.has(f.file ?? f.file_name));
  $("#failures").replaceChildren(...rest.map((f) => el("li", { class: "failure-row", dataset: { status: "failed" } },
    el("span", { class: "upload-file", text: f.file ?? f.file_name ?? f.source_path ?? "" }),
    el("p", { class: "reason", text: f.reason || "" }))));
  $("#failures-section").hidden = rest.length === 0;
}

function renderScope(docs) {
  const select = $("#scope");
  const current = select.value;
  const ready = docs.filter((d) => docState(d) === "ready");
  select.replaceChildren(el("option", { value: "", "data-i18n": "all_documents", text: T("all_documents") }),
    ...ready.map((d) => el("option", { value: d.doc_id, text: d.title ? `${d.title} (${d.file ?? d.file_name})` : (d.file ?? d.file_name) })));
  select.value = ready.some((d) => d.doc_id === current) ? current : "";
}

async function uploadFiles(fileList) {
  const files = [...fileList];
  if (!files.length) return;
  const fd = new FormData();
  // Document fields of every file of this upload (optional). Trust "uploaded" is the
  // server's default for a new document; not sending it lets a file already in the library
  // (uploaded again) keep the trust it was given.
  const trust = $("#upload-trust").value;
  if (trust && trust !== "uploaded") fd.append("trust", trust);
  for (const key of ["model", "revision"]) {
    const value = $(`#upload-${key}`).value.trim();
    if (value) fd.append(key, value);
  }
  for (const m of $("#upload-modification").value.split(/[,;]/).map((x) => x.trim()).filter(Boolean)) {
    fd.append("modification", m);
  }
  for (const f of files) fd.append("file", f, f.name);
  clearAnswer(answerShown() ? T("notice_library_changing") : "");
  $("#library-error").hidden = true;
  try {
    const res = await api("/api/documents", { method: "POST", body: fd });
    const known = new Map(state.uploads.map((u) => [u.upload_id, u]));
    for (const u of (res && res.uploads) || []) known.set(u.upload_id, u);
    state.uploads = [...known.values()];
    renderUploads(state.uploads);
  } catch (err) {
    showLibraryError(T("upload_failed", { error: err.message }));
  } finally {
    $("#upload-input").value = "";
    refreshLibrary();
  }
}

$("#upload-input").addEventListener("change", (e) => uploadFiles(e.target.files));

const drop = $("#drop-zone");
drop.addEventListener("dragover", (e) => {
  e.preventDefault();
  e.dataTransfer.dropEffect = "copy";
  drop.classList.add("is-over");
});
drop.addEventListener("dragleave", () => drop.classList.remove("is-over"));
drop.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("is-over");
  uploadFiles(e.dataTransfer.files);
});
// A file dropped anywhere else must not replace the app with the PDF.
window.addEventListener("dragover", (e) => e.preventDefault());
window.addEventListener("drop", (e) => e.preventDefault());

function confirmRemove(d) {
  const dialog = $("#confirm-dialog");
  const file = d.file ?? d.file_name;
  $("#confirm-text").textContent = T("confirm_remove", { title: d.title || file, file });
  if (typeof dialog.showModal !== "function") return Promise.resolve(window.confirm($("#confirm-text").textContent));
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
    dialog.returnValue = "cancel";
    dialog.showModal();
  });
}

async function removeDocument(d) {
  if (!(await confirmRemove(d))) return;
  try {
    await api(docUrl(d.doc_id), { method: "DELETE" });
    clearAnswer(answerShown() ? T("notice_doc_removed") : "");
  } catch (err) {
    showLibraryError(T("remove_failed", { file: d.file ?? d.file_name, error: err.message }));
  } finally {
    refreshLibrary();
    refreshHealth();
  }
}
