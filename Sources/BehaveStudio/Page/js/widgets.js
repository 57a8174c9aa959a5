// One widget per control type, drawn from the control's properties in
// the state and sending the commands a person's touch would.
import { el, setText, formatNumber } from "./dom.js";
import { word, phrase } from "./commands.js";

// The part of a widget that shows an image: the real one when the scene
// has its file (its images folder, its photo library), else a placeholder
// labelled with its name.
function imageContent(image, files) {
  if (!image || typeof image.name !== "string") return null;
  const size = image.width && image.height ? `${image.width}×${image.height}` : "";
  const url = files.url(image.name);
  if (url) {
    return el("img", { class: "photo", src: url, alt: image.name, title: `${image.name} ${size}` });
  }
  return el("span", { class: "placeholder", title: `image ${image.name}` },
    el("span", { class: "placeholder-name", text: image.name }),
    size ? el("span", { class: "placeholder-size", text: size }) : null);
}

// Replaces a widget's image part when the image changed.
function showImage(holder, image, files) {
  const key = image && typeof image.name === "string"
    ? `${image.name}|${image.width}|${image.height}|${files.url(image.name)}` : "";
  if (holder.dataset.image === key) return;
  holder.dataset.image = key;
  holder.replaceChildren();
  const content = imageContent(image, files);
  if (content) holder.append(content);
}

// CSS's font-weight of each of UIKit's weights (Docs/controls.md#text-styles).
export const fontWeights = {
  ultraLight: 100, thin: 200, light: 300, regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800, black: 900,
};

// A control's font, when its type has one: the size in points as CSS
// pixels, the weight by its name.
function showFont(element, props) {
  element.style.fontSize = typeof props.fontSize === "number" ? `${props.fontSize}px` : "";
  element.style.fontWeight = fontWeights[props.fontWeight] ? String(fontWeights[props.fontWeight]) : "";
}

class Widget {
  constructor(name, type, element, send) {
    this.name = name;
    this.type = type;
    this.element = element;
    this.container = element;
    this.send = send;
    element.classList.add("widget", `w-${type.toLowerCase()}`);
    element.dataset.name = name;
    element.dataset.type = type;
    element.title = `${name} (${type})`;
  }

  // Every view's properties: frame, alpha, hidden, colours, interaction.
  // In a stack (`arranged`), the stack places the widget: its frame gives
  // its size alone, a width or height of 0 leaving the natural one.
  update(props) {
    const style = this.element.style;
    const frame = props.frame;
    const sized = frame && (frame.width > 0 || frame.height > 0);
    this.element.classList.toggle("framed", Boolean(sized) && !this.arranged);
    this.element.classList.toggle("sized", Boolean(sized) && this.arranged === true);
    style.left = sized && !this.arranged ? `${frame.x}px` : "";
    style.top = sized && !this.arranged ? `${frame.y}px` : "";
    style.width = sized && (frame.width > 0 || !this.arranged) ? `${frame.width}px` : "";
    style.height = sized && (frame.height > 0 || !this.arranged) ? `${frame.height}px` : "";
    const alpha = typeof props.alpha === "number" ? props.alpha : 1;
    style.opacity = String(alpha);
    this.element.dataset.alpha = String(alpha);
    this.element.classList.toggle("is-hidden", props.hidden === true);
    // The core says whether a touch reaches the control (`touchable`); a
    // click on one it does not reach goes to what is under it. A finger
    // already down stays on its control until it lifts, as in UIKit.
    this.touchable = props.touchable !== false;
    this.showTouchable();
    // A disabled control (any type with `enabled`) is dimmed and its own
    // inputs take nothing, as UIKit's and GTK's do.
    const disabled = props.enabled === false;
    this.element.classList.toggle("is-disabled", disabled);
    if ("enabled" in props) this.element.setAttribute("aria-disabled", disabled ? "true" : "false");
    for (const input of this.element.querySelectorAll("input, button")) input.disabled = disabled;
    style.backgroundColor = typeof props.backgroundColor === "string" ? props.backgroundColor : "";
    showFont(this.element, props);
  }

  // Whether a finger pressed on the widget is still down.
  holdsFinger() { return false; }

  showTouchable() {
    this.element.classList.toggle("no-touch", this.touchable === false && !this.holdsFinger());
  }
}

class ViewWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
  }
}

// A stack lays its subviews out as UIStackView and GtkBox do: a flex box
// down or across, with the stack's spacing, padding and alignment
// (Docs/scenes.md#layout); studio.css says how each widget sits in it.
const stackAlignments = { fill: "stretch", leading: "flex-start", center: "center", trailing: "flex-end" };

function points(value) {
  return typeof value === "number" && isFinite(value) && value > 0 ? `${value}px` : "0px";
}

class StackWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
  }

  update(props) {
    super.update(props);
    const horizontal = props.axis === "horizontal";
    const equal = props.distribution === "fillEqually";
    const alignment = stackAlignments[props.alignment] ? props.alignment : "fill";
    this.element.classList.toggle("is-horizontal", horizontal);
    this.element.classList.toggle("is-equal", equal);
    this.element.dataset.alignment = alignment;
    const style = this.element.style;
    style.gap = points(props.spacing);
    style.padding = points(props.padding);
    // Across the axis: a flex box's and a grid of columns' align-items, a
    // grid of rows' justify-items (fillEqually is a grid).
    const acrossRows = equal && !horizontal;
    style.alignItems = acrossRows ? "" : stackAlignments[alignment];
    style.justifyItems = acrossRows ? stackAlignments[alignment] : "";
  }
}

// A control type the page has no widget of its own for (a host's own
// type): its name, its type and its own properties as text; a click taps it.
const viewProperties = new Set(["type", "widget", "parent", "delegate", "frame", "alpha", "hidden",
  "userInteractionEnabled", "backgroundColor", "fontSize", "fontWeight"]);

class GenericWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("button", { type: "button" }), send);
    this.element.classList.add("w-generic");
    this.heading = el("span", { class: "generic-type", text: type });
    this.fields = el("span", { class: "generic-fields" });
    this.element.append(this.heading, this.fields);
    this.element.addEventListener("click", () => this.send(`tap ${word(this.name)}`));
  }

  update(props) {
    super.update(props);
    const lines = Object.entries(props)
      .filter(([key]) => !viewProperties.has(key))
      .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`);
    setText(this.fields, lines.join("\n"));
  }
}

class ButtonWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("button", { type: "button" }), send);
    this.image = el("span", { class: "button-image" });
    this.title = el("span", { class: "button-title" });
    this.element.append(this.image, this.title);
    this.pressed = false;
    this.inside = false;
    const release = (event) => {
      if (!this.pressed) return;
      this.pressed = false;
      this.showTouchable();
      document.removeEventListener("pointerup", release);
      const inside = this.element.contains(event.target);
      this.send(inside ? `release ${word(this.name)}` : `release ${word(this.name)} outside`);
    };
    this.element.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || this.pressed) return;
      this.pressed = true;
      this.inside = true;
      this.send(`press ${word(this.name)}`);
      document.addEventListener("pointerup", release);
    });
    this.element.addEventListener("pointerleave", () => {
      if (this.pressed && this.inside) {
        this.inside = false;
        this.send(`drag ${word(this.name)} outside`);
      }
    });
    this.element.addEventListener("pointerenter", () => {
      if (this.pressed && !this.inside) {
        this.inside = true;
        this.send(`drag ${word(this.name)} inside`);
      }
    });
    this.element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.send(`tap ${word(this.name)}`);
      }
    });
  }

  holdsFinger() { return this.pressed; }

  update(props, files) {
    super.update(props);
    setText(this.title, props.title);
    // A disabled button's title is dimmed, whatever its colour.
    this.title.style.color = typeof props.titleColor === "string" && props.enabled !== false ? props.titleColor : "";
    showImage(this.image, props.image, files);
    this.element.classList.toggle("is-selected", props.selected === true);
  }
}

class LabelWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
  }

  update(props) {
    super.update(props);
    setText(this.element, props.text);
    this.element.style.color = typeof props.textColor === "string" ? props.textColor : "";
  }
}

class SwitchWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("button", { type: "button", role: "switch" }, el("span", { class: "knob" })), send);
    this.element.addEventListener("click", () => this.send(`tap ${word(this.name)}`));
  }

  update(props) {
    super.update(props);
    this.element.setAttribute("aria-checked", props.on === true ? "true" : "false");
  }
}

class SliderWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
    this.input = el("input", { type: "range", step: "any", "aria-label": name });
    this.element.append(this.input);
    this.dragging = false;
    this.input.addEventListener("pointerdown", () => { this.dragging = true; });
    this.input.addEventListener("pointerup", () => { this.dragging = false; });
    this.input.addEventListener("change", () => {
      this.dragging = false;
      this.send(`slide ${word(this.name)} ${this.input.value}`);
    });
  }

  update(props) {
    super.update(props);
    this.input.min = String(props.minimumValue);
    this.input.max = String(props.maximumValue);
    if (!this.dragging && document.activeElement !== this.input) this.input.value = String(props.value);
  }
}

class StepperWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
    this.value = el("span", { class: "stepper-value" });
    const minus = el("button", { type: "button", class: "stepper-minus", "aria-label": `${name} minus`, text: "−" });
    const plus = el("button", { type: "button", class: "stepper-plus", "aria-label": `${name} plus`, text: "+" });
    minus.addEventListener("click", () => this.send(`step ${word(this.name)} -`));
    plus.addEventListener("click", () => this.send(`step ${word(this.name)} +`));
    this.element.append(this.value, minus, plus);
  }

  update(props) {
    super.update(props);
    setText(this.value, formatNumber(props.value));
  }
}

const inputModes = {
  numberPad: "numeric", asciiCapableNumberPad: "numeric", decimalPad: "decimal", phonePad: "tel",
  namePhonePad: "tel", emailAddress: "email", URL: "url", webSearch: "search",
};

// A text field you can type into: each key is a `keys` command, backspace
// a `backspace`, return a `return`; anything else (a paste, a cut) replaces
// the text with `type`. What the field shows is the scene's text: a
// behaviour that refuses a character is seen refusing it.
class TextFieldWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
    this.input = el("input", { type: "text", spellcheck: "false", autocomplete: "off", "aria-label": name });
    this.element.append(this.input);
    this.editing = false;
    this.input.addEventListener("focus", () => {
      if (!this.editing) this.send(`set ${word(this.name)}.editing true`);
    });
    this.input.addEventListener("beforeinput", (event) => {
      const n = word(this.name);
      switch (event.inputType) {
        case "insertText":
          event.preventDefault();
          if (event.data) this.send(`keys ${n} ${phrase(event.data)}`);
          break;
        case "deleteContentBackward":
          event.preventDefault();
          this.send(`backspace ${n}`);
          break;
        case "insertLineBreak":
        case "insertParagraph":
          event.preventDefault();
          this.send(`return ${n}`);
          break;
        default:
          break; // applied by the browser, then sent whole on input
      }
    });
    this.input.addEventListener("input", () => {
      this.send(`type ${word(this.name)} ${phrase(this.input.value)}`);
    });
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.send(`return ${word(this.name)}`);
      }
    });
  }

  update(props) {
    super.update(props);
    const secure = props.secureTextEntry === true;
    const kind = secure ? "password" : "text";
    if (this.input.type !== kind) this.input.type = kind;
    this.input.placeholder = typeof props.placeholder === "string" ? props.placeholder : "";
    this.input.inputMode = inputModes[props.keyboardType] || "text";
    const text = typeof props.text === "string" ? props.text : "";
    if (this.input.value !== text) this.input.value = text;
    this.editing = props.editing === true;
    this.element.classList.toggle("is-editing", this.editing);
  }
}

class ImageViewWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
  }

  update(props, files) {
    super.update(props);
    showImage(this.element, props.image, files);
  }
}

// A scroll view you can scroll: the user's scroll is a `scroll` command;
// offsets set by scripts scroll the page's view.
class ScrollViewWidget extends Widget {
  constructor(name, type, send) {
    super(name, type, el("div"), send);
    this.content = el("div", { class: "scroll-content" });
    this.element.append(this.content);
    this.container = this.content;
    this.settingOffset = false;
    this.lastUserScroll = 0;
    this.pending = null;
    this.element.addEventListener("scroll", () => {
      if (this.settingOffset) {
        this.settingOffset = false;
        return;
      }
      this.lastUserScroll = Date.now();
      if (this.pending) return;
      this.pending = setTimeout(() => {
        this.pending = null;
        this.send(`scroll ${word(this.name)} ${Math.round(this.element.scrollTop)}`);
      }, 60);
    });
  }

  update(props) {
    super.update(props);
    const size = props.contentSize || {};
    this.content.style.width = size.width > 0 ? `${size.width}px` : "";
    const frame = props.frame || {};
    this.element.classList.toggle("is-wide", size.width > 0 && frame.width > 0 && size.width > frame.width);
    this.content.style.height = size.height > 0 ? `${size.height + (props.bottomInset || 0)}px` : "";
    const offset = props.contentOffset || { x: 0, y: 0 };
    const recent = Date.now() - this.lastUserScroll < 300 || this.pending;
    if (!recent && Math.abs(this.element.scrollTop - offset.y) >= 1) {
      const before = this.element.scrollTop;
      this.settingOffset = true;
      this.element.scrollTop = offset.y;
      // No scroll event comes when the view could not move.
      if (this.element.scrollTop === before) this.settingOffset = false;
    }
  }
}

// The widgets the page has, by the name a control type's declaration
// gives (its `widget`); a test checks every declared one is here.
export const widgetKinds = {
  View: ViewWidget, Stack: StackWidget, Button: ButtonWidget, Label: LabelWidget, Switch: SwitchWidget, Slider: SliderWidget,
  Stepper: StepperWidget, TextField: TextFieldWidget, ImageView: ImageViewWidget, ScrollView: ScrollViewWidget,
  Generic: GenericWidget,
};

export function makeWidget(name, type, widget, send) {
  const Kind = widgetKinds[widget] || GenericWidget;
  return new Kind(name, type, send);
}
