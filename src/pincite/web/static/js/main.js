// pincite web UI: plain JavaScript in ES modules (js/*.js), no build step, no libraries.
// This module starts the page; index.html loads i18n.js (the words, a classic script that
// sets window.pinciteI18n) and then this one, which imports the others:
//   dom (building nodes), state (the page state, the words in a language), api (the REST
//   API), sources (where a citation opens), tabs, health (top bar), ask (the form), render (an
//   Answer), export (the evidence file, asked of the server), pageview (the cited page or
//   unit, the quote marked where the server says it stands), library (the Library tab),
//   settings (the LLM settings).
// Some of them import each other in a circle (ask, render, pageview, library, settings):
// none calls another's function while it loads, only from event handlers and the start
// below, so every binding is initialised by then.
//
// Talks to the REST API of pincite.web.server (same origin):
//   GET  /api/health                     version, document count
//   POST /api/ask                        {question, doc_ids, mode, scope} -> Answer JSON (contract.py);
//                                        scope {model, modification, revision, include_uploaded}
//   GET/POST/DELETE /api/documents       library (with each document's fields), uploads
//                                        (multipart field "file", plus trust, model, modification,
//                                        revision), removal
//   PATCH /api/documents/{id}            change a document's fields (model, modifications, ...)
//   GET  /api/documents/{id}/pages/{n}.png, .../pages/{n}/highlight   PDF pages only
//   GET  /api/documents/{id}/pages/{n}/text  unit n of any document (PDF page, sheet, slide,
//                                        block of lines), with its address and OCR flag; with
//                                        ?quote=&chunk_id= the quote's `marks` in its text
//   POST /api/export?format=md|csv       the evidence file of the answer on screen
//   GET  /api/documents/{id}/file#page=n the original (a PDF opens at its page; others download)
//   GET/PUT /api/settings/llm            this browser session's LLM settings (key only as key_set)
//   POST /api/settings/llm/check         the connection check ({ok, response_format, models, messages})
// The LLM API key is typed into a password field, sent once with PUT and never kept here: not
// in the DOM after saving, not in localStorage or sessionStorage; the server holds it in
// memory for this browser session (an HttpOnly cookie names the session).
// A citation of a PDF opens the page view (image with the quote highlighted, page text); a
// citation of a spreadsheet, presentation, Word or text file (address kind sheet, slide or
// lines) opens the unit view: the cited range as the heading and the unit's text with the
// quote marked. The unit a citation opens is its `unit` (the server's).
// Every fact shown comes from those responses; turning pages only calls the page endpoints,
// never /api/ask. Timings from a click on a source to the page image's `load` event are kept
// in window.pinciteTimings (milliseconds) for the browser test and shown under the image.

import { $ } from "./dom.js";
import { I18N, state, T } from "./state.js";
import { unitHeading } from "./sources.js";
import { refreshHealth, showServerInfo } from "./health.js";
import { form } from "./ask.js";
import { refreshLibrary } from "./library.js";
import { loadLlmSettings, renderLlmModeNote, renderLlmState } from "./settings.js";
import "./tabs.js"; // the tabs and their keys (imported by ask and settings too)

function readToken() {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (m) {
    state.token = decodeURIComponent(m[1]);
    try { sessionStorage.setItem("pincite-token", state.token); } catch (_) { /* private mode */ }
    history.replaceState(null, "", location.pathname + location.search);
  } else {
    try { state.token = sessionStorage.getItem("pincite-token"); } catch (_) { state.token = null; }
  }
}

/** Show the interface in `lang` (the answer on screen and its page view keep theirs). */
function setUiLang(lang, save = false) {
  state.uiLang = I18N.LANGS.includes(lang) ? lang : "en";
  if (save) I18N.saveUiLang(state.uiLang);
  document.documentElement.lang = state.uiLang;
  $("#ui-lang").value = state.uiLang;
  I18N.apply(document, state.uiLang);
  if (!form.hasAttribute("aria-busy")) $("#ask-btn").textContent = T("ask");
  if (state.version !== undefined) showServerInfo();
  if (state.llm.loaded) renderLlmState();
  else renderLlmModeNote();
}
$("#ui-lang").addEventListener("change", (e) => {
  setUiLang(e.target.value, true);
  refreshLibrary();  // the library's buttons are built in the interface's language
});

setUiLang(state.uiLang);
readToken();
refreshHealth();
refreshLibrary();
renderLlmModeNote();
loadLlmSettings();

// Exposed for tests and for the curious: pure helpers, no state.
window.pincite = { unitHeading };
