// pincite web UI, sources.js: where a citation points, in words, for the screen: page
// references, source lines and unit headings in the answer's language; the unit a citation
// opens is the server's (its `unit`).

import { TL } from "./state.js";

/** "p. 5-12 (PDF 47)" with a printed label, else "PDF p. 47" (as the CLI's page_ref). */
export function pageRef(address, lang) {
  const page = address.page;
  const end = address.page_end && address.page_end !== page ? address.page_end : null;
  const phys = end ? `${page}–${end}` : `${page}`;
  const label = address.page_label;
  const hasLabel = label && label !== String(page);
  if (lang === "zh") return hasLabel ? `第 ${label} 页（PDF 第 ${phys} 页）` : `PDF 第 ${phys} 页`;
  const word = lang === "ru" ? "с." : "p.";
  return hasLabel ? `${word} ${label} (PDF ${phys})` : `PDF ${word} ${phys}`;
}

/** The kind of a citation's address: "pdf", "sheet", "slide" or "lines". */
export function addressKind(c) {
  const kind = c && c.address && c.address.kind;
  return kind === "sheet" || kind === "slide" || kind === "lines" ? kind : "pdf";
}

/** {kind, page, page_end, page_label, label_source}: where a citation opens. For a PDF the
 * physical pages and printed label; for other kinds `page` is the unit number, the
 * citation's `unit` as the server gives it. */
export function citationAddress(c) {
  const a = c.address || {};
  const kind = addressKind(c);
  if (kind !== "pdf") {
    const unit = c.unit ?? 1;
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
export function unitHeading(address, lang = "en") {
  const a = address || {};
  if (a.kind === "sheet") return a.range ? `${a.sheet}!${a.range}` : `${a.sheet}`;
  if (a.kind === "slide") return TL(lang, "heading_slide", { n: a.slide });
  if (a.kind === "lines") {
    return a.start === a.end ? TL(lang, "heading_line", { n: a.start }) : TL(lang, "heading_lines", { a: a.start, b: a.end });
  }
  return "";
}

/** The address part of a source line for a non-PDF citation, in the answer's language
 * "RevB!B5", "slide 2", "lines 10–14". */
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

/** Words of the document fields in a source line. */
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
export function sourceLine(c, lang) {
  const where = addressKind(c) === "pdf" ? pageRef(citationAddress(c), lang) : unitRef(c.address, lang);
  const fields = fieldsPart(c, lang);
  return `${c.file}${fields ? `, ${fields}` : ""} — ${where}`;
}

/** The kinds of unit a citation opens; their words are in i18n.js (unit_*, text_*, open_*). */
export const UNIT_KINDS = new Set(["pdf", "sheet", "slide", "lines"]);
/** A unit kind's words in `lang`: singular for headings and positions, the text pane's
 * title, and the noun of "open the …". */
export const unitWords = (kind, lang) => {
  const k = UNIT_KINDS.has(kind) ? kind : "pdf";
  return { one: TL(lang, `unit_${k}`), text: TL(lang, `text_${k}`), open: TL(lang, `open_${k}`) };
};
