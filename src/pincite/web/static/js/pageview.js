// pincite web UI, pageview.js: the page view of a citation: a PDF page image with the quote
// highlighted and its text, or the text of a sheet, slide or block of lines; previous/next and the
// original. Where the quote stands is the server's: rectangles from .../highlight, offsets in
// the text from .../text?quote=&chunk_id= (its `marks`).

import { $, el } from "./dom.js";
import { I18N, state, TL } from "./state.js";
import { api, ApiError, docUrl, enc, fileUrl, originalUrl, pageImageUrl } from "./api.js";
import { citationAddress, UNIT_KINDS, unitHeading, unitWords } from "./sources.js";

const img = $("#page-img");
const frame = $("#page-frame");
const hlLayer = $("#hl-layer");

function docPages(docId) {
  const d = state.documents.find((x) => x.doc_id === docId);
  return d && d.pages ? d.pages : null;
}

export function openCitation(c, lang, t0) {
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

export function closePageView() {
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
  const text = api(textUrl(v, n, covers));
  const [hl, tx] = await Promise.allSettled([highlight, text]);
  if (seq !== state.navSeq) return;
  let quoteNote = "";
  if (tx.status === "fulfilled") {
    const t = tx.value;
    if (t.pages) v.pages = t.pages;
    setPageLabel(t.page_label ?? null);
    setOcrBadge(Boolean(t.ocr));
    updatePageNav();
    const found = renderPageText(t.text || "", covers ? t.marks : null);
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
    const t = await api(textUrl(v, n, covers));
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
    const found = renderPageText(t.text || "", covers ? t.marks : null);
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

/** The text endpoint of unit `n`; on a unit the citation covers, with its quote and chunk,
 * so the server says where the quote stands (`marks`). */
function textUrl(v, n, covers) {
  const url = `${docUrl(v.docId)}/pages/${n}/text`;
  return covers ? `${url}?chunk_id=${enc(v.citation.chunk_id)}&quote=${enc(v.citation.quote)}` : url;
}

/** Page text as displayed: PDFium's hyphen marks shown as "-", other controls dropped. */
function displayText(s) {
  return s.replace(/\r\n?/g, "\n").replace(/[\ufffe\u0002]/g, "-")
    .replace(/[\u0000\u0001\u0003-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

/** Show the page text with the server's `marks` ([start, end) in code points of `text`)
 * as <mark>. Returns whether anything was marked. */
function renderPageText(text, marks) {
  const box = $("#page-text");
  if (!text.trim()) {
    box.replaceChildren(el("p", { class: "empty", text: TL(state.view ? state.view.lang : state.uiLang, "no_page_text") }));
    return false;
  }
  const chars = Array.from(text);  // one entry per code point, as the offsets count
  const nodes = [];
  let at = 0;
  let first = null;
  for (const [a, b] of marks || []) {
    if (a < at || b <= a || b > chars.length) continue;
    nodes.push(displayText(chars.slice(at, a).join("")));
    const mark = el("mark", { text: displayText(chars.slice(a, b).join("")) });
    nodes.push(mark);
    first = first || mark;
    at = b;
  }
  nodes.push(displayText(chars.slice(at).join("")));
  box.replaceChildren(...nodes);
  if (first) box.scrollTop = Math.max(0, first.offsetTop - box.offsetTop - box.clientHeight / 3);
  return Boolean(first);
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
