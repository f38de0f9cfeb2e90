// The page's entry point: captions, descriptions, chapter marks, beats, and the interactive panels with their data.
import { wireBeats } from "./beats.js";
import { wireCaptions } from "./captions.js";
import { wireDescriptions } from "./descriptions.js";
import { fmt } from "./format.js";
import { dragPanel } from "./drag.js";
import { gainPanel } from "./gain.js";
import { wireMarks } from "./marks.js";
import { wirePosters } from "./posters.js";
import { queryPanel, queryStrings } from "./query.js";

const NEAR = "50% 0px"; // a player loads its metadata within half a screen's height of the viewport (see loadNearby)
const HELD = 4; // players at most holding their metadata's download, leaving Firefox two for playing and tracks

wireCaptions();
wireDescriptions();
wireMarks();
wireBeats();
wirePosters();
const players = Array.from(document.querySelectorAll("video"));
const dropped = new WeakMap(); // player -> its sources, taken out (see drop)
addEventListener("load", () => loadNearby(players), { once: true });
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

// Each player's metadata (its length, its first picture) once it comes near the viewport, after the page has loaded,
// one player at a time and the nearest first: a lecturer scrolling sees every length before playing. Every player
// fetching at once kept Firefox from ever finishing the page over HTTP, and Firefox serves a server six downloads at
// a time, a player holding its metadata keeping its own open (issue 31): so at most HELD players hold theirs, and a
// player that moves away unplayed drops its download (loaded anew when near). A player whose every source failed is
// done.
function loadNearby(videos) {
  const near = new Set();
  let loading = null;
  const next = () => {
    if (loading || videos.filter((video) => near.has(video) && holds(video)).length >= HELD) return;
    const wanted = videos.filter((video) => near.has(video) && !loaded(video));
    loading = wanted.sort((a, b) => fromView(a) - fromView(b))[0];
    if (loading) loadMetadata(loading, () => ((loading = null), next()));
  };
  const players = new Map(videos.map((video) => [video.closest("article, section") || video, video]));
  const seen = (entries) => {
    for (const { target, isIntersecting } of entries) {
      const video = players.get(target);
      if (isIntersecting) near.add(video);
      else if (near.delete(video) && unplayed(video)) drop(video);
    }
    next();
  };
  const watch = new IntersectionObserver(seen, { rootMargin: NEAR });
  for (const [box, video] of players) {
    watch.observe(box); // the player with its buttons: one near can be clicked, so its player is kept
    video.addEventListener("play", () => restore(video)); // played all the same (by a key, say): sources back
  }
}

// How far `video` is from the viewport, in pixels (0 when in it).
function fromView(video) {
  const box = video.getBoundingClientRect();
  return Math.max(0, box.top - innerHeight, -box.bottom);
}

function loaded(video) {
  return video.readyState >= HTMLMediaElement.HAVE_METADATA || video.networkState === video.NETWORK_NO_SOURCE;
}

// Fetch `video`'s metadata (its sources back first, if dropped); `done` once it is there and the download has paused
// (two at once over a server without byte ranges, Firefox holds the second back for ten seconds or more), once
// every source failed, or once the player was dropped meanwhile.
function loadMetadata(video, done) {
  restore(video);
  const stop = new AbortController();
  const once = () => (stop.abort(), done());
  const idle = () => video.networkState !== video.NETWORK_LOADING;
  const paused = () => video.readyState >= HTMLMediaElement.HAVE_METADATA && idle() && once();
  const sources = video.querySelectorAll("source");
  for (const [target, event, then] of [
    [video, "loadedmetadata", paused], // Chromium may pause first
    [video, "suspend", paused], // Firefox mostly pauses after
    [video, "emptied", once],
    [sources[sources.length - 1] || video, "error", once],
  ])
    target.addEventListener(event, then, { signal: stop.signal });
  video.preload = "metadata";
}

// Whether `video` holds a download left part-way for its metadata alone.
function holds(video) {
  return unplayed(video) && video.readyState >= HTMLMediaElement.HAVE_METADATA;
}

function unplayed(video) {
  return video.preload === "metadata" && video.paused && !video.played.length && !video.currentTime;
}

function restore(video) {
  video.prepend(...(dropped.get(video) || []));
  dropped.delete(video);
}

// Back to fetching nothing, its download closed: Firefox keeps a player's download (and its place among the few it
// serves) even when told preload="none" and reloaded, so its sources are taken out until it is near again.
function drop(video) {
  video.preload = "none";
  const sources = Array.from(video.querySelectorAll("source"));
  for (const source of sources) source.remove();
  dropped.set(video, sources);
  video.load();
}
