// pincite web UI, render.js: rendering an Answer (contract.py): status banner, claims, citations,
// passages, parts of a compound question, a calculation, the LLM usage line and the Details rows.

import { $, el } from "./dom.js";
import { answerLang, I18N, state, TL } from "./state.js";
import { addressKind, citationAddress, unitWords } from "./sources.js";
import { ask, questionBox } from "./ask.js";
import "./export.js"; // the export buttons under an answer
import { openCitation } from "./pageview.js";

// A quote's fixed English reason for not verifying (answer.verify) -> its i18n key.
const REASON_KEYS = {
  "empty": "reason_empty", "too short": "reason_too_short", "not in source": "reason_not_in_source",
  "cuts a word or number": "reason_cut", "source text unavailable": "reason_unavailable",
  "the claim is a question, not a statement of the answer": "reason_claim_is_question",
};

/** Why a quote did not verify, in `lang`; a reason without a translation as it is. */
function quoteReason(lang, reason) {
  const key = REASON_KEYS[reason];
  return key ? TL(lang, key) : reason;
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
export const fmtSeconds = (s, lang) => (s < 1 ? TL(lang, "unit_ms", { n: Math.round(s * 1000) }) : TL(lang, "unit_sec", { n: s.toFixed(1) }));
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

export function renderAnswer(ans) {
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
    // a question back about a table's row says so (clarification.kind), not "document or revision"
    const rowBack = ans.status === "needs_clarification" && ans.clarification && ans.clarification.kind === "row";
    const text = ans.mode === "llm" && LLM_STATUS_TEXT[ans.status] ? TL(L, LLM_STATUS_TEXT[ans.status])
      : rowBack ? TL(L, "st_needs_clarification_row_text") : fallback;
    banner.replaceChildren(el("strong", { text: title }), " ", el("span", { text }));
  }

  const body = $("#answer-body");
  body.replaceChildren(...(ans.mode === "llm" ? [renderLlmUsage(ans)] : []), ...renderAnswerBody(ans, 0));

  $("#export").hidden = !ans.exportable;  // the server's word: its export has a row
  renderMeta(ans);
  // the answer's own frame speaks the question's language too
  section.setAttribute("aria-label", TL(L, "answer"));
  $("#export-label").textContent = TL(L, "evidence_cards");
  $("#details-summary").textContent = TL(L, "details");
  section.lang = L;
  section.hidden = false;
}

/** A refusal because no document of the library is in the question's scope: the server
 * says so (Answer.refusal "no_document") and its answer names the missing document. */
function isMissingDocument(ans) {
  return ans.status === "refused" && ans.refusal === "no_document";
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
    : el("p", { class: "verify verify-bad" }, el("span", { "aria-hidden": "true", text: "✗ " }), TL(lang, "not_verified", { reason: quoteReason(lang, claim.reason) || TL(lang, "no_quote_found") })));
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
  }, el("span", { class: "source-num", text: `[${n}]` }), " ", el("span", { class: "source-line", text: c.source || c.file }),
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
  // a quote of a table row whose text does not name its columns: which value is which
  if (c.row_headers && c.row_headers.length) {
    item.append(el("p", { class: "note row-headers", lang: lang || null, text: TL(lang, "row_columns", { columns: c.row_headers.join(" | ") }) }));
  }
  // An LLM claim's reason is the citation's too: say it once, on the claim.
  if (!c.verified && !(claim.reason && c.reason === claim.reason)) {
    item.append(el("p", { class: "verify verify-bad" }, TL(lang, "not_verified", { reason: quoteReason(lang, c.reason) || TL(lang, "quote_not_found_here") })));
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
  const unit = calc.unit_shown ?? calc.unit;  // as the answer's language writes it ("кВт")
  const resultText = done ? `${calc.shown ?? calc.result}${unit ? ` ${unit}` : ""}` : "";
  if (done) {
    section.append(el("p", { class: "calc-result" }, el("span", { class: "calc-equals", text: "= " }),
      el("strong", { class: "calc-value", text: resultText })));
    section.append(el("p", { class: "note", text: TL(lang, "calc_note") }));
  } else {
    section.append(el("p", { class: "calc-failed verify-bad", role: "note", text: TL(lang, "calc_not_done", { reason: calc.reason || TL(lang, "no_reason_given") }) }));
  }
  const rows = [[TL(lang, "formula"), el("code", { class: "calc-formula", text: calc.formula || "" })]];
  if (done && calc.substitution) rows.push([TL(lang, "substitution"), el("span", { class: "calc-substitution", text: `${calc.substitution} = ${resultText}` })]);
  // `shown` has the answer's decimal separator (a comma in Russian), `result` a point
  if (done && calc.result !== null && calc.result !== undefined && String(calc.result) !== String(calc.shown ?? calc.result).replace(",", ".")) {
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
    if (s.doc_ids && s.doc_ids.length) bits.push(TL(L, "meta_n_documents", { n: s.doc_ids.length, s: s.doc_ids.length === 1 ? "" : "s" }));
    if (s.trust && s.trust.length) bits.push(TL(L, "meta_trust", { value: s.trust.map((t) => known(L, "trust_", t)).join(", ") }));
    bits.push(TL(L, "meta_mode", { value: known(L, "scope_mode_", s.mode) }));
    rows.push([TL(L, "meta_scope"), TL(L, "meta_decided_by", { bits: bits.join(", "), why: (L === ans.language && s.decided_by_shown) || known(L, "decided_", s.decided_by) })]);
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
