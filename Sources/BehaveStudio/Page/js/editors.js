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
      input.addEventListener("change", () => { if (input.value !== "") send(input.value); });
      const parts = [input];
      let range = null;
      if (typeof spec.min === "number" && typeof spec.max === "number") {
        range = el("input", { type: "range", min: spec.min, max: spec.max, step: integer ? "1" : (spec.step || "any"),
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
          if (!focused(input)) input.value = formatNumber(v);
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
      const input = el("input", { type: "text", list: listId, "aria-label": label, spellcheck: "false" });
      const list = el("datalist", { id: listId });
      input.addEventListener("change", () => apply(asCommandValue("image", input.value)));
      return {
        element: el("span", { class: "editor-image" }, input, list),
        show: (v) => {
          const names = imageNames();
          if (list.dataset.names !== names.join("\n")) {
            list.dataset.names = names.join("\n");
            list.replaceChildren(...names.map((name) => el("option", { value: name })));
          }
          if (!focused(input)) input.value = v && typeof v.name === "string" ? v.name : "";
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
      const input = el("input", { type: "text", "aria-label": label, spellcheck: "false" });
      input.addEventListener("change", () => apply(asCommandValue("string", input.value)));
      return { element: input, show: (v) => { if (!focused(input)) input.value = v === null || v === undefined ? "" : String(v); } };
    }
  }
}
