// The page's entry point: captions, descriptions, chapter marks, beats, and the interactive panels with their data.
import { wireBeats } from "./beats.js";
import { wireCaptions } from "./captions.js";
import { wireDescriptions } from "./descriptions.js";
import { fmt } from "./format.js";
import { dragPanel } from "./drag.js";
import { gainPanel } from "./gain.js";
import { wireMarks } from "./marks.js";
import { queryPanel, queryStrings } from "./query.js";

wireCaptions();
wireDescriptions();
wireMarks();
wireBeats();
const data = document.getElementById("panel-data");
if (data) {
  const panels = JSON.parse(data.textContent);
  const start = { drag: dragPanel, query: queryPanel, gain: gainPanel };
  for (const [name, panel] of Object.entries(start)) {
    const root = document.getElementById(`panel-${name}`);
    if (!root) continue;
    paint(root, panels.theme);
    panel(root, panels[name], panels.theme);
  }
  window.lecturePanels = { fmt, queryStrings: (query) => queryStrings(panels.query, query) }; // for the tests
}

// The panel's colours: the videos' theme.
function paint(root, theme) {
  const roles = { bg: theme.background, fg: theme.text, muted: theme.muted, card: theme.panel, track: theme.grid };
  for (const [role, colour] of Object.entries(roles)) root.style.setProperty(`--panel-${role}`, colour);
  root.style.setProperty("--panel-error", theme.output);
}
