// pincite web UI, quotes.js: finding a quote in page text to mark it (a loose match close to the
// server's); the verification itself is the server's.

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
export function findQuote(text, quote) {
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
export function displayText(s) {
  return s.replace(/\r\n?/g, "\n").replace(/[\ufffe\u0002]/g, "-")
    .replace(/[\u0000\u0001\u0003-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}
