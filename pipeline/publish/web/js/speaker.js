// The speaker view (speaker.html, opened by present.html with S): the picture on the screen now, the last frame
// of the beat the next → plays, the lecturer's note for the current beat (a course file's) above its captions, and
// the time since the first beat was played. Keys pressed here drive the presentation.
import { cardAt, showCard } from "./cards.js";
import { actionOf } from "./keys.js";
import { listen, send } from "./partner.js";
import { t } from "./strings.js";

const STATES = { start: "at_start", playing: "playing", paused: "paused", end: "at_end" }; // keys of strings.js

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
    const upcoming = at === "start" ? beat : beat + 1; // the beat the next → plays (or goes on with, when paused)
    started = since;
    const state = blank ? t("blanked", { state: t(STATES[at]) }) : t(STATES[at]);
    find(".counter").textContent = t("beat_of_state", { beat: beat + 1, count: beats.length, state });
    const named = find(".chapter");
    named.textContent = `${current.chapter + 1}. ${chapters[current.chapter].title}`;
    named.lang = chapters[current.chapter].lang; // a translated chapter's title and lines: the page's language
    find(".beat-name").textContent = current.name;
    find(".beat-name").lang = chapters[current.chapter].lang; // a beat's name: its chapter's language
    const notes = find(".notes");
    const items = current.notes.map((text) => Object.assign(document.createElement("li"), { textContent: text }));
    notes.replaceChildren(...items);
    notes.lang = chapters[current.chapter].lang;
    find(".speaker-note-text").textContent = current.speaker_note;
    find(".speaker-note").hidden = !current.speaker_note;
    showNow({ beat, at });
    const poster = find(".next-poster");
    if (upcoming < beats.length) {
      find(".next-name").textContent = beats[upcoming].name;
      find(".next-name").lang = chapters[beats[upcoming].chapter].lang;
      picture(poster, beats[upcoming].poster, t("next_alt", { beat: beats[upcoming].name }));
    } else {
      find(".next-name").textContent = t("the_end");
      find(".next-name").removeAttribute("lang"); // the page's words
      poster.hidden = true;
    }
    tick();
  }

  // What the screen shows: the title card, the frame the previous beat ended on (where this one starts), or, once
  // this beat plays, the frame it stops on.
  function showNow(position) {
    const card = cardAt(position, data, find(".now-card").dataset.title);
    const poster = find(".now-poster");
    showCard(find(".now-card"), card);
    const { beat, at } = position;
    if (card) {
      find(".now-name").textContent = t(beat === 0 ? "title_card" : "chapter_card");
      poster.hidden = true;
    } else if (at === "start") {
      const before = beats[beat - 1];
      find(".now-name").textContent = t("first_frame", { beat: beats[beat].name });
      picture(poster, before.poster, t("first_frame_alt", { beat: beats[beat].name }));
    } else {
      const name = beats[beat].name;
      const now = at === "end" ? t("last_frame", { beat: name }) : t("ends_here", { beat: name, state: t(STATES[at]) });
      find(".now-name").textContent = now;
      picture(poster, beats[beat].poster, t("last_frame_alt", { beat: name }));
    }
  }

  function tick() {
    const seconds = started ? Math.floor((Date.now() - started) / 1000) : 0;
    find(".elapsed").textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }
}

function picture(image, src, alt) {
  image.src = src;
  image.alt = alt;
  image.hidden = false;
}
