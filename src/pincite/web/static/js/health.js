// pincite web UI, health.js: the server's version and document count in the top bar, and the
// page-wide error line.

import { $ } from "./dom.js";
import { state, T } from "./state.js";
import { api } from "./api.js";

export function showServerInfo() {
  const n = state.readyCount ?? 0;
  $("#server-info").textContent = T("server_info", { version: state.version ?? "", n, s: n === 1 ? "" : "s" });
}

export async function refreshHealth() {
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

export function hideGlobalError() {
  $("#global-error").hidden = true;
}
