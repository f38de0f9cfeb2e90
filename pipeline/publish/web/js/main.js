// The page's entry point: captions, descriptions, chapter marks, beats, and the interactive panels with their data.
import { wireBeats } from "./beats.js";
import { wireCaptions } from "./captions.js";
import { wireDescriptions } from "./descriptions.js";
import { fmt } from "./format.js";
import { dragPanel } from "./drag.js";
import { gainPanel } from "./gain.js";
import { wireMarks } from "./marks.js";
import { queryPanel, queryStrings } from "./query.js";

const AHEAD = 4; // players whose metadata loads before they are played (see loadInTurn)

wireCaptions();
wireDescriptions();
wireMarks();
wireBeats();
const players = Array.from(document.querySelectorAll("video"));
addEventListener("load", () => loadInTurn(players.slice(0, AHEAD)), { once: true });
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

// The metadata (length, first picture) of the first players, the lecture's and the first chapters', one after
// another once the page has loaded; the others load when played. Every player fetching at once kept Firefox from
// ever finishing the page over HTTP, and Firefox loads no more media once about eight downloads are left part-way,
// as preloaded players leave theirs (issue 31). A player whose every source failed passes its turn on.
function loadInTurn([video, ...rest]) {
  if (!video) return;
  const settled = video.readyState >= HTMLMediaElement.HAVE_METADATA || video.networkState === video.NETWORK_NO_SOURCE;
  if (settled) return loadInTurn(rest);
  let passed = false;
  const next = () => passed || ((passed = true), loadInTurn(rest));
  const sources = video.querySelectorAll("source");
  video.addEventListener("loadedmetadata", next, { once: true });
  (sources[sources.length - 1] || video).addEventListener("error", next, { once: true });
  video.preload = "metadata";
}
