// The timeline: the scene's trace (events, property changes, actions,
// logs, errors, dialogs) and the studio's notes (your commands, their
// mistakes, reloads), newest at the bottom, filterable by kind.
import { el, formatNumber } from "./dom.js";

const kinds = ["command", "event", "change", "action", "dialog", "log", "error", "lifecycle", "note", "mistake",
  "reload", "problem", "output", "warning"];
const hiddenAtFirst = new Set(["lifecycle", "note"]);

export class Timeline {
  constructor(list, filters) {
    this.list = list;
    this.shownKinds = new Set(kinds.filter((kind) => !hiddenAtFirst.has(kind)));
    this.last = 0;
    this.entries = [];
    for (const kind of kinds) {
      const box = el("input", { type: "checkbox", "data-kind": kind });
      box.checked = this.shownKinds.has(kind);
      box.addEventListener("change", () => {
        if (box.checked) this.shownKinds.add(kind); else this.shownKinds.delete(kind);
        this.render();
      });
      filters.append(el("label", { class: `filter kind-${kind}` }, box, kind));
    }
  }

  update(timeline) {
    this.entries = Array.isArray(timeline.entries) ? timeline.entries : [];
    this.render();
  }

  render() {
    const atBottom = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 8;
    const items = this.entries.filter((entry) => this.shownKinds.has(entry.kind)).map((entry) =>
      el("li", { class: `entry kind-${entry.kind}`, "data-kind": entry.kind, "data-seq": entry.seq },
        el("span", { class: "entry-time", text: `${formatNumber(entry.time)}s` }),
        el("span", { class: "entry-kind", text: entry.kind }),
        el("span", { class: "entry-message", text: entry.kind === "command" ? `> ${entry.message}` : entry.message })));
    this.list.replaceChildren(...items);
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }
}
