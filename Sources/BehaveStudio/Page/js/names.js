// Each control's name on the screen (the "Names" checkbox), so that a
// person with the scene file open finds each control: a tag over each
// widget's top left, in a layer over the screen that takes no clicks, and
// an outline around every widget, containers included. The browser
// remembers the choice.
import { el } from "./dom.js";

const remembered = "behave-studio-names";
// A tag's height in points (studio.css): one that would not fit above its
// widget goes inside it.
const tagHeight = 15;

export class NameTags {
  constructor(screen, toggle) {
    this.screen = screen;
    this.toggle = toggle;
    this.layer = el("div", { class: "name-tags", "aria-hidden": "true" });
    screen.append(this.layer);
    this.pending = 0;
    toggle.checked = recall();
    toggle.addEventListener("change", () => {
      remember(toggle.checked);
      this.refresh();
    });
    // Scroll views inside the screen move their widgets (capture: scroll
    // events do not bubble).
    screen.addEventListener("scroll", () => this.refresh(), true);
    window.addEventListener("resize", () => this.refresh());
    this.refresh();
  }

  // Drawn again at the next frame, once however many changes come first.
  refresh() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.draw();
    });
  }

  draw() {
    const on = this.toggle.checked;
    this.screen.classList.toggle("show-names", on);
    if (!on) return this.layer.replaceChildren();
    const origin = this.screen.getBoundingClientRect();
    // The phone is zoomed: rectangles are in the page's pixels, the
    // layer's positions in the screen's points.
    const scale = origin.width / this.screen.offsetWidth || 1;
    const tags = [];
    for (const widget of this.screen.querySelectorAll(".widget")) {
      // A container's corner is its first control's: its name is in its
      // tooltip, its outline shows its extent.
      if (widget.querySelector(".widget")) continue;
      const box = widget.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not drawn (hidden in a stack)
      const scroller = widget.parentElement && widget.parentElement.closest(".w-scrollview");
      if (scroller && !overlaps(box, scroller.getBoundingClientRect())) continue;
      const top = (box.top - origin.top) / scale;
      const tag = el("span", { class: "name-tag", text: widget.dataset.name });
      tag.classList.toggle("is-inside", top < tagHeight);
      tag.style.left = `${Math.max(0, (box.left - origin.left) / scale)}px`;
      tag.style.top = `${top}px`;
      tags.push(tag);
    }
    this.layer.replaceChildren(...tags);
  }
}

function overlaps(a, b) {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

function recall() {
  try {
    return window.localStorage.getItem(remembered) === "on";
  } catch {
    return false;
  }
}

function remember(on) {
  try {
    window.localStorage.setItem(remembered, on ? "on" : "off");
  } catch {
    // A browser that keeps nothing: the checkbox still works.
  }
}
