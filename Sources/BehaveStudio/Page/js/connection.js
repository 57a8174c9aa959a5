// The page's WebSocket to the studio: parts of what it shows come in,
// messages go out. It reconnects when the studio comes back.

export class Connection {
  constructor(onPart, onStatus) {
    this.onPart = onPart;
    this.onStatus = onStatus;
    this.socket = null;
    this.delay = 250;
    this.open();
  }

  open() {
    const socket = new WebSocket(`ws://${location.host}/socket`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = 250;
      this.onStatus("connected");
    });
    socket.addEventListener("message", (event) => {
      let part;
      try {
        part = JSON.parse(event.data);
      } catch {
        return;
      }
      if (part && typeof part.kind === "string") this.onPart(part.kind, part.data);
    });
    socket.addEventListener("close", (event) => {
      // The studio says why when it turns a page away (too many pages).
      this.onStatus(`disconnected: ${event.reason || "is behave studio still running?"}`);
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    });
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  command(line) {
    return this.send({ kind: "command", line });
  }
}
