// The clock bar: run at wall speed or pause, step by a chosen amount, the
// scene's time; and the system keyboard.
import { setText, formatNumber } from "./dom.js";

export class ClockBar {
  constructor(connection) {
    this.connection = connection;
    this.running = true;
    this.toggle = document.getElementById("clock-toggle");
    this.time = document.getElementById("clock-time");
    this.amount = document.getElementById("step-amount");
    this.toggle.addEventListener("click", () => this.connection.send({ kind: "clock", running: !this.running }));
    document.getElementById("clock-step").addEventListener("click", () =>
      this.connection.send({ kind: "step", seconds: Number(this.amount.value) }));
    this.keyboardShown = false;
    this.keyboardButton = document.getElementById("keyboard-toggle");
    this.keyboard = document.getElementById("keyboard");
    this.keyboardButton.addEventListener("click", () => {
      this.connection.command(this.keyboardShown ? "keyboard hide" : "keyboard show 291");
    });
  }

  update(status) {
    this.running = status.running === true;
    setText(this.toggle, this.running ? "Pause" : "Run");
    this.toggle.classList.toggle("is-paused", !this.running);
    setText(this.time, `${formatNumber(status.time)} s`);
    this.time.dataset.time = String(status.time);
  }

  // The system keyboard, from the state: a panel at the screen's bottom.
  showKeyboard(frame) {
    this.keyboardShown = !!frame;
    this.keyboard.hidden = !frame;
    if (frame) this.keyboard.style.height = `${frame.height}px`;
    setText(this.keyboardButton, frame ? "Hide keyboard" : "Show keyboard");
  }
}
