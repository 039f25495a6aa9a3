// pincite web UI, sources.js: where a citation opens (its kind, pages or unit) and the
// heading of a sheet range, slide or line range in the page view. A citation's source line
// is the server's (its `source`, written as the CLI and the evidence export write it), and
// so is the unit it opens (its `unit`).

import { TL } from "./state.js";

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

/** The kinds of unit a citation opens; their words are in i18n.js (unit_*, text_*, open_*). */
export const UNIT_KINDS = new Set(["pdf", "sheet", "slide", "lines"]);
/** A unit kind's words in `lang`: singular for headings and positions, the text pane's
 * title, and the noun of "open the …". */
export const unitWords = (kind, lang) => {
  const k = UNIT_KINDS.has(kind) ? kind : "pdf";
  return { one: TL(lang, `unit_${k}`), text: TL(lang, `text_${k}`), open: TL(lang, `open_${k}`) };
};
