// pincite web UI: plain JavaScript, no build step, no libraries.
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
//                                        block of lines), with its address and OCR flag
//   GET  /api/documents/{id}/file#page=n the original (a PDF opens at its page; others download)
//   GET/PUT /api/settings/llm            this browser session's LLM settings (key only as key_set)
//   POST /api/settings/llm/check         the connection check ({ok, response_format, models, messages})
// The LLM API key is typed into a password field, sent once with PUT and never kept here: not
// in the DOM after saving, not in localStorage or sessionStorage; the server holds it in
// memory for this browser session (an HttpOnly cookie names the session).
// A citation of a PDF opens the page view (image with the quote highlighted, page text); a
// citation of a spreadsheet, presentation, Word or text file (address kind sheet, slide or
// lines) opens the unit view: the cited range as the heading and the unit's text with the
// quote marked. The unit number of a citation is the `p<n>` of its chunk id.
// Every fact shown comes from those responses; turning pages only calls the page endpoints,
// never /api/ask. Timings from a click on a source to the page image's `load` event are kept
// in window.pinciteTimings (milliseconds) for the browser test and shown under the image.
"use strict";

(() => {
  const $ = (sel) => document.querySelector(sel);
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  };
  // Fixed words come from i18n.js: T() in the interface's language, TL() in a given one (an
  // answer and its page view speak the question's language, answerLang()).
  const I18N = window.pinciteI18n;
  const T = (key, vars) => I18N.t(state.uiLang, key, vars);
  const TL = (lang, key, vars) => I18N.t(I18N.LANGS.includes(lang) ? lang : state.uiLang, key, vars);
  const answerLang = (ans) => (ans && I18N.LANGS.includes(ans.language) ? ans.language : state.uiLang);
  const DASH = "—";
  const shown = (v) => (v === null || v === undefined || v === "" ? DASH : String(v));

  // Milliseconds from a click to the page image's load event: on a source (pinciteTimings)
  // and on previous/next (pinciteTurnTimings).
  window.pinciteTimings = [];
  window.pinciteTurnTimings = [];

  const state = {
    uiLang: I18N.uiLang(),
    token: null,
    answer: null,
    askSeq: 0,
    askAbort: null,
    askTimer: null,
    documents: [],
    uploads: [],
    librarySig: null,
    edit: null,        // {docId, row}: the document whose fields are being edited
    librarySeq: 0,
    pollTimer: null,
    view: null,        // {citation, docId, file, title, lang, page, pages}
    navSeq: 0,
    pendingImage: null, // {seq, url, t0}
    confirmResolve: null,
  };

  // ---------------------------------------------------------------- API

  class ApiError extends Error {
    constructor(status, message, body = null) {
      super(message);
      this.status = status;
      this.body = body;
    }
  }

  function detailText(detail) {
    if (!detail) return "";
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail)) {
      return detail.map((d) => (d && d.msg ? `${(d.loc || []).slice(1).join(".")}: ${d.msg}` : String(d))).join("; ");
    }
    return typeof detail === "object" ? JSON.stringify(detail) : String(detail);
  }

  async function api(path, options = {}) {
    const headers = new Headers(options.headers || {});
    if (state.token) headers.set("Authorization", `Bearer ${state.token}`);
    // The server takes a browser's writes only with this header, which a page of another
    // origin cannot send without a CORS preflight (never granted).
    headers.set("X-Pincite-Request", "1");
    let res;
    try {
      res = await fetch(path, { ...options, headers });
    } catch (err) {
      if (err.name === "AbortError") throw err;
      throw new ApiError(0, T("err_unreachable"));
    }
    if (!res.ok) {
      let message = `${res.status} ${res.statusText}`;
      let body = null;
      try {
        body = await res.json();
        if (body && body.detail) message = detailText(body.detail);
      } catch (_) { /* not JSON */ }
      if (res.status === 401) {
        message = T("err_token");
      }
      throw new ApiError(res.status, message, body);
    }
    if (res.status === 204) return null;
    const type = res.headers.get("content-type") || "";
    return type.includes("json") ? res.json() : res.text();
  }

  const enc = encodeURIComponent;
  const docUrl = (docId) => `/api/documents/${enc(docId)}`;
  const pageImageUrl = (docId, n) => `${docUrl(docId)}/pages/${n}.png`;
  const fileUrl = (docId) => `${docUrl(docId)}/file`;
  const originalUrl = (docId, n) => `${fileUrl(docId)}#page=${n}`;

  // ---------------------------------------------------------------- source lines

  /** "p. 5-12 (PDF 47)" with a printed label, else "PDF p. 47" (as the CLI's page_ref). */
  function pageRef(address, lang) {
    const page = address.page;
    const end = address.page_end && address.page_end !== page ? address.page_end : null;
    const phys = end ? `${page}–${end}` : `${page}`;
    const label = address.page_label;
    const hasLabel = label && label !== String(page);
    if (lang === "zh") return hasLabel ? `第 ${label} 页（PDF 第 ${phys} 页）` : `PDF 第 ${phys} 页`;
    const word = lang === "ru" ? "с." : "p.";
    return hasLabel ? `${word} ${label} (PDF ${phys})` : `PDF ${word} ${phys}`;
  }

  const CHUNK_ID_RE = /^[0-9a-f]{16}-p([1-9][0-9]*)-c[0-9]+$/;

  /** The kind of a citation's address: "pdf", "sheet", "slide" or "lines". */
  function addressKind(c) {
    const kind = c && c.address && c.address.kind;
    return kind === "sheet" || kind === "slide" || kind === "lines" ? kind : "pdf";
  }

  /** The unit a citation lies in: the `p<n>` of its chunk id (a PDF's physical page). */
  function unitOf(c) {
    const m = CHUNK_ID_RE.exec((c && c.chunk_id) || "");
    if (m) return Number(m[1]);
    const a = (c && c.address) || {};
    return a.page ?? c.page ?? 1;
  }

  /** {kind, page, page_end, page_label, label_source}: where a citation opens. For a PDF the
   * physical pages and printed label; for other kinds `page` is the unit number. */
  function citationAddress(c) {
    const a = c.address || {};
    const kind = addressKind(c);
    if (kind !== "pdf") {
      const unit = unitOf(c);
      return { kind, page: unit, page_end: unit, page_label: null, label_source: null };
    }
    return {
      kind,
      page: a.page ?? c.page,
      page_end: a.page_end ?? a.page ?? c.page,
      page_label: a.page_label ?? c.page_label ?? null,
      label_source: a.label_source ?? null,
    };
  }

  /** The heading of a sheet range, slide or line range in `lang` (English by default):
   * "RevB!A5:F5", "Slide 2", "Lines 10–14". */
  function unitHeading(address, lang = "en") {
    const a = address || {};
    if (a.kind === "sheet") return a.range ? `${a.sheet}!${a.range}` : `${a.sheet}`;
    if (a.kind === "slide") return TL(lang, "heading_slide", { n: a.slide });
    if (a.kind === "lines") {
      return a.start === a.end ? TL(lang, "heading_line", { n: a.start }) : TL(lang, "heading_lines", { a: a.start, b: a.end });
    }
    return "";
  }

  /** The address part of a source line for a non-PDF citation, in the answer's language
   * (as pincite.cli.export.source_line): "RevB!B5", "slide 2", "lines 10–14". */
  function unitRef(address, lang) {
    const a = address || {};
    if (a.kind === "sheet") return unitHeading(a);
    if (a.kind === "slide") return { ru: `слайд ${a.slide}`, zh: `第 ${a.slide} 张幻灯片` }[lang] || `slide ${a.slide}`;
    if (a.kind === "lines") {
      const r = a.start === a.end ? `${a.start}` : `${a.start}–${a.end}`;
      return { ru: `строки ${r}`, zh: `第 ${r} 行` }[lang] || (a.start === a.end ? `line ${r}` : `lines ${r}`);
    }
    return "";
  }

  /** Words of the document fields in a source line (as pincite.cli.export.fields_part). */
  const FIELD_WORDS = {
    en: ["mod.", "rev.", "uploaded, not normative"],
    ru: ["мод.", "ред.", "загружен пользователем, не нормативный"],
    zh: ["改型", "版本", "用户上传，非规范性"],
  };

  /** "PX-200, mod. B, rev. 3.0" (and "uploaded, not normative" for an upload); "" when none. */
  function fieldsPart(c, lang) {
    const [mod, rev, uploaded] = FIELD_WORDS[lang] || FIELD_WORDS.en;
    const parts = [];
    if (c.model) parts.push(c.model);
    if (c.modification) parts.push(`${mod} ${c.modification}`);
    if (c.revision) parts.push(`${rev} ${c.revision}`);
    if (c.trust === "uploaded") parts.push(uploaded);
    return parts.join(", ");
  }

  /** "manual.pdf — p. 8 (PDF 2)"; with document fields "manual.pdf, PX-200, mod. B, rev. 3.0
   * — p. 8 (PDF 2)", and "…, uploaded, not normative — …" for an uploaded document. */
  function sourceLine(c, lang) {
    const where = addressKind(c) === "pdf" ? pageRef(citationAddress(c), lang) : unitRef(c.address, lang);
    const fields = fieldsPart(c, lang);
    return `${c.file}${fields ? `, ${fields}` : ""} — ${where}`;
  }

  /** The kinds of unit a citation opens; their words are in i18n.js (unit_*, text_*, open_*). */
  const UNIT_KINDS = new Set(["pdf", "sheet", "slide", "lines"]);
  /** A unit kind's words in `lang`: singular for headings and positions, the text pane's
   * title, and the noun of "open the …". */
  const unitWords = (kind, lang) => {
    const k = UNIT_KINDS.has(kind) ? kind : "pdf";
    return { one: TL(lang, `unit_${k}`), text: TL(lang, `text_${k}`), open: TL(lang, `open_${k}`) };
  };

  // ---------------------------------------------------------------- tabs

  const tabs = [$("#tab-ask"), $("#tab-library"), $("#tab-settings")];

  function selectTab(tab, focus = false) {
    for (const t of tabs) {
      const selected = t === tab;
      t.setAttribute("aria-selected", String(selected));
      t.tabIndex = selected ? 0 : -1;
      document.getElementById(t.getAttribute("aria-controls")).hidden = !selected;
    }
    if (focus) tab.focus();
    if (tab.id === "tab-library") refreshLibrary();
    if (tab.id === "tab-settings") loadLlmSettings();
  }

  for (const t of tabs) {
    t.addEventListener("click", () => selectTab(t));
    t.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(t);
      let next = null;
      if (e.key === "ArrowRight") next = tabs[(i + 1) % tabs.length];
      else if (e.key === "ArrowLeft") next = tabs[(i - 1 + tabs.length) % tabs.length];
      else if (e.key === "Home") next = tabs[0];
      else if (e.key === "End") next = tabs[tabs.length - 1];
      if (next) {
        e.preventDefault();
        selectTab(next, true);
      }
    });
  }

  // ---------------------------------------------------------------- health

  function showServerInfo() {
    const n = state.readyCount ?? 0;
    $("#server-info").textContent = T("server_info", { version: state.version ?? "", n, s: n === 1 ? "" : "s" });
  }

  async function refreshHealth() {
    try {
      const h = await api("/api/health");
      state.version = h.version;
      if (state.readyCount === undefined) state.readyCount = h.documents;
      showServerInfo();
      hideGlobalError();
    } catch (err) {
      showGlobalError(err.message);
    }
  }

  function showGlobalError(message) {
    const box = $("#global-error");
    box.textContent = message;
    box.hidden = false;
  }

  function hideGlobalError() {
    $("#global-error").hidden = true;
  }

  // ---------------------------------------------------------------- ask

  const form = $("#ask-form");
  const questionBox = $("#question");

  function currentMode() {
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
  const answerShown = () => Boolean(state.answer || state.askAbort || !$("#answer").hidden);
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
  function clearAnswer(notice = "") {
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
    closePageView();
    setProgress(notice);
  }

  async function ask(rawQuestion) {
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

  function showAskError(err) {
    const section = $("#answer");
    const banner = $("#status-banner");
    banner.className = "banner banner-error";
    banner.dataset.status = "error";
    if (err.status) banner.dataset.http = String(err.status);
    banner.setAttribute("role", "alert");
    const llm = currentMode() === "llm";
    let lead = T("err_lead");
    if (llm && err.status === 502) lead = T("err_lead_model");
    else if (llm && (err.status === 409 || err.settings)) lead = T("err_lead_llm");
    const nodes = [el("strong", { text: lead }), el("span", { class: "error-detail", text: err.message || String(err) })];
    // 400 (not configured, invalid settings) and 409 (not checked) are fixed in the settings.
    if (err.settings || (llm && (err.status === 400 || err.status === 409) && /LLM|settings|connection/i.test(err.message || ""))) {
      nodes.push(el("div", { class: "error-actions" }, el("button", {
        type: "button",
        class: "open-llm-settings",
        onclick: () => selectTab($("#tab-settings"), true),
      }, T(err.status === 409 || err.settings ? "open_llm_check" : "open_llm_settings"))));
    }
    banner.replaceChildren(...nodes);
    section.hidden = false;
  }

  /** [title, sentence] of a status banner in `lang` (i18n.js st_<status>, st_<status>_text). */
  const STATUSES = ["answered", "partial", "refused", "not_confirmed", "needs_clarification"];
  const statusText = (status, lang) => (STATUSES.includes(status)
    ? [TL(lang, `st_${status}`), TL(lang, `st_${status}_text`)] : [status, ""]);
  const STATUS_CLASS = {
    answered: "banner-ok",
    partial: "banner-warning",
    refused: "banner-refused",
    not_confirmed: "banner-warning",
    needs_clarification: "banner-info",
  };

  const LLM_STATUS_TEXT = { answered: "llm_answered_text", partial: "llm_partial_text" };

  const SERVER_TEXT = new Set(["refused", "not_confirmed"]);

  /** Why a part of a compound question is not answered, as the overall banner says it. */
  const partMissing = (status, lang) => (["refused", "not_confirmed", "needs_clarification", "partial"].includes(status)
    ? TL(lang, `missing_${status}`) : status);
  /** The banner of one part: its status in words. */
  const partStatusText = (status, lang) => (status === "needs_clarification"
    ? TL(lang, "part_st_needs_clarification") : STATUSES.includes(status) ? TL(lang, `st_${status}`) : status);

  /** [index, part] of each part of a compound answer that is not answered. */
  function missingParts(ans) {
    return (ans.parts || []).map((part, i) => [i, part]).filter(([, part]) => part.status !== "answered");
  }

  /** A duration of `s` seconds as "850 ms" or "1.2 s", the unit in `lang`. */
  const fmtSeconds = (s, lang) => (s < 1 ? TL(lang, "unit_ms", { n: Math.round(s * 1000) }) : TL(lang, "unit_sec", { n: s.toFixed(1) }));
  const fmtInt = (n) => Number(n).toLocaleString("en-US");

  /** "Model x · 120 tokens (100 prompt + 20 completion) · model time 1.2 s" of an LLM answer. */
  function usageText(ans) {
    const L = answerLang(ans);
    const bits = [];
    if (ans.model) bits.push(TL(L, "usage_model", { model: ans.model }));
    const u = ans.usage || {};
    const total = u.total_tokens ?? ((u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0));
    if (ans.usage && Object.keys(ans.usage).length) {
      const parts = [];
      if (u.prompt_tokens !== undefined) parts.push(TL(L, "usage_prompt", { n: fmtInt(u.prompt_tokens) }));
      if (u.completion_tokens !== undefined) parts.push(TL(L, "usage_completion", { n: fmtInt(u.completion_tokens) }));
      bits.push(`${TL(L, "usage_tokens", { n: fmtInt(total) })}${parts.length ? ` (${parts.join(" + ")})` : ""}`);
    } else {
      bits.push(TL(L, "usage_no_tokens"));
    }
    const t = ans.timings || {};
    if (typeof t.llm === "number") bits.push(TL(L, "usage_model_time", { time: fmtSeconds(t.llm, L) }));
    return bits.join(" · ");
  }

  function renderLlmUsage(ans) {
    return el("p", { class: "llm-usage", id: "llm-usage", text: usageText(ans) });
  }
  const num = (x) => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);
  // a probability or its bar: small values keep a third decimal, so 0.019 never reads as 0.02
  const prob = (x) => x.toFixed(Math.abs(x) < 0.1 ? 3 : 2);

  let citationCounter = 0;

  function renderAnswer(ans) {
    state.answer = ans;
    citationCounter = 0;
    const section = $("#answer");
    const banner = $("#status-banner");
    const L = answerLang(ans);
    const [title, fallback] = statusText(ans.status, L);
    banner.className = `banner ${STATUS_CLASS[ans.status] || "banner-info"}`;
    banner.dataset.status = ans.status;
    banner.setAttribute("role", "status");
    // A refusal or not_confirmed comes with the server's own sentence in the question's
    // language: show that one rather than the English default.
    const serverText = SERVER_TEXT.has(ans.status) && ans.answer ? ans.answer : null;
    const lang = ans.language || null;
    delete banner.dataset.refusal;
    if (serverText && isMissingDocument(ans)) {
      // Nothing in the library fits the scope: the server's sentence names what is missing.
      banner.dataset.refusal = "no-document";
      banner.replaceChildren(el("strong", { text: TL(L, "no_document_in_scope") }), " ",
        el("span", { class: "missing-document", lang, text: serverText }), " ",
        el("span", { text: missingDocumentHint(ans, L) }));
      if (!$("#include-uploaded").checked && state.documents.some((d) => d.trust === "uploaded")) {
        banner.append(" ", el("button", {
          type: "button",
          class: "include-uploaded-btn",
          onclick: () => {
            $("#include-uploaded").checked = true;
            ask(ans.question);
          },
        }, TL(L, "include_uploaded_again")));
      }
    } else if (serverText && ans.status === "refused") {
      banner.replaceChildren(el("strong", { lang, text: serverText }));
    } else if (serverText) {
      banner.replaceChildren(el("strong", { text: title }), " ", el("span", { lang, text: serverText }),
        " ", el("span", { text: TL(L, "passages_judge") }));
    } else if (ans.status === "partial" && missingParts(ans).length) {
      // Which part is missing, and why: "Part 2 is not answered: not found in the library."
      banner.replaceChildren(el("strong", { text: `${title} —` }), " ",
        ...missingParts(ans).map(([i, part]) => el("span", {
          class: "missing-part",
          dataset: { part: String(i + 1), status: part.status },
          text: TL(L, "part_missing", { n: i + 1, why: partMissing(part.status, L) }),
        })),
        el("span", { text: TL(L, "parts_proven") }));
    } else {
      const text = ans.mode === "llm" && LLM_STATUS_TEXT[ans.status] ? TL(L, LLM_STATUS_TEXT[ans.status]) : fallback;
      banner.replaceChildren(el("strong", { text: title }), " ", el("span", { text }));
    }

    const body = $("#answer-body");
    body.replaceChildren(...(ans.mode === "llm" ? [renderLlmUsage(ans)] : []), ...renderAnswerBody(ans, 0));

    const verifiedRows = evidenceRows(ans);
    $("#export").hidden = verifiedRows.length === 0;
    renderMeta(ans);
    // the answer's own frame speaks the question's language too
    section.setAttribute("aria-label", TL(L, "answer"));
    $("#export-label").textContent = TL(L, "evidence_cards");
    $("#details-summary").textContent = TL(L, "details");
    section.lang = L;
    section.hidden = false;
  }

  /** A refusal because no document of the library is in the question's scope (the server
   * names the missing document): refused before any search, so no relevance, no claims. */
  function isMissingDocument(ans) {
    return ans.status === "refused" && !ans.relevance && !(ans.claims || []).length
      && !(ans.parts || []).length && (state.readyCount ?? state.documents.length) > 0;
  }

  function missingDocumentHint(ans, L) {
    const sc = ans.scope || {};
    const trust = sc.trust || [];
    const bits = [];
    if (sc.model || sc.modification || sc.revision) {
      bits.push(TL(L, "hint_check_fields"));
    }
    if (!trust.includes("uploaded")) {
      bits.push(TL(L, "hint_uploads_off"));
    }
    return bits.join(" ");
  }

  /** A key that identifies a claim (its text and its citations), to show it once. */
  function claimKey(claim) {
    return JSON.stringify([claim.text, (claim.citations || []).map((c) => [c.chunk_id, c.quote])]);
  }

  /** One part of a compound answer: its sub-question as the heading, its own status
   * banner, then its claims, sources and calculation. */
  function renderPart(part, index, depth) {
    const status = part.status;
    const L = answerLang(part);
    const banner = el("div", {
      class: `banner part-banner ${STATUS_CLASS[status] || "banner-info"}`,
      role: "note",
      dataset: { status },
    });
    // The server's own sentence (in the question's language) for a part it could not prove;
    // a refusal's sentence says it all ("Not found in the library: ...").
    if (status === "refused" && part.answer) {
      banner.append(el("strong", { lang: part.language || null, text: part.answer }));
    } else {
      banner.append(el("strong", { text: partStatusText(status, L) }));
      if (SERVER_TEXT.has(status) && part.answer) banner.append(" ", el("span", { lang: part.language || null, text: part.answer }));
    }
    return el("section", {
      class: `part status-${status}`,
      dataset: { part: String(index + 1), status },
      "aria-label": TL(L, "part", { n: index + 1 }),
    },
    el("h3", { class: "part-question" },
      el("span", { class: "part-num", text: TL(L, "part_heading", { n: index + 1 }) }),
      el("span", { class: "part-text", lang: part.language || null, text: part.question })),
    banner,
    ...renderAnswerBody(part, depth + 1));
  }

  function renderAnswerBody(ans, depth) {
    const nodes = [];
    const L = answerLang(ans);
    if (ans.clarification) nodes.push(renderClarification(ans.clarification, ans.question, L));

    // A compound answer lists every part's claims at the top as well: show them in their part.
    const parts = ans.parts || [];
    const inParts = new Set(parts.flatMap((part) => allClaims(part)).map(claimKey));
    const claims = (ans.claims || []).filter((c) => !inParts.has(claimKey(c)));
    const unverified = claims.filter((c) => !c.verified).length;
    if (unverified > 0 && ans.status !== "not_confirmed") {
      nodes.push(el("div", { class: "banner banner-warning unverified-banner", role: "note" },
        el("strong", { text: TL(L, "n_not_verified", { n: unverified, s: unverified === 1 ? "" : "s" }) }),
        TL(L, ans.mode === "llm" ? "marked_llm" : "marked")));
    }
    if (claims.length) {
      nodes.push(el("ol", { class: "claims" }, claims.map((claim) => renderClaim(claim, ans.language))));
    }
    const passages = ans.passages || [];
    if (passages.length) {
      nodes.push(el("section", { class: "passages", "aria-label": TL(L, "passages_found") },
        el("h3", { text: TL(L, "passages_found_title") }),
        el("p", { class: "note", text: TL(L, "passages_note") }),
        el("ul", { class: "passage-list" }, passages.map((c) => renderPassage(c, ans.language)))));
    }
    if (ans.calculation) nodes.push(renderCalculation(ans.calculation, ans.language));
    parts.forEach((part, i) => nodes.push(renderPart(part, i, depth)));
    const warnings = ans.warnings || [];
    if (warnings.length) {
      // a refusal's warnings say why (in words, from the server, in the question's language)
      const head = ans.status === "refused" ? "why_refused" : warnings.length === 1 ? "warning" : "warnings";
      nodes.push(el("div", { class: `banner banner-warning warnings${ans.status === "refused" ? " refusal-why" : ""}`, role: "note" },
        el("strong", { text: TL(L, head) }),
        el("ul", {}, warnings.map((w) => el("li", { lang: ans.language || null, text: w })))));
    }
    return nodes;
  }

  function renderClarification(clar, question, L) {
    const options = clar.options || [];
    return el("div", { class: "clarify", role: "group", "aria-label": TL(L, "clarifying_question") },
      el("p", { class: "clarify-question", lang: L, text: clar.question }),
      el("div", { class: "clarify-options" }, options.map((option) => el("button", {
        type: "button",
        class: "clarify-option",
        onclick: () => {
          const asked = `${question} ${option}`;
          questionBox.value = asked;
          ask(asked);
        },
      }, option))));
  }

  function renderClaim(claim, lang) {
    const li = el("li", { class: `claim ${claim.verified ? "is-verified" : "is-unverified"}`, dataset: { verified: String(!!claim.verified) } });
    li.append(el("p", { class: "claim-text", lang: lang || null, text: claim.text }));
    li.append(claim.verified
      ? el("p", { class: "verify verify-ok" }, el("span", { "aria-hidden": "true", text: "✓ " }), TL(lang, "verified_quote"))
      : el("p", { class: "verify verify-bad" }, el("span", { "aria-hidden": "true", text: "✗ " }), TL(lang, "not_verified", { reason: claim.reason || TL(lang, "no_quote_found") })));
    const cites = claim.citations || [];
    if (cites.length) {
      li.append(el("ul", { class: "citations" }, cites.map((c) => renderCitation(c, claim, lang))));
    }
    return li;
  }

  function renderPassage(c, lang) {
    const li = el("li", { class: "passage" });
    li.append(sourceButton(c, lang));
    if (c.quote) li.append(el("blockquote", { class: "quote", lang: lang || null, text: c.quote }));
    return li;
  }

  function sourceButton(c, lang) {
    citationCounter += 1;
    const n = citationCounter;
    const kind = addressKind(c);
    const what = unitWords(kind, lang).open;
    const button = el("button", {
      type: "button",
      class: "source-btn",
      "aria-pressed": "false",
      "aria-controls": "page-view",
      dataset: { n: String(n), docId: c.doc_id, page: String(citationAddress(c).page), kind, ocr: c.ocr ? "true" : null },
      title: (c.title ? TL(lang, "source_title", { title: c.title, what }) : TL(lang, "source_title_plain", { what }))
        + (c.ocr ? TL(lang, "source_title_ocr") : ""),
    }, el("span", { class: "source-num", text: `[${n}]` }), " ", el("span", { class: "source-line", text: sourceLine(c, lang) }),
    c.ocr ? el("span", { class: "badge badge-ocr", title: TL(lang, "ocr_badge_title"), text: "OCR" }) : null);
    button.addEventListener("click", () => {
      const t0 = performance.now();
      for (const b of document.querySelectorAll(".source-btn[aria-pressed='true']")) b.setAttribute("aria-pressed", "false");
      button.setAttribute("aria-pressed", "true");
      openCitation(c, lang, t0);
    });
    return button;
  }

  function renderCitation(c, claim, lang) {
    const item = el("li", { class: `citation ${c.verified ? "is-verified" : "is-unverified"}` });
    item.append(sourceButton(c, lang));
    const showQuote = c.quote && (c.quote.trim() !== (claim.text || "").trim() || !c.verified);
    if (showQuote) item.append(el("blockquote", { class: "quote", lang: lang || null, text: c.quote }));
    // An LLM claim's reason is the citation's too: say it once, on the claim.
    if (!c.verified && !(claim.reason && c.reason === claim.reason)) {
      item.append(el("p", { class: "verify verify-bad" }, TL(lang, "not_verified", { reason: c.reason || TL(lang, "quote_not_found_here") })));
    }
    if (c.ocr) item.append(el("p", { class: "note", text: TL(lang, "ocr_note") }));
    return item;
  }

  /** A calculation done by pincite's code: result and unit, formula, substitution, the
   * precision rule, and each input with its value and source; or why it was not done (then
   * no result, and no value of an input that was not verified). */
  function renderCalculation(calc, lang) {
    const done = Boolean(calc.verified && (calc.shown ?? calc.result) !== null && (calc.shown ?? calc.result) !== undefined);
    const section = el("section", { class: `calculation ${done ? "is-done" : "is-failed"}`, "aria-label": TL(lang, "calculation"), dataset: { verified: String(done) } },
      el("h3", { class: "calc-title", text: TL(lang, "calculation") }));
    const resultText = done ? `${calc.shown ?? calc.result}${calc.unit ? ` ${calc.unit}` : ""}` : "";
    if (done) {
      section.append(el("p", { class: "calc-result" }, el("span", { class: "calc-equals", text: "= " }),
        el("strong", { class: "calc-value", text: resultText })));
      section.append(el("p", { class: "note", text: TL(lang, "calc_note") }));
    } else {
      section.append(el("p", { class: "calc-failed verify-bad", role: "note", text: TL(lang, "calc_not_done", { reason: calc.reason || TL(lang, "no_reason_given") }) }));
    }
    const rows = [[TL(lang, "formula"), el("code", { class: "calc-formula", text: calc.formula || "" })]];
    if (done && calc.substitution) rows.push([TL(lang, "substitution"), el("span", { class: "calc-substitution", text: `${calc.substitution} = ${resultText}` })]);
    if (done && calc.result !== null && calc.result !== undefined && String(calc.result) !== String(calc.shown ?? calc.result)) {
      rows.push([TL(lang, "exact_result"), el("span", { class: "calc-exact", text: `${calc.result}${calc.unit ? ` ${calc.unit}` : ""}` })]);
    }
    if (done && calc.precision) rows.push([TL(lang, "precision"), el("span", { class: "calc-precision", text: calc.precision })]);
    section.append(el("dl", { class: "calc-facts" }, rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", {}, v)])));
    const inputs = calc.inputs || [];
    if (inputs.length) {
      section.append(el("h4", { class: "calc-inputs-title", text: TL(lang, "inputs") }));
      section.append(el("ul", { class: "calc-inputs" }, inputs.map((input) => {
        const ok = Boolean(input.verified);
        const li = el("li", { class: `calc-input ${ok ? "is-verified" : "is-unverified"}`, dataset: { name: input.name, verified: String(ok) } });
        const value = ok && input.value !== null && input.value !== undefined
          ? `${input.value}${input.unit ? ` ${input.unit}` : ""}` : null;
        li.append(el("p", { class: "calc-input-value" },
          el("code", { text: input.name }), " = ",
          value !== null ? el("strong", { text: value }) : el("span", { class: "verify-bad", text: TL(lang, "not_bound") }),
          ok && input.text && input.text !== value ? el("span", { class: "note", text: TL(lang, "document_writes", { text: input.text }) }) : null));
        if (!ok) li.append(el("p", { class: "verify verify-bad", text: TL(lang, "not_verified", { reason: input.reason || TL(lang, "value_not_verified") }) }));
        if (input.citation) {
          li.append(el("div", { class: "citation" }, sourceButton(input.citation, lang)));
          if (input.citation.quote) li.append(el("blockquote", { class: "quote", lang: lang || null, text: input.citation.quote }));
        }
        return li;
      })));
    }
    return section;
  }

  /** A fixed value of the server's (scope mode, how the scope was decided, a timing or token
   * name) in `lang` when i18n.js has it (`prefix` + value), else as the server wrote it. */
  const known = (lang, prefix, value) => (I18N.STRINGS[prefix + value] ? TL(lang, prefix + value) : value);

  /** The Details rows of an answer, in the question's language. */
  function renderMeta(ans) {
    const meta = $("#answer-meta");
    const L = answerLang(ans);
    const rows = [];
    rows.push([TL(L, "meta_status"), STATUSES.includes(ans.status) ? TL(L, `st_${ans.status}`) : ans.status],
      [TL(L, "meta_language"), ans.language]);
    if (ans.scope) {
      const s = ans.scope;
      const bits = [];
      for (const key of ["model", "modification", "revision"]) {
        if (s[key]) bits.push(TL(L, "meta_field", { name: TL(L, key).toLowerCase(), value: s[key] }));
      }
      if (s.doc_ids && s.doc_ids.length) bits.push(TL(L, "meta_n_documents", { n: s.doc_ids.length }));
      if (s.trust && s.trust.length) bits.push(TL(L, "meta_trust", { value: s.trust.map((t) => known(L, "trust_", t)).join(", ") }));
      bits.push(TL(L, "meta_mode", { value: known(L, "scope_mode_", s.mode) }));
      rows.push([TL(L, "meta_scope"), TL(L, "meta_decided_by", { bits: bits.join(", "), why: known(L, "decided_", s.decided_by) })]);
    }
    if (ans.relevance) {
      const r = ans.relevance;
      rows.push([TL(L, "meta_relevance"), TL(L, "meta_relevance_value", { coverage: num(r.coverage), score: prob(r.score), bar: prob(r.threshold) })
        + (r.dense !== null && r.dense !== undefined ? TL(L, "meta_meaning", { value: num(r.dense) }) : "")]);
    }
    if (ans.timings && Object.keys(ans.timings).length) {
      rows.push([TL(L, "meta_server_time"), Object.entries(ans.timings)
        .map(([k, v]) => `${known(L, "timing_", k)} ${TL(L, "unit_ms", { n: (v * 1000).toFixed(0) })}`).join(", ")]);
    }
    if (ans.mode === "llm") {
      rows.push([TL(L, "meta_answer_mode"), TL(L, "meta_llm_mode")]);
      if (ans.model) rows.push([TL(L, "meta_model"), ans.model]);
    }
    if (ans.usage) {
      rows.push([TL(L, "meta_tokens"), Object.entries(ans.usage)
        .map(([k, v]) => `${known(L, "tokens_", k.replace(/_tokens$/, ""))} ${fmtInt(v)}`).join(", ")]);
    }
    meta.replaceChildren(...rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })]));
    $("#answer-details").hidden = false;
  }

  // ---------------------------------------------------------------- evidence export

  /** Every claim of an answer and its parts, each once (a compound answer repeats its
   * parts' claims at the top). */
  function allClaims(ans) {
    const seen = new Set();
    const out = [];
    for (const claim of [...(ans.claims || []), ...(ans.parts || []).flatMap(allClaims)]) {
      const key = claimKey(claim);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(claim);
    }
    return out;
  }

  /** The calculations of an answer and its parts. */
  function allCalculations(ans) {
    return [...(ans.calculation ? [ans.calculation] : []), ...(ans.parts || []).flatMap(allCalculations)];
  }

  /** The verified claims with their verified citations: claim, quote, source line, link;
   * then one row "calculation" per calculation done (its substitution = result). */
  function evidenceRows(ans) {
    const rows = [];
    for (const claim of allClaims(ans)) {
      if (!claim.verified) continue;
      for (const c of claim.citations || []) {
        if (!c.verified) continue;
        const addr = citationAddress(c);
        const pdf = addr.kind === "pdf";
        rows.push({
          claim: claim.text,
          quote: c.quote,
          source: sourceLine(c, ans.language) + (c.ocr ? " (OCR)" : ""),
          link: new URL(pdf ? originalUrl(c.doc_id, addr.page) : fileUrl(c.doc_id), location.href).href,
          file: c.file,
          title: c.title || "",
          page: pdf ? addr.page : "",
          page_label: pdf ? addr.page_label || "" : "",
          address: pdf ? pageRef(addr, "en") : unitHeading(c.address),
        });
      }
    }
    for (const calc of allCalculations(ans)) {
      const result = calc.shown ?? calc.result;
      if (!calc.verified || result === null || result === undefined) continue;
      const value = `${result}${calc.unit ? ` ${calc.unit}` : ""}`;
      rows.push({
        claim: "calculation",
        quote: `${calc.substitution || calc.formula} = ${value}`,
        source: `computed by pincite: ${calc.formula}${calc.precision ? `; ${calc.precision}` : ""}`,
        link: "",
        file: "",
        title: "",
        page: "",
        page_label: "",
        address: "",
        calculation: true,
      });
    }
    return rows;
  }

  function mdInline(text) {
    return String(text).replace(/\s+/g, " ").replace(/([\\`*_[\]<>#|])/g, "\\$1");
  }

  function toMarkdown(ans) {
    const rows = evidenceRows(ans);
    const lines = [`# Evidence: ${mdInline(ans.question)}`, "",
      `Verified claims only, exported from pincite on ${new Date().toISOString().slice(0, 10)}.`, ""];
    let i = 0;
    let lastClaim = null;
    for (const r of rows) {
      if (r.claim !== lastClaim) {
        i += 1;
        lines.push(`## ${i}. ${mdInline(r.claim)}`, "");
        lastClaim = r.claim;
      }
      for (const q of String(r.quote).split(/\r?\n/)) lines.push(`> ${mdInline(q)}`);
      if (r.calculation) lines.push("", `Source: ${mdInline(r.source)}`, "");
      else lines.push("", `Source: [${mdInline(r.source)}](${r.link.replace(/[()]/g, (ch) => encodeURIComponent(ch))})`, "");
    }
    return lines.join("\n");
  }

  function csvCell(value) {
    let s = value === null || value === undefined ? "" : String(value);
    // A cell starting with =, +, @ (or "-" not followed by a number) would run as a formula
    // in a spreadsheet: make it text. Quotes such as "-20 °C" stay as they are.
    if (/^[=+@\t\r]/.test(s) || /^-(?![\d.,\s])/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  }

  function toCsv(ans) {
    const header = ["claim", "quote", "source", "link", "file", "title", "page", "page_label", "address"];
    const lines = [header.join(",")];
    for (const r of evidenceRows(ans)) lines.push(header.map((h) => csvCell(r[h])).join(","));
    return "\ufeff" + lines.join("\r\n") + "\r\n"; // BOM: spreadsheets then read UTF-8 (Cyrillic, Chinese)
  }

  function download(filename, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = el("a", { href: url, download: filename });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  $("#export-md").addEventListener("click", () => {
    if (state.answer) download("pincite-evidence.md", toMarkdown(state.answer), "text/markdown;charset=utf-8");
  });
  $("#export-csv").addEventListener("click", () => {
    if (state.answer) download("pincite-evidence.csv", toCsv(state.answer), "text/csv;charset=utf-8");
  });

  // ---------------------------------------------------------------- quote marking in page text

  const SCRIPT_CHARS = new Set("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎");
  const CJK_RANGES = [[0x1100, 0x11FF], [0x2E80, 0x2FDF], [0x3000, 0x303F], [0x3040, 0x30FF], [0x3100, 0x31FF],
    [0x3200, 0x33FF], [0x3400, 0x4DBF], [0x4E00, 0x9FFF], [0xA960, 0xA97F], [0xAC00, 0xD7FF], [0xF900, 0xFAFF],
    [0xFE30, 0xFE4F], [0xFF00, 0xFFEF], [0x20000, 0x3FFFF]];
  const isCjk = (cp) => CJK_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi);
  const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff\ufffe\u0002\u0000\u0001\u0003-\u0008\u000e-\u001f\u007f]/;
  const HYPHEN_MARKS = /[\u00ad\ufffe\u0002]/;
  const QUOTES = new Set("“”„‟«»‘’‚‛‹›〝〞〟\"'`´");
  const DASHES = new Set("‐‑‒–—―−﹘﹣");
  const LINE_BREAK_AHEAD = /^[ \t\u00a0]*(?:\r\n|[\r\n\u2028\u2029])\s*/;

  /**
   * A loose normalisation close to pincite.answer.normalize.loose (invisible characters and
   * line-end hyphenation dropped, NFKC except super/subscripts, whitespace collapsed, spaces
   * next to CJK dropped, case, ё, quote marks and dashes folded), keeping for each
   * normalised character the span of the original string it came from. Only used to find
   * where to put the <mark>; verification itself is the server's.
   */
  function normalizeWithMap(text) {
    const out = [];
    const push = (ch, start, end, cjk) => out.push({ ch, start, end, cjk });
    let prevSource = "";
    for (let i = 0; i < text.length;) {
      const cp = text.codePointAt(i);
      const ch = String.fromCodePoint(cp);
      const len = ch.length;
      if (HYPHEN_MARKS.test(ch)) {
        const m = LINE_BREAK_AHEAD.exec(text.slice(i + len, i + len + 40));
        i += len + (m ? m[0].length : 0);
        continue;
      }
      if (INVISIBLE.test(ch)) { i += len; continue; }
      if ((ch === "-" || ch === "\u2010" || ch === "\u2011") && /[\p{L}\p{N}]/u.test(prevSource)) {
        const m = LINE_BREAK_AHEAD.exec(text.slice(i + len, i + len + 40));
        if (m && i + len + m[0].length < text.length) {
          const next = text[i + len + m[0].length];
          if (/\p{Ll}/u.test(next) && /\p{L}/u.test(prevSource)) { i += len + m[0].length; continue; }
          push("-", i, i + len, false);
          i += len + m[0].length;
          prevSource = ch;
          continue;
        }
      }
      const nf = SCRIPT_CHARS.has(ch) ? ch : ch.normalize("NFKC");
      const cjk = isCjk(cp);
      for (const part of nf) {
        if (/\s/u.test(part)) {
          if (out.length && out[out.length - 1].ch !== " ") push(" ", i, i + len, false);
          continue;
        }
        let folded = part.toLowerCase();
        if (folded === "ё") folded = "е";
        if (QUOTES.has(folded)) folded = '"';
        if (DASHES.has(folded)) folded = "-";
        for (const f of folded) push(f, i, i + len, cjk);
      }
      prevSource = ch;
      i += len;
    }
    const kept = out.filter((c, k) => c.ch !== " " || !((out[k - 1] && out[k - 1].cjk) || (out[k + 1] && out[k + 1].cjk)));
    while (kept.length && kept[0].ch === " ") kept.shift();
    while (kept.length && kept[kept.length - 1].ch === " ") kept.pop();
    return { text: kept.map((c) => c.ch).join(""), map: kept };
  }

  /** [start, end) of `quote` in `text` (original offsets), or null. */
  function findQuote(text, quote) {
    if (!text || !quote) return null;
    const t = normalizeWithMap(text);
    const q = normalizeWithMap(quote).text;
    if (!q) return null;
    const at = t.text.indexOf(q);
    if (at < 0) return null;
    // map indices are per UTF-16 unit of the joined string only when each entry is one unit
    let pos = 0;
    let startEntry = -1;
    let endEntry = -1;
    for (let k = 0; k < t.map.length; k += 1) {
      const unitEnd = pos + t.map[k].ch.length;
      if (startEntry < 0 && unitEnd > at) startEntry = k;
      if (unitEnd >= at + q.length) { endEntry = k; break; }
      pos = unitEnd;
    }
    if (startEntry < 0 || endEntry < 0) return null;
    return [t.map[startEntry].start, t.map[endEntry].end];
  }

  /** Page text as displayed: PDFium's hyphen marks shown as "-", other controls dropped. */
  function displayText(s) {
    return s.replace(/\r\n?/g, "\n").replace(/[\ufffe\u0002]/g, "-")
      .replace(/[\u0000\u0001\u0003-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  }

  // ---------------------------------------------------------------- page view

  const img = $("#page-img");
  const frame = $("#page-frame");
  const hlLayer = $("#hl-layer");

  function docPages(docId) {
    const d = state.documents.find((x) => x.doc_id === docId);
    return d && d.pages ? d.pages : null;
  }

  function openCitation(c, lang, t0) {
    const addr = citationAddress(c);
    state.view = {
      citation: c,
      address: addr,
      kind: addr.kind,
      docId: c.doc_id,
      file: c.file,
      title: c.title || "",
      lang: I18N.LANGS.includes(lang) ? lang : state.uiLang,  // the page view speaks the answer's language
      page: addr.page,
      pages: docPages(c.doc_id),
      unitAddress: null,
    };
    if (addr.kind === "pdf") showPage(addr.page, t0);
    else showUnit(addr.page, t0);
  }

  function closePageView() {
    state.view = null;
    state.navSeq += 1;
    state.pendingImage = null;
    $("#page-view").hidden = true;
    hlLayer.replaceChildren();
    $("#page-text").replaceChildren();
    img.removeAttribute("src");
    delete img.dataset.page;
    delete img.dataset.docId;
    $("#unit-heading").textContent = "";
    $("#page-ocr").hidden = true;
  }

  function citationCovers(n) {
    const v = state.view;
    return v && n >= v.address.page && n <= v.address.page_end;
  }

  function updatePageNav() {
    const v = state.view;
    const L = v.lang;
    const words = unitWords(v.kind, L);
    const aria = v.kind === "pdf" ? "" : `_${v.kind}`;
    $("#prev-page").disabled = v.page <= 1;
    $("#next-page").disabled = v.pages ? v.page >= v.pages : false;
    $("#prev-page").textContent = TL(L, "previous");
    $("#next-page").textContent = TL(L, "next");
    $("#prev-page").setAttribute("aria-label", TL(L, `previous_aria${aria}`));
    $("#next-page").setAttribute("aria-label", TL(L, `next_aria${aria}`));
    $("#page-position").textContent = v.pages ? TL(L, "position_of", { one: words.one, n: v.page, total: v.pages })
      : TL(L, "position", { one: words.one, n: v.page });
    const link = $("#open-original");
    if (v.kind === "pdf") {
      link.href = originalUrl(v.docId, v.page);
      link.target = "_blank";
      link.removeAttribute("download");
      link.textContent = TL(L, "open_original");
      link.setAttribute("aria-label", TL(L, "open_original_aria", { file: v.file, n: v.page }));
    } else {
      link.href = fileUrl(v.docId);
      link.removeAttribute("target");
      link.setAttribute("download", v.file || "");
      link.textContent = TL(L, "download_original");
      link.setAttribute("aria-label", TL(L, "download_original_aria", { file: v.file }));
    }
  }

  /** The page view's frame for a kind: the image pane for a PDF, text only for a unit. */
  function setViewKind(kind) {
    const view = $("#page-view");
    view.dataset.kind = kind;
    const L = state.view ? state.view.lang : state.uiLang;
    view.lang = L;
    view.setAttribute("aria-label", kind === "pdf" ? TL(L, "cited_page") : TL(L, "cited_unit", { what: unitWords(kind, L).open }));
    $("#page-figure").hidden = kind !== "pdf";
    $("#unit-heading").hidden = kind === "pdf";
    $("#page-text-title").textContent = unitWords(kind, L).text;
    $("#page-loading").textContent = TL(L, "loading_page");
    $("#page-ocr").textContent = TL(L, "ocr_page_badge");
    $("#page-ocr").title = TL(L, "ocr_page_title");
  }

  function setOcrBadge(ocr) {
    $("#page-ocr").hidden = !ocr;
  }

  function setPageLabel(label) {
    const v = state.view;
    const box = $("#page-label");
    box.dataset.pageLabel = label || "";
    // a label equal to the physical page is not repeated, as in source lines and the CLI
    const L = v.lang;
    box.replaceChildren(label && label !== String(v.page)
      ? el("span", {}, TL(L, "printed_page"), el("strong", { class: "label-value", text: label }), TL(L, "pdf_page_sep", { n: v.page }))
      : el("span", {}, TL(L, label ? "same_label" : "no_label", { n: v.page })));
  }

  async function showPage(n, t0 = null, fromSource = true) {
    const v = state.view;
    if (!v) return;
    if (v.kind !== "pdf") {
      showUnit(n, t0);
      return;
    }
    const seq = ++state.navSeq;
    v.page = n;
    setViewKind("pdf");
    $("#page-view").hidden = false;
    $("#page-title").textContent = v.title ? `${v.title} — ${v.file}` : v.file;
    setPageLabel(n === v.address.page ? v.address.page_label : null);
    setOcrBadge(Boolean(v.citation.ocr) && citationCovers(n));
    updatePageNav();
    $("#page-quote-state").textContent = "";
    hlLayer.replaceChildren();
    delete $("#page-text").dataset.page;
    setImage(v.docId, n, seq, t0, fromSource);
    const covers = citationCovers(n);
    const highlight = covers
      ? api(`${docUrl(v.docId)}/pages/${n}/highlight?chunk_id=${enc(v.citation.chunk_id)}&quote=${enc(v.citation.quote)}`)
      : Promise.resolve(null);
    const text = api(`${docUrl(v.docId)}/pages/${n}/text`);
    const [hl, tx] = await Promise.allSettled([highlight, text]);
    if (seq !== state.navSeq) return;
    let quoteNote = "";
    if (tx.status === "fulfilled") {
      const t = tx.value;
      if (t.pages) v.pages = t.pages;
      setPageLabel(t.page_label ?? null);
      setOcrBadge(Boolean(t.ocr));
      updatePageNav();
      const found = renderPageText(t.text || "", covers ? v.citation.quote : null);
      if (covers && !found) quoteNote = TL(v.lang, "quote_not_marked");
    } else {
      $("#page-text").replaceChildren(el("p", { class: "error", text: TL(v.lang, "page_text_failed", { error: tx.reason.message }) }));
    }
    $("#page-text").dataset.page = String(n);
    if (covers) {
      if (hl.status === "fulfilled" && hl.value) {
        const count = drawHighlights(hl.value);
        if (!count) quoteNote = quoteNote || TL(v.lang, "quote_not_on_image");
      } else if (hl.status === "rejected") {
        quoteNote = TL(v.lang, "highlight_failed", { error: hl.reason.message });
      }
    } else {
      quoteNote = TL(v.lang, "quote_not_on_page");
    }
    $("#page-quote-state").textContent = quoteNote;
  }

  /** The unit view of a sheet, slide or block of lines: the cited range (or the unit's own
   * address) as the heading, the unit's text with the quote marked, previous/next unit and
   * the original to download. Only the text endpoint is called. */
  async function showUnit(n, t0 = null) {
    const v = state.view;
    if (!v) return;
    const seq = ++state.navSeq;
    state.pendingImage = null;
    v.page = n;
    const covers = citationCovers(n);
    setViewKind(v.kind);
    $("#page-view").hidden = false;
    $("#page-title").textContent = v.title ? `${v.title} — ${v.file}` : v.file;
    const heading = $("#unit-heading");
    heading.textContent = covers ? unitHeading(v.citation.address, v.lang) : "";
    heading.dataset.unit = String(n);
    heading.dataset.cited = String(covers);
    $("#page-label").dataset.pageLabel = "";
    $("#page-label").replaceChildren();
    setOcrBadge(false);
    updatePageNav();
    $("#page-quote-state").textContent = "";
    hlLayer.replaceChildren();
    img.removeAttribute("src");
    delete img.dataset.page;
    delete $("#page-text").dataset.page;
    let quoteNote = "";
    try {
      const t = await api(`${docUrl(v.docId)}/pages/${n}/text`);
      if (seq !== state.navSeq) return;
      if (t.pages) v.pages = t.pages;
      if (t.kind && t.kind !== "pdf" && t.kind !== v.kind) {
        v.kind = t.kind;
        setViewKind(t.kind);
      }
      v.unitAddress = t.address || null;
      const own = unitHeading(t.address, v.lang);
      heading.textContent = covers ? unitHeading(v.citation.address, v.lang) || own : own || `${unitWords(v.kind, v.lang).one} ${n}`;
      $("#page-label").replaceChildren(covers && own && own !== heading.textContent
        ? el("span", {}, TL(v.lang, "cited_range_within"), el("strong", { class: "label-value", text: own }))
        : el("span", { text: covers ? TL(v.lang, "cited") : "" }));
      setOcrBadge(Boolean(t.ocr));
      updatePageNav();
      const found = renderPageText(t.text || "", covers ? v.citation.quote : null);
      if (covers && !found) quoteNote = TL(v.lang, "quote_not_marked_unit");
      if (!covers) quoteNote = TL(v.lang, "quote_not_in_unit", { unit: TL(v.lang, `nav_unit_${UNIT_KINDS.has(v.kind) && v.kind !== "pdf" ? v.kind : "lines"}`) });
    } catch (err) {
      if (seq !== state.navSeq) return;
      $("#page-text").replaceChildren(el("p", { class: "error", text: TL(v.lang, "unit_text_failed", { error: err.message }) }));
    }
    $("#page-text").dataset.page = String(n);
    $("#page-quote-state").textContent = quoteNote;
    if (t0 !== null) {
      const ms = performance.now() - t0;
      $("#page-timing").textContent = TL(v.lang, "text_shown", { ms: Math.round(ms) });
    }
  }

  function setImage(docId, n, seq, t0, fromSource) {
    const url = pageImageUrl(docId, n);
    state.pendingImage = { seq, url, t0, fromSource };
    frame.classList.add("is-loading");
    $("#page-loading").textContent = TL(state.view.lang, "loading_page");
    $("#page-loading").hidden = false;
    img.alt = TL(state.view.lang, "page_img_alt", { n, file: state.view.file });
    img.dataset.page = String(n);
    img.dataset.docId = docId;
    if (state.token) {
      loadImageWithToken(url, seq);
    } else if (img.getAttribute("src") === url && img.complete && img.naturalWidth) {
      imageShown();
    } else {
      img.src = url;
    }
  }

  /** With a bearer token an <img> cannot send the header: fetch the PNG, show a blob URL. */
  async function loadImageWithToken(url, seq) {
    try {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${state.token}` } });
      if (!res.ok) throw new Error(`${res.status}`);
      const blob = await res.blob();
      const p = state.pendingImage;
      if (!p || p.seq !== seq) return;
      const objectUrl = URL.createObjectURL(blob);
      const old = img.getAttribute("src");
      p.url = objectUrl;
      img.src = objectUrl;
      if (old && old.startsWith("blob:")) URL.revokeObjectURL(old);
    } catch (_) {
      const p = state.pendingImage;
      if (p && p.seq === seq) img.dispatchEvent(new Event("error"));
    }
  }

  // The original behind a token: fetched with the header, opened as a blob at its page (a
  // PDF) or saved under its file name (any other kind).
  $("#open-original").addEventListener("click", async (e) => {
    const v = state.view;
    if (!state.token || !v) return;
    e.preventDefault();
    const pdf = v.kind === "pdf";
    const win = pdf ? window.open("", "_blank") : null;
    try {
      const res = await fetch(fileUrl(v.docId), { headers: { Authorization: `Bearer ${state.token}` } });
      if (!res.ok) throw new ApiError(res.status, `${res.status} ${res.statusText}`);
      const objectUrl = URL.createObjectURL(await res.blob());
      if (pdf) {
        if (win) win.location.href = `${objectUrl}#page=${v.page}`;
      } else {
        const a = el("a", { href: objectUrl, download: v.file || "original" });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(objectUrl), 10000);
      }
    } catch (err) {
      if (win) win.close();
      $("#page-quote-state").textContent = TL(v.lang, "original_failed", { error: err.message });
    }
  });

  function imageShown() {
    const p = state.pendingImage;
    if (!p || p.seq !== state.navSeq) return;
    state.pendingImage = null;
    frame.classList.remove("is-loading");
    $("#page-loading").hidden = true;
    frame.style.aspectRatio = `${img.naturalWidth} / ${img.naturalHeight}`;
    if (p.t0 !== null) {
      const ms = performance.now() - p.t0;
      (p.fromSource ? window.pinciteTimings : window.pinciteTurnTimings).push(ms);
      $("#page-timing").textContent = TL(state.view ? state.view.lang : state.uiLang, "image_shown", { ms: Math.round(ms) });
    } else {
      $("#page-timing").textContent = "";
    }
  }

  img.addEventListener("load", () => {
    const p = state.pendingImage;
    if (p && img.getAttribute("src") === p.url) imageShown();
  });
  img.addEventListener("error", () => {
    const p = state.pendingImage;
    if (!p || (img.getAttribute("src") !== p.url && !state.token)) return;
    state.pendingImage = null;
    frame.classList.remove("is-loading");
    $("#page-loading").hidden = false;
    $("#page-loading").textContent = TL(state.view ? state.view.lang : state.uiLang, "page_load_failed");
  });

  function drawHighlights(h) {
    hlLayer.replaceChildren();
    const w = h.width;
    const ht = h.height;
    if (!w || !ht) return 0;
    frame.style.aspectRatio = `${w} / ${ht}`;
    const pct = (x) => `${(x * 100).toFixed(4)}%`;
    for (const [left, top, right, bottom] of h.rects || []) {
      hlLayer.append(el("div", {
        class: "hl",
        style: `left:${pct(left / w)};top:${pct(top / ht)};width:${pct((right - left) / w)};height:${pct((bottom - top) / ht)}`,
      }));
    }
    return (h.rects || []).length;
  }

  /** Show the page text; mark the quote when given and found. Returns whether it was marked. */
  function renderPageText(text, quote) {
    const box = $("#page-text");
    const span = quote ? findQuote(text, quote) : null;
    if (!text.trim()) {
      box.replaceChildren(el("p", { class: "empty", text: TL(state.view ? state.view.lang : state.uiLang, "no_page_text") }));
      return false;
    }
    if (!span) {
      box.replaceChildren(displayText(text));
      return false;
    }
    const [a, b] = span;
    const mark = el("mark", { text: displayText(text.slice(a, b)) });
    box.replaceChildren(displayText(text.slice(0, a)), mark, displayText(text.slice(b)));
    box.scrollTop = Math.max(0, mark.offsetTop - box.offsetTop - box.clientHeight / 3);
    return true;
  }

  $("#prev-page").addEventListener("click", () => {
    if (state.view && state.view.page > 1) showPage(state.view.page - 1, performance.now(), false);
  });
  $("#next-page").addEventListener("click", () => {
    const v = state.view;
    if (v && (!v.pages || v.page < v.pages)) showPage(v.page + 1, performance.now(), false);
  });
  $("#page-view").addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowLeft" || e.key === "PageUp") {
      if (!$("#prev-page").disabled) { e.preventDefault(); $("#prev-page").click(); }
    } else if (e.key === "ArrowRight" || e.key === "PageDown") {
      if (!$("#next-page").disabled) { e.preventDefault(); $("#next-page").click(); }
    }
  });

  // ---------------------------------------------------------------- library

  const ACTIVE_UPLOAD = new Set(["queued", "processing"]);

  /** Ingest state of a document row: "ready" or "pending" (catalog `state`, else `status`). */
  function docState(d) {
    return d.state ?? d.status ?? "ready";
  }

  /** The revision status (e.g. current, superseded) when the row has one; `status` itself
   * is the ingest status in the API ("ready"). */
  function revisionStatus(d) {
    if (d.revision_status !== undefined) return d.revision_status;
    return d.status && !["ready", "pending"].includes(d.status) ? d.status : null;
  }

  async function refreshLibrary() {
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
        el("td", { class: "num", text: shown(d.pages) }),
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

  // ---------------------------------------------------------------- LLM settings

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
  function renderLlmState() {
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
  function renderLlmModeNote() {
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

  async function loadLlmSettings() {
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

  // ---------------------------------------------------------------- start

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
  window.pincite = { pageRef, sourceLine, unitHeading, findQuote, toMarkdown, toCsv, evidenceRows };
})();
