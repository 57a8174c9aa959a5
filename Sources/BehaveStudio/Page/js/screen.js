// The screen: every control of the state as a widget, in its parent (the
// screen, or a scroll view's content), updated in place so that focus and
// typing survive each new state.
import { makeWidget } from "./widgets.js";

export class Screen {
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.widgets = new Map();
  }

  update(controls, files) {
    const seen = new Set();
    for (const [name, props] of Object.entries(controls || {})) {
      if (!props || typeof props !== "object") continue;
      seen.add(name);
      let widget = this.widgets.get(name);
      if (!widget || widget.type !== props.type) {
        if (widget) widget.element.remove();
        widget = makeWidget(name, String(props.type), String(props.widget), this.send);
        this.widgets.set(name, widget);
      }
      // A stack's subviews are placed by it, not by their frames.
      const parent = typeof props.parent === "string" ? controls[props.parent] : null;
      widget.arranged = Boolean(parent && typeof parent === "object" && parent.widget === "Stack");
      widget.update(props, files);
    }
    for (const [name, widget] of this.widgets) {
      if (!seen.has(name)) {
        widget.element.remove();
        this.widgets.delete(name);
      }
    }
    // Each in its parent, in the state's order; moved only when out of
    // order (moving an element takes its focus away).
    const wanted = new Map();
    for (const [name, props] of Object.entries(controls || {})) {
      const widget = this.widgets.get(name);
      if (!widget) continue;
      const parent = typeof props.parent === "string" && this.widgets.get(props.parent);
      const container = parent ? parent.container : this.root;
      if (!wanted.has(container)) wanted.set(container, []);
      wanted.get(container).push(widget.element);
    }
    for (const [container, elements] of wanted) {
      const current = Array.from(container.children).filter((child) => child.classList.contains("widget"));
      if (current.length === elements.length && current.every((child, i) => child === elements[i])) continue;
      for (const element of elements) container.append(element);
    }
  }

  clear() {
    for (const widget of this.widgets.values()) widget.element.remove();
    this.widgets.clear();
  }
}
