// Building the page. Everything shown from the scene — titles, texts,
// names, options, messages — comes from scripts and goes in as text
// (textContent and text nodes), never as markup.

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// Sets an element's text only when it changed (keeps selections and focus).
export function setText(node, text) {
  const value = text === null || text === undefined ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}

// A colour as the scene gives it ("#RRGGBB" or a name such as "grey") as
// "#rrggbb" for a colour picker; null when the browser does not know it.
export function hexColor(value) {
  if (typeof value !== "string") return null;
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  const probe = el("span");
  probe.style.color = value;
  if (!probe.style.color) return null;
  document.body.append(probe);
  const rgb = getComputedStyle(probe).color.match(/\d+/g);
  probe.remove();
  if (!rgb) return null;
  return "#" + rgb.slice(0, 3).map((n) => Number(n).toString(16).padStart(2, "0")).join("");
}

export function formatNumber(n) {
  if (typeof n !== "number" || !isFinite(n)) return String(n);
  return String(Math.round(n * 1000) / 1000);
}
