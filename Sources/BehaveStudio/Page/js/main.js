// Behave Studio's page: connects to the studio and draws what it sends.
// Parts: `scene` (its shape, at each load), `state` (controls, behaviours,
// dialog), `timeline`, `status` (clock, load problem, refused values, the
// last mistake).
import { setText } from "./dom.js";
import { Connection } from "./connection.js";
import { examples } from "./commands.js";
import { Screen } from "./screen.js";
import { Dialogs } from "./dialogs.js";
import { Inspector } from "./inspector.js";
import { Timeline } from "./timeline.js";
import { ClockBar } from "./clock.js";
import { ImageFiles } from "./images.js";
import { NameTags } from "./names.js";

const connectionLabel = document.getElementById("connection");
let files = new ImageFiles();
let lastState = null;
let lastScene = null;

const connection = new Connection(receive, (status) => {
  setText(connectionLabel, status);
  document.body.classList.toggle("is-connected", status === "connected");
});
const send = (line) => connection.command(line);
const screen = new Screen(document.getElementById("screen"), send);
const dialogs = new Dialogs(document.getElementById("dialog"), send);
const inspector = new Inspector(document.getElementById("inspector"), connection);
const timeline = new Timeline(document.getElementById("timeline"), document.getElementById("timeline-filters"));
const clock = new ClockBar(connection);
const names = new NameTags(document.getElementById("screen"), document.getElementById("show-names"));

function receive(kind, data) {
  if (!data || typeof data !== "object") return;
  switch (kind) {
    case "scene":
      files = new ImageFiles(Array.isArray(data.images) ? data.images : [], Array.isArray(data.photos) ? data.photos : []);
      inspector.imageFiles = files.names;
      setText(document.getElementById("file"), data.file);
      setText(document.getElementById("screen-title"), data.screen);
      document.title = `${data.file} — Behave Studio`;
      screen.clear();
      inspector.build(data);
      lastScene = data;
      document.getElementById("command-line").placeholder = "";
      document.body.dataset.generation = String(data.generation);
      if (lastState) showState(lastState);
      break;
    case "state":
      lastState = data;
      showState(data);
      break;
    case "timeline":
      timeline.update(data);
      break;
    case "status":
      showStatus(data);
      break;
    default:
      break;
  }
}

function showState(state) {
  const commandLine = document.getElementById("command-line");
  if (!commandLine.placeholder && lastScene) commandLine.placeholder = examples(lastScene, state);
  screen.update(state.controls, files);
  names.refresh();
  dialogs.update(state.dialog, files);
  inspector.update(state);
  clock.showKeyboard(state.keyboard);
  document.getElementById("dismissed").hidden = state.presented !== false;
}

function showStatus(status) {
  clock.update(status);
  const problem = document.getElementById("problem");
  problem.hidden = !status.problem;
  setText(document.getElementById("problem-text"), status.problem || "");
  inspector.showRefusals(status.refusals);
  const mistake = status.mistake;
  setText(document.getElementById("mistake"), mistake ? `${mistake.command}: ${mistake.message}` : "");
}

document.getElementById("command-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("command-line");
  const line = input.value.trim();
  if (line && send(line)) input.value = "";
});
