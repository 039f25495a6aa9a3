// pincite web UI, settings.js: the LLM settings of this browser session: save, check, clear the
// key, and the notes that say whether questions in LLM mode can be answered.

import { $, DASH, el } from "./dom.js";
import { state, T } from "./state.js";
import { api } from "./api.js";
import { selectTab } from "./tabs.js";
import { answerShown, clearAnswer, currentMode } from "./ask.js";

// state.llm: view = the last GET/PUT answer of /api/settings/llm (never holds a key);
// dirty = a field was changed since (the UI then shows "not checked" at once, whatever the
// server says); seq = bumped by each change, so a check that ran meanwhile does not count.
state.llm = { view: null, dirty: false, seq: 0, busy: false, loaded: false, check: null };

const llmForm = $("#llm-form");
const llmUrl = $("#llm-url");
const llmModel = $("#llm-model");
const llmQuery = $("#llm-query-model");
const llmKey = $("#llm-key");
const LLM_FIELDS = [llmUrl, llmModel, llmQuery, llmKey];

function llmConfigured() {
  const v = state.llm.view;
  return Boolean(v && v.url && v.model);
}

function llmChecked() {
  return llmConfigured() && state.llm.view.checked && !state.llm.dirty;
}

function fillLlmFields(v) {
  llmUrl.value = (v && v.url) || "";
  llmModel.value = (v && v.model) || "";
  llmQuery.value = (v && v.query_model) || "";
  llmKey.value = "";
}

function setLlmError(message) {
  const box = $("#llm-error");
  box.replaceChildren(...(message ? [el("strong", { text: T("llm_error_prefix") }), message] : []));
  box.hidden = !message;
}

function setLlmBusy(text) {
  state.llm.busy = Boolean(text);
  $("#llm-busy").textContent = text || "";
  for (const b of [$("#llm-save"), $("#llm-check"), $("#llm-clear-key")]) b.disabled = state.llm.busy;
}

/** The checked state, the key line and the notes in the ask view, from state.llm. */
export function renderLlmState() {
  const v = state.llm.view;
  const box = $("#llm-state");
  const checked = llmChecked();
  let kind;
  let text;
  if (state.llm.dirty) {
    kind = "changed";
    text = T("llm_state_changed");
  } else if (!llmConfigured()) {
    kind = "unconfigured";
    text = T("llm_state_unconfigured");
  } else if (checked) {
    kind = "checked";
    text = v.response_format ? T("llm_state_checked_format", { format: v.response_format }) : T("llm_state_checked");
  } else {
    kind = "unchecked";
    text = T("llm_state_unchecked");
  }
  if (v && v.source === "server" && !state.llm.dirty && llmConfigured()) {
    text += T("llm_state_server");
  }
  box.dataset.state = kind;
  box.dataset.checked = String(checked);
  box.textContent = text;

  const keyState = $("#llm-key-state");
  const keySet = Boolean(v && v.key_set);
  keyState.dataset.keySet = String(keySet);
  if (keySet && v.source === "server") keyState.textContent = T("llm_key_server");
  else if (keySet) keyState.textContent = T("llm_key_session");
  else keyState.textContent = T("llm_key_none");
  $("#llm-clear-key").hidden = !keySet;

  const tabState = $("#llm-tab-state");
  tabState.dataset.checked = String(checked);
  tabState.textContent = !llmConfigured() && !state.llm.dirty ? "" : checked ? "✓" : T("llm_tab_unchecked");
  renderLlmModeNote();
}

function hostOf(url) {
  try { return new URL(url).host; } catch (_) { return url; }
}

/** Under the ask form, in LLM mode: which server gets the question, and whether it is ready. */
export function renderLlmModeNote() {
  const note = $("#llm-mode-note");
  note.hidden = currentMode() !== "llm";
  const line = $("#llm-mode-state");
  const v = state.llm.view;
  const checked = llmChecked();
  line.dataset.checked = String(checked);
  if (!state.llm.loaded) line.textContent = T("llm_note_loading");
  else if (!llmConfigured() && !state.llm.dirty) line.textContent = T("llm_note_unconfigured");
  else if (checked) line.textContent = T("llm_note_checked", { model: v.model, host: hostOf(v.url) });
  else line.textContent = T(state.llm.dirty ? "llm_note_changed" : "llm_note_unchecked");
}

export async function loadLlmSettings() {
  if (state.llm.busy) return;
  const seq = state.llm.seq;
  try {
    const v = await api("/api/settings/llm");
    if (seq !== state.llm.seq || state.llm.busy) return; // the user changed something meanwhile
    state.llm.view = v;
    state.llm.loaded = true;
    if (!state.llm.dirty) fillLlmFields(v);
    renderLlmState();
  } catch (err) {
    state.llm.loaded = true;
    setLlmError(T("cannot_be_read", { error: err.message }));
    renderLlmState();
  }
}

/** Any change to a field: unchecked now (the server follows on Save), the answer is stale. */
function llmChanged() {
  state.llm.seq += 1;
  state.llm.dirty = true;
  setLlmError("");
  $("#llm-check-result").hidden = true; // its outcome was for the settings before this change
  if (answerShown()) clearAnswer(T("notice_llm_changed"));
  renderLlmState();
}
for (const input of LLM_FIELDS) input.addEventListener("input", llmChanged);

function llmBody() {
  const url = llmUrl.value.trim();
  const model = llmModel.value.trim();
  if (!url || !model) {
    setLlmError(T(!url && !model ? "llm_need_both" : !url ? "llm_need_url" : "llm_need_model"));
    (!url ? llmUrl : llmModel).focus();
    return null;
  }
  const body = { url, model, query_model: llmQuery.value.trim() || null };
  if (llmKey.value) body.key = llmKey.value; // omitted: the key already set is kept
  return body;
}

/** PUT the fields (plus `extra`); true when saved. The key field is emptied once sent. */
async function saveLlm(extra = {}) {
  const body = llmBody();
  if (!body) return false;
  Object.assign(body, extra);
  const seq = ++state.llm.seq;
  setLlmError("");
  setLlmBusy(T("llm_saving"));
  try {
    const v = await api("/api/settings/llm", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    state.llm.view = v;
    state.llm.loaded = true;
    if (seq === state.llm.seq) {
      state.llm.dirty = false;
      fillLlmFields(v);
    } else if ("key" in body && llmKey.value === body.key) {
      llmKey.value = ""; // sent; only later edits to other fields remain
    }
    state.llm.check = null;
    $("#llm-check-result").hidden = true;
    if (answerShown()) clearAnswer(T("notice_llm_changed"));
    return true;
  } catch (err) {
    setLlmError(err.message);
    return false;
  } finally {
    setLlmBusy("");
    renderLlmState();
  }
}

function renderCheck(result) {
  const section = $("#llm-check-result");
  const summary = $("#llm-check-summary");
  summary.className = `llm-check-summary ${result.ok ? "is-ok" : "is-bad"}`;
  summary.dataset.ok = String(result.ok);
  const models = (result.models || []).length ? T("check_models", { models: result.models.join(", ") }) : "";
  summary.textContent = (result.ok
    ? T("check_passed", { format: result.response_format || DASH })
    : result.response_format ? T("check_failed_format", { format: result.response_format }) : T("check_failed")) + models;
  $("#llm-check-messages").replaceChildren(...(result.messages || []).map((m) => el("li", { text: m })));
  section.hidden = false;
}

async function checkLlm() {
  // Changed fields are saved first: the check always runs on what the form shows.
  if (state.llm.dirty || !llmConfigured()) {
    if (!(await saveLlm())) return;
  }
  const seq = state.llm.seq;
  setLlmError("");
  setLlmBusy(T("llm_checking"));
  try {
    const result = await api("/api/settings/llm/check", { method: "POST" });
    state.llm.check = result;
    renderCheck(result);
    const v = await api("/api/settings/llm");
    if (seq === state.llm.seq) state.llm.view = v;
    else state.llm.view = { ...v, checked: false };
  } catch (err) {
    setLlmError(T("check_could_not_run", { error: err.message }));
  } finally {
    setLlmBusy("");
    renderLlmState();
  }
}

llmForm.addEventListener("submit", (e) => {
  e.preventDefault();
  if (!state.llm.busy) saveLlm();
});
$("#llm-check").addEventListener("click", () => {
  if (!state.llm.busy) checkLlm();
});
$("#llm-clear-key").addEventListener("click", async () => {
  if (state.llm.busy) return;
  llmKey.value = "";
  if (!llmUrl.value.trim() && !llmModel.value.trim()) {
    setLlmError(T("llm_need_both_clear"));
    return;
  }
  await saveLlm({ key: "" });
});
$("#llm-open-settings").addEventListener("click", () => selectTab($("#tab-settings"), true));
