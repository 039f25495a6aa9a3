// pincite web UI, ask.js: the ask form: mode, scope, sending a question, and clearing or failing
// an answer.

import { $, el } from "./dom.js";
import { state, T } from "./state.js";
import { api, ApiError } from "./api.js";
import { selectTab } from "./tabs.js";
import { fmtSeconds, renderAnswer } from "./render.js";
import { closePageView } from "./pageview.js";
import { renderLlmModeNote } from "./settings.js";

export const form = $("#ask-form");
export const questionBox = $("#question");

export function currentMode() {
  const checked = form.querySelector('input[name="mode"]:checked');
  return checked ? checked.value : "extractive";
}

questionBox.addEventListener("keydown", (e) => {
  // Enter submits; Shift+Enter is a new line; never while an input method composes (zh, ja).
  if (e.key === "Enter" && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
    e.preventDefault();
    form.requestSubmit();
  }
});

form.addEventListener("submit", (e) => {
  e.preventDefault();
  ask(questionBox.value);
});

// Changing a setting makes the shown answer stale.
export const answerShown = () => Boolean(state.answer || state.askAbort || !$("#answer").hidden);
for (const input of form.querySelectorAll('input[name="mode"]')) {
  input.addEventListener("change", () => {
    if (answerShown()) clearAnswer(T("notice_mode_changed"));
    renderLlmModeNote();
  });
}
$("#scope").addEventListener("change", () => {
  if (answerShown()) clearAnswer(T("notice_docs_changed"));
});
const SCOPE_INPUTS = ["#scope-model", "#scope-modification", "#scope-revision", "#include-uploaded"];
for (const sel of SCOPE_INPUTS) {
  $(sel).addEventListener("change", () => {
    if (answerShown()) clearAnswer(T("notice_scope_changed"));
  });
}

/** The scope sent with a question: the filled-in fields and the uploads switch. */
function currentScope() {
  const scope = { include_uploaded: $("#include-uploaded").checked };
  for (const key of ["model", "modification", "revision"]) {
    const value = $(`#scope-${key}`).value.trim();
    if (value) scope[key] = value;
  }
  return scope;
}

function setProgress(text) {
  $("#ask-progress").textContent = text || "";
}

function stopAskTimer() {
  if (state.askTimer) clearInterval(state.askTimer);
  state.askTimer = null;
}

/** Remove the answer and the page view (new question, library or settings change, failure). */
export function clearAnswer(notice = "") {
  if (state.askAbort) state.askAbort.abort();
  state.askAbort = null;
  state.askSeq += 1;
  stopAskTimer();
  form.removeAttribute("aria-busy");
  $("#ask-btn").textContent = T("ask");
  state.answer = null;
  const section = $("#answer");
  section.hidden = true;
  $("#status-banner").textContent = "";
  $("#status-banner").className = "banner";
  delete $("#status-banner").dataset.status;
  delete $("#status-banner").dataset.http;
  $("#answer-body").replaceChildren();
  $("#answer-meta").replaceChildren();
  $("#answer-details").hidden = true;
  $("#export").hidden = true;
  $("#export-state").textContent = "";
  closePageView();
  setProgress(notice);
}

export async function ask(rawQuestion) {
  const question = rawQuestion.trim();
  if (!question) {
    clearAnswer(T("type_question"));
    questionBox.focus();
    return;
  }
  if ([...question].length > 2000) {
    clearAnswer(T("too_long"));
    return;
  }
  clearAnswer();
  if (currentMode() === "llm" && state.llm.dirty) {
    // The server would answer with the settings saved before: say so instead of asking.
    const err = new ApiError(0, T("err_llm_unsaved"));
    err.settings = true;
    showAskError(err);
    return;
  }
  const seq = state.askSeq;
  const controller = new AbortController();
  state.askAbort = controller;
  const scope = $("#scope").value;
  const body = { question, doc_ids: scope ? [scope] : null, mode: currentMode(), scope: currentScope() };
  const started = performance.now();
  form.setAttribute("aria-busy", "true");
  $("#ask-btn").textContent = T("asking");
  const working = T(body.mode === "llm" ? "searching_llm" : "searching");
  setProgress(working);
  state.askTimer = setInterval(() => {
    setProgress(`${working} ${T("unit_sec", { n: ((performance.now() - started) / 1000).toFixed(0) })}`);
  }, 1000);
  try {
    const answer = await api("/api/ask", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (seq !== state.askSeq) return;
    stopAskTimer();
    form.removeAttribute("aria-busy");
    $("#ask-btn").textContent = T("ask");
    state.askAbort = null;
    const took = performance.now() - started;
    setProgress(T("answered_in", { time: fmtSeconds(took / 1000, state.uiLang) }));
    renderAnswer(answer);
  } catch (err) {
    if (err.name === "AbortError" || seq !== state.askSeq) return;
    clearAnswer();
    showAskError(err);
  }
}

/** Error codes of LLM settings that are not valid or not set (fixed in the settings panel). */
const LLM_SETTINGS_CODES = new Set(["llm_config", "llm_not_configured"]);

function showAskError(err) {
  const section = $("#answer");
  const banner = $("#status-banner");
  banner.className = "banner banner-error";
  banner.dataset.status = "error";
  if (err.status) banner.dataset.http = String(err.status);
  banner.setAttribute("role", "alert");
  // The server names every error it sends (errors.PinciteError.code, "llm_" and the kind
  // for the model server's): the settings' own are fixed in the settings panel.
  const code = (err.body && err.body.code) || "";
  const toCheck = err.settings || code === "llm_not_checked";
  const toSet = LLM_SETTINGS_CODES.has(code);
  let lead = T("err_lead");
  if (code.startsWith("llm_") && !toCheck && !toSet) lead = T("err_lead_model");
  else if (toCheck) lead = T("err_lead_llm");
  const nodes = [el("strong", { text: lead }), el("span", { class: "error-detail", text: err.message || String(err) })];
  if (toCheck || toSet) {
    nodes.push(el("div", { class: "error-actions" }, el("button", {
      type: "button",
      class: "open-llm-settings",
      onclick: () => selectTab($("#tab-settings"), true),
    }, T(toCheck ? "open_llm_check" : "open_llm_settings"))));
  }
  banner.replaceChildren(...nodes);
  section.hidden = false;
}
