// pincite web UI, export.js: the evidence export of an answer's verified claims: Markdown and CSV
// (the same rules as pincite.cli.export).

import { $, el } from "./dom.js";
import { state } from "./state.js";
import { fileUrl, originalUrl } from "./api.js";
import { citationAddress, pageRef, sourceLine, unitHeading } from "./sources.js";
import { claimKey } from "./render.js";

/** Every claim of an answer and its parts, each once (a compound answer repeats its
 * parts' claims at the top). */
export function allClaims(ans) {
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
export function evidenceRows(ans) {
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

export function toMarkdown(ans) {
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

export function toCsv(ans) {
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
