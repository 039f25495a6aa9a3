// pincite web UI, api.js: talking to the REST API (same origin): api() with the token and the
// header the server wants of a browser, the server's error detail as text, and the URLs of a
// document.

import { state, T } from "./state.js";

export class ApiError extends Error {
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

export async function api(path, options = {}) {
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

export const enc = encodeURIComponent;
export const docUrl = (docId) => `/api/documents/${enc(docId)}`;
export const pageImageUrl = (docId, n) => `${docUrl(docId)}/pages/${n}.png`;
export const fileUrl = (docId) => `${docUrl(docId)}/file`;
export const originalUrl = (docId, n) => `${fileUrl(docId)}#page=${n}`;
