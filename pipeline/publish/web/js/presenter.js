// present.html and speaker.html: the lecture beat by beat, and the speaker's view that follows it.
import { cardAt, showCard } from "./cards.js";
import { actionOf, chapterTyping } from "./keys.js";
import { listen, send } from "./partner.js";
import { seekable } from "./source.js";
import { stepper } from "./stepper.js";
import { speakerView } from "./speaker.js";
import { t } from "./strings.js";

const IDLE_MS = 2500; // the counter and title hide after this long without input
const SPEAKER = "speaker.html";
const MOVES = new Set(["next", "back", "first", "last", "pause", "digit"]); // what needs a seekable video

const data = JSON.parse(document.getElementById("present-data").textContent);
const stage = document.getElementById("stage");
if (stage) presenter(stage, data);
else speakerView(data);

function presenter(video, data) {
  const { beats, chapters } = data;
  const hud = document.getElementById("hud");
  const blank = document.getElementById("blank");
  const card = document.getElementById("card");
  const notice = document.getElementById("notice");
  let ready = false; // until the video can seek, keys that move hold still rather than show a wrong picture
  const captions = captionsTrack(video, data.captions);
  const steps = stepper(video, beats, data.fps, update);
  const typing = chapterTyping(chapters.length, (chapter) => steps.go(chapters[chapter].first));
  let speaker = null;
  let started = null; // when the first beat was played (Date.now()), for the speaker's clock
  let idle = 0;

  const actions = {
    next: () => {
      started = started ?? Date.now();
      steps.next();
    },
    back: () => steps.back(),
    pause: () => steps.pause(),
    first: () => steps.first(),
    last: () => steps.last(),
    blank: () => setBlank(true),
    captions: () => {
      captions.mode = captions.mode === "showing" ? "hidden" : "showing";
      update();
    },
    speaker: () => openSpeaker(),
    fullscreen: () => toggleFullscreen(),
  };

  function act(key) {
    if (!blank.hidden) return setBlank(false); // any key brings the picture back, and does nothing else
    const action = actionOf(key);
    if (!ready && MOVES.has(action)) return action;
    typing(action === "digit" ? key : null);
    if (action && action !== "digit") actions[action]();
    return action;
  }

  function setBlank(on) {
    blank.hidden = !on;
    update();
  }

  function openSpeaker() {
    if (speaker && !speaker.closed) return speaker.focus();
    speaker = window.open(SPEAKER, "attention-speaker", "popup,width=960,height=720");
  }

  function update() {
    const { beat, at } = steps.position;
    const chapter = beats[beat].chapter;
    hud.querySelector(".counter").textContent = t("beat_of", { beat: beat + 1, count: beats.length });
    const named = hud.querySelector(".chapter");
    named.textContent = `${chapter + 1}. ${chapters[chapter].title}`;
    named.lang = chapters[chapter].lang; // a translated chapter's title is in the page's language
    hud.querySelector('[data-key="c"]').setAttribute("aria-pressed", String(captions.mode === "showing"));
    hud.querySelector('[data-key="p"]').setAttribute("aria-pressed", String(at === "paused"));
    showCard(card, cardAt(steps.position, data, card.dataset.title));
    document.body.dataset.at = at;
    send(speaker, { beat, at, blank: !blank.hidden, captions: captions.mode === "showing", started });
  }

  function wake() {
    document.body.classList.remove("idle");
    clearTimeout(idle);
    idle = setTimeout(() => document.body.classList.add("idle"), IDLE_MS);
  }

  // The narration plays once the lecturer has pressed a key or clicked here: browsers refuse to start a
  // page's sound before that, so the video starts muted (a step the speaker view asks for stays muted until then).
  const unmute = () => (video.muted = false);
  document.addEventListener("keydown", unmute, { once: true });
  document.addEventListener("pointerdown", unmute, { once: true });
  document.addEventListener("keydown", (event) => {
    wake();
    if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return; // a held key steps once
    const onButton = event.target.closest && event.target.closest("button, a");
    if (onButton && (event.key === " " || event.key === "Enter")) return; // the button's own click
    if (event.key === "Tab" && blank.hidden) return;
    if (act(event.key)) event.preventDefault();
  });
  hud.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (button) act(button.dataset.key);
  });
  video.addEventListener("click", () => act("ArrowRight"));
  card.addEventListener("click", () => act("ArrowRight")); // the card stands for the picture
  blank.addEventListener("click", () => setBlank(false));
  for (const event of ["mousemove", "touchstart"]) document.addEventListener(event, wake, { passive: true });
  listen(
    () => speaker,
    (message) => {
      if (message.key) act(message.key);
      else update(); // the speaker view has just opened: tell it where we are
    },
  );
  window.lecturePresenter = { steps, beats, fps: data.fps, ready: () => ready }; // for the tests
  steps.first();
  wake();
  seekable(video, (text, failed) => {
    notice.textContent = text;
    notice.hidden = text === "";
    notice.classList.toggle("failed", Boolean(failed));
  }).then(() => (ready = true));
}

// The lecture's captions track, hidden until C: the lecturer speaks
// over the video. A page opened from disk may not load the track's file (browsers refuse, with an error in the
// console), so its cues then come from the page's data. The descriptions track beside it is left to assistive
// technology: a browser neither shows nor speaks it.
function captionsTrack(video, cues) {
  const element = video.querySelector('track[kind="captions"]');
  if (!element) return video.addTextTrack("captions", t("captions"), "en"); // a lecture without captions
  if (location.protocol === "file:") element.removeAttribute("src");
  element.addEventListener(
    "error",
    () => {
      for (const [start, end, text] of cues) element.track.addCue(new VTTCue(start, end, text));
    },
    { once: true },
  );
  element.track.mode = "hidden"; // starts loading the file
  return element.track;
}

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else document.documentElement.requestFullscreen().catch(() => {});
}
