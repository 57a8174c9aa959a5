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
