// The attributes inspector: a card per behaviour with an editor for each
// inspectable, its fields live, its outlets, connections, events and
// actions.
import { el, setText } from "./dom.js";
import { word } from "./commands.js";
import { makeEditor } from "./editors.js";

export class Inspector {
  constructor(root, connection) {
    this.root = root;
    this.connection = connection;
    this.cards = new Map();
    this.imageNames = [];
    this.imageFiles = [];
  }

  // A new scene (at each load): the cards are made again.
  build(scene) {
    this.root.replaceChildren();
    this.cards.clear();
    for (const behaviour of scene.behaviours || []) {
      this.root.append(this.card(behaviour));
    }
    if (!(scene.behaviours || []).length) this.root.append(el("p", { class: "empty", text: "No behaviours." }));
  }

  card(behaviour) {
    const name = String(behaviour.name);
    const declaration = behaviour.declaration || {};
    const status = el("span", { class: "card-status" });
    const card = el("article", { class: "card", "data-behaviour": name },
      el("header", {},
        el("h3", { text: name }),
        el("span", { class: "card-kind", text: declaration.name ? `${declaration.name} · ${behaviour.script}` : behaviour.script }),
        status));
    const editors = new Map();
    const inspectables = declaration.inspectables || [];
    if (inspectables.length) {
      const table = el("div", { class: "inspectables" });
      for (const spec of inspectables) {
        const property = String(spec.name);
        const apply = (value) => this.connection.send({ kind: "set", object: name, property, value });
        const editor = makeEditor(spec, `${name}.${property}`, apply, () => this.imageNames);
        const refusal = el("span", { class: "refusal", "data-field": `${name}.${property}`, role: "status" });
        const range = typeof spec.min === "number" || typeof spec.max === "number"
          ? ` ${spec.min ?? ""}…${spec.max ?? ""}` : "";
        table.append(el("div", { class: "inspectable", "data-field": `${name}.${property}` },
          el("label", { class: "inspectable-name", text: property, title: `${spec.type}${range}` }),
          el("span", { class: "inspectable-type", text: spec.type }),
          editor.element, refusal));
        editors.set(property, { editor, refusal });
      }
      card.append(el("h4", { text: "Inspectables" }), table);
    }
    const fields = el("pre", { class: "fields" });
    card.append(el("h4", { text: "Fields" }), fields);
    const outlets = (behaviour.outlets || []).map((outlet) =>
      el("li", { text: `${outlet.name} → ${outlet.control ?? "(not connected)"}  ${outlet.type}` }));
    if (outlets.length) card.append(el("h4", { text: "Outlets" }), el("ul", { class: "outlets" }, ...outlets));
    const connections = (behaviour.connections || []).map((c) =>
      el("li", { text: `${c.from}.${c.event} → ${c.to ?? "responder chain"}.${c.action}` }));
    if (connections.length) card.append(el("h4", { text: "Connections" }), el("ul", { class: "connections" }, ...connections));
    const delegateOf = (behaviour.delegateOf || []).map((control) => el("li", { text: `${control}.delegate` }));
    if (delegateOf.length) card.append(el("h4", { text: "Delegate of" }), el("ul", { class: "connections" }, ...delegateOf));
    if ((declaration.events || []).length) {
      card.append(el("h4", { text: "Events" }), el("p", { class: "events", text: declaration.events.join(", ") }));
    }
    const actions = (declaration.actions || []).map((action) => {
      const button = el("button", { type: "button", class: "action", text: action, title: `call ${name}.${action}` });
      button.addEventListener("click", () => this.connection.command(`call ${word(name)}.${action}`));
      return button;
    });
    if (actions.length) card.append(el("h4", { text: "Actions" }), el("div", { class: "actions" }, ...actions));
    this.cards.set(name, { card, status, editors, fields });
    return card;
  }

  // The behaviours' values and fields from the state.
  update(state) {
    const behaviours = (state && state.behaviours) || {};
    this.imageNames = collectImageNames(state, this.imageFiles || []);
    for (const [name, entry] of this.cards) {
      const live = behaviours[name];
      if (!live) continue;
      setText(entry.status, live.alive ? (live.errors ? `${live.errors} error(s)` : "alive") : "destroyed");
      entry.card.classList.toggle("is-dead", !live.alive);
      entry.card.classList.toggle("has-errors", live.errors > 0);
      for (const [property, { editor }] of entry.editors) {
        if (live.inspectables && property in live.inspectables) editor.show(live.inspectables[property]);
      }
      setText(entry.fields, JSON.stringify(live.fields || {}, null, 1));
    }
  }

  // Messages for values the scene refused, beside their fields.
  showRefusals(refusals) {
    for (const [name, entry] of this.cards) {
      for (const [property, { refusal }] of entry.editors) {
        setText(refusal, (refusals || {})[`${name}.${property}`] || "");
      }
    }
  }
}

// Image names to choose from: those of the scene's image files (its images
// folder, its photo library) and every image it shows or its behaviours
// hold.
function collectImageNames(state, files) {
  const names = new Set(files);
  const visit = (value) => {
    if (!value || typeof value !== "object") return;
    if (typeof value.name === "string" && ("width" in value || Object.keys(value).length === 1)) names.add(value.name);
    for (const item of Object.values(value)) visit(item);
  };
  if (state) {
    for (const control of Object.values(state.controls || {})) visit(control.image);
    for (const behaviour of Object.values(state.behaviours || {})) visit(behaviour.inspectables);
  }
  return Array.from(names).sort();
}
