// Lines of the command language, as `behave run` reads them. The page
// changes the scene only by sending these.

// A name as one word: quoted when it holds spaces or quotes.
export function word(text) {
  if (text !== "" && !/[\s"']/.test(text)) return text;
  return text.includes('"') ? `'${text}'` : `"${text}"`;
}

// The rest of a line taken as written (type, keys, choose): one pair of
// quotes around it is taken off, whatever it holds.
export function phrase(text) {
  return `"${text}"`;
}

// An inspectable's value as `set` reads it, by the inspectable's type.
export function value(type, v) {
  switch (type) {
    case "bool": return v ? "true" : "false";
    case "number":
    case "integer": return String(v);
    case "point": return `[${v.x}, ${v.y}]`;
    case "size": return `[${v.width}, ${v.height}]`;
    case "rect": return `[${v.x}, ${v.y}, ${v.width}, ${v.height}]`;
    default: return phrase(String(v));
  }
}

// Examples for the command box, in this scene's own names: a button (or
// any control) to tap, and an inspectable with a plain value (a bool, a
// number, a string) set to the value it has.
export function examples(scene, state) {
  const lines = [];
  const controls = Object.entries((state && state.controls) || {});
  const control = controls.find(([, c]) => c && c.widget === "Button") || controls[0];
  if (control) lines.push(`tap ${word(control[0])}`);
  lines.push("advance 0.5");
  const plain = (v) => ["boolean", "number", "string"].includes(typeof v);
  for (const behaviour of (scene && scene.behaviours) || []) {
    const live = (((state && state.behaviours) || {})[behaviour.name] || {}).inspectables || {};
    const spec = ((behaviour.declaration || {}).inspectables || []).find((s) => plain(live[s.name]));
    if (spec) {
      lines.push(`set ${behaviour.name}.${spec.name} ${value(spec.type, live[spec.name])}`);
      break;
    }
  }
  lines.push("help");
  return lines.join(" · ");
}
