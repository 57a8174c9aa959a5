// An editor for each inspectable type. Each change is sent as a checked
// `set`; what the scene refuses comes back as a message shown beside the
// field. Editors show the scene's current value unless you are in them.
import { el, hexColor, formatNumber } from "./dom.js";
import { value as asCommandValue } from "./commands.js";

function focused(...nodes) {
  return nodes.includes(document.activeElement);
}

function numberInput(label, step) {
  return el("input", { type: "number", step: step || "any", "aria-label": label, class: "number" });
}

// The range a slider can use for a number inspectable, or null: both
// bounds declared and finite, the maximum above the minimum, and at most
// 10,000 steps between them (of the declared `step`, else of 1), so that
// a slider over 0…1e9 is not offered and the number field alone is.
const sliderSteps = 10000;

function sliderRange(spec, integer) {
  const { min, max } = spec;
  if (typeof min !== "number" || typeof max !== "number" || !isFinite(min) || !isFinite(max) || !(max > min)) return null;
  const declared = typeof spec.step === "number" && isFinite(spec.step) && spec.step > 0 ? spec.step : null;
  if ((max - min) / (declared || 1) > sliderSteps) return null;
  return { min, max, step: integer ? String(Math.max(1, Math.round(declared || 1))) : String(declared || "any") };
}

// A text field that applies what was typed when it is left or Enter is
// pressed, not at each key (clearing a title must not set every shorter
// one on the way), and only when it differs from the scene's value;
// Escape puts the scene's value back.
function committingInput(props, apply) {
  const input = el("input", { type: "text", spellcheck: "false", ...props });
  let edited = false;
  const commit = () => {
    if (!edited) return;
    edited = false;
    if (input.value !== (input.dataset.shown || "")) apply(input.value);
  };
  input.addEventListener("input", () => { edited = true; });
  input.addEventListener("blur", commit);
  // A name picked from a list is taken at once.
  input.addEventListener("change", commit);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      edited = false;
      input.value = input.dataset.shown || "";
    }
  });
  // The scene's value, shown unless you are typing in the field.
  const show = (text) => {
    input.dataset.shown = text;
    if (!focused(input)) input.value = text;
  };
  return { input, show };
}

// Each editor: { element, show(value) }; `apply(text)` sends a set.
export function makeEditor(spec, label, apply, imageNames) {
  const type = spec.type;
  switch (type) {
    case "bool": {
      const box = el("input", { type: "checkbox", "aria-label": label });
      box.addEventListener("change", () => apply(asCommandValue("bool", box.checked)));
      return { element: box, show: (v) => { box.checked = v === true; } };
    }
    case "number":
    case "integer": {
      const integer = type === "integer";
      const input = numberInput(label, integer ? "1" : spec.step);
      const send = (n) => apply(asCommandValue(type, n));
      // The scene's value, put back when the field is left empty or holding
      // what is no number (the browser reads both as ""): nothing was set,
      // so the field must not look as if it had been.
      let shown = "";
      input.addEventListener("change", () => {
        if (input.value !== "") send(input.value);
        else input.value = shown;
      });
      const parts = [input];
      let range = null;
      const usable = sliderRange(spec, integer);
      if (usable) {
        range = el("input", { type: "range", min: usable.min, max: usable.max, step: usable.step,
          "aria-label": `${label} slider` });
        range.addEventListener("change", () => send(range.value));
        range.addEventListener("input", () => { input.value = range.value; });
        parts.push(range);
      }
      if (integer) {
        const minus = el("button", { type: "button", class: "small", text: "−", "aria-label": `${label} minus` });
        const plus = el("button", { type: "button", class: "small", text: "+", "aria-label": `${label} plus` });
        minus.addEventListener("click", () => send(Number(input.value || 0) - 1));
        plus.addEventListener("click", () => send(Number(input.value || 0) + 1));
        parts.push(minus, plus);
      }
      return {
        element: el("span", { class: "editor-number" }, ...parts),
        show: (v) => {
          if (typeof v !== "number") return;
          shown = formatNumber(v);
          if (!focused(input)) input.value = shown;
          if (range && !focused(range)) range.value = String(v);
        },
      };
    }
    case "enum": {
      const select = el("select", { "aria-label": label });
      for (const option of spec.values || []) select.append(el("option", { value: String(option), text: String(option) }));
      select.addEventListener("change", () => apply(asCommandValue("enum", select.value)));
      return { element: select, show: (v) => { if (!focused(select)) select.value = String(v); } };
    }
    case "color": {
      const picker = el("input", { type: "color", "aria-label": label });
      const shown = el("span", { class: "color-name" });
      picker.addEventListener("change", () => apply(asCommandValue("color", picker.value.toUpperCase())));
      return {
        element: el("span", { class: "editor-color" }, picker, shown),
        show: (v) => {
          shown.textContent = v === null || v === undefined ? "none" : String(v);
          const hex = hexColor(v);
          if (hex && !focused(picker)) picker.value = hex;
        },
      };
    }
    case "image": {
      const listId = `images-${label.replace(/[^A-Za-z0-9_-]/g, "_")}`;
      const { input, show } = committingInput({ list: listId, "aria-label": label }, (text) => apply(asCommandValue("image", text)));
      const list = el("datalist", { id: listId });
      return {
        element: el("span", { class: "editor-image" }, input, list),
        show: (v) => {
          const names = imageNames();
          if (list.dataset.names !== names.join("\n")) {
            list.dataset.names = names.join("\n");
            list.replaceChildren(...names.map((name) => el("option", { value: name })));
          }
          show(v && typeof v.name === "string" ? v.name : "");
        },
      };
    }
    case "point":
    case "size":
    case "rect": {
      const keys = type === "point" ? ["x", "y"] : type === "size" ? ["width", "height"] : ["x", "y", "width", "height"];
      const inputs = keys.map((key) => numberInput(`${label} ${key}`));
      const send = () => {
        const v = {};
        keys.forEach((key, i) => { v[key] = Number(inputs[i].value || 0); });
        apply(asCommandValue(type, v));
      };
      inputs.forEach((input) => input.addEventListener("change", send));
      return {
        element: el("span", { class: "editor-fields" },
          ...keys.flatMap((key, i) => [el("span", { class: "field-key", text: key }), inputs[i]])),
        show: (v) => {
          if (!v || typeof v !== "object") return;
          if (focused(...inputs)) return;
          keys.forEach((key, i) => { inputs[i].value = formatNumber(v[key]); });
        },
      };
    }
    default: {
      const { input, show } = committingInput({ "aria-label": label }, (text) => apply(asCommandValue("string", text)));
      return { element: input, show: (v) => show(v === null || v === undefined ? "" : String(v)) };
    }
  }
}
