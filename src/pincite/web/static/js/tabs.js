// pincite web UI, tabs.js: the three tabs (Ask, Library, Settings) and their keyboard navigation.

import { $ } from "./dom.js";
import { refreshLibrary } from "./library.js";
import { loadLlmSettings } from "./settings.js";

const tabs = [$("#tab-ask"), $("#tab-library"), $("#tab-settings")];

export function selectTab(tab, focus = false) {
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
