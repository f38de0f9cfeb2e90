// The speaker view (speaker.html, opened by present.html with S): the current beat's captions as notes, the
// next beat's poster, the time since the first beat was played. Keys pressed here drive the presentation.
import { actionOf } from "./keys.js";
import { listen, send } from "./partner.js";

export function speakerView(data) {
  const { beats, chapters } = data;
  const presenter = window.opener;
  const find = (selector) => document.querySelector(selector);
  let started = null;

  if (!presenter) find(".link").hidden = false;
  listen(() => presenter, (state) => show(state));
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
    const action = actionOf(event.key);
    if (!action || action === "fullscreen" || action === "speaker") return;
    event.preventDefault();
    send(presenter, { key: event.key });
  });
  setInterval(tick, 1000);
  send(presenter, { hello: true });

  function show({ beat, at, blank, started: since }) {
    const current = beats[beat];
    const upcoming = at === "start" ? beat : beat + 1; // the beat the next → plays
    started = since;
    const state = at === "end" ? "stopped on its last frame" : at === "start" ? "at its start" : "playing";
    find(".counter").textContent = `Beat ${beat + 1} of ${beats.length}, ${state}${blank ? " (screen blanked)" : ""}`;
    find(".chapter").textContent = `${current.chapter + 1}. ${chapters[current.chapter].title}`;
    find(".beat-name").textContent = current.name;
    const notes = find(".notes");
    notes.replaceChildren(...current.notes.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
    const poster = find(".next-poster");
    if (upcoming < beats.length) {
      find(".next-name").textContent = beats[upcoming].name;
      poster.src = beats[upcoming].poster;
      poster.alt = `The last frame of the next beat, ${beats[upcoming].name}`;
      poster.hidden = false;
    } else {
      find(".next-name").textContent = "the end of the lecture";
      poster.hidden = true;
    }
    tick();
  }

  function tick() {
    const seconds = started ? Math.floor((Date.now() - started) / 1000) : 0;
    find(".elapsed").textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }
}
