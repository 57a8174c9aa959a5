// The presented dialog (the state's `dialog`) as a modal over the screen:
// alerts and permission requests in the middle, action sheets and pickers
// from the bottom. Choosing sends `choose`.
import { el } from "./dom.js";
import { phrase } from "./commands.js";

export class Dialogs {
  constructor(layer, send) {
    this.layer = layer;
    this.send = send;
    this.shown = "";
  }

  update(dialog, files) {
    const key = dialog ? JSON.stringify(dialog) : "";
    if (key === this.shown) return;
    this.shown = key;
    this.layer.replaceChildren();
    this.layer.hidden = !dialog;
    if (!dialog) return;
    const style = String(dialog.style);
    const sheet = style === "actionSheet" || style === "picker";
    const box = el("div", { class: `dialog ${sheet ? "sheet" : "alert"} dialog-${style}`, role: "dialog", "aria-modal": "true" });
    if (dialog.title) box.append(el("h3", { class: "dialog-title", text: dialog.title }));
    if (dialog.message) box.append(el("p", { class: "dialog-message", text: dialog.message }));
    const options = el("div", { class: "dialog-options" });
    for (const option of dialog.options || []) {
      const label = String(option);
      const button = el("button", { type: "button", class: "dialog-option", "data-option": label });
      const thumbnail = style === "picker" ? files.photoURL(label) : null;
      if (thumbnail) button.append(el("img", { class: "thumbnail", src: thumbnail, alt: "" }));
      button.append(el("span", { text: label }));
      button.addEventListener("click", () => this.send(`choose ${phrase(label)}`));
      options.append(button);
    }
    box.append(options);
    if (dialog.cancel !== null && dialog.cancel !== undefined) {
      const cancel = el("button", { type: "button", class: "dialog-cancel", text: String(dialog.cancel) });
      cancel.addEventListener("click", () => this.send("choose cancel"));
      box.append(cancel);
    }
    this.layer.append(box);
  }
}
