// pincite web UI, dom.js: building DOM nodes: `$` (querySelector), `el` (an element with
// attributes, listeners and children), and how an empty value is shown (DASH).

export const $ = (sel) => document.querySelector(sel);
export const el = (tag, attrs = {}, ...children) => {
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

export const DASH = "—";
export const shown = (v) => (v === null || v === undefined || v === "" ? DASH : String(v));
