// Title cards: every chapter's video starts on an empty stage, so a position at the start of a chapter's first
// beat shows a card over it instead: the lecture's title before the first beat, the chapter's number and title
// before any other chapter. Elsewhere the video's own frame is the picture (null: no card). A course's lecturer,
// institution and date (`byline`) stand under its title on the first card. Its words are the page's (strings.js).
import { t } from "./strings.js";

export function cardAt({ beat, at }, { beats, chapters, byline = "" }, title) {
  const current = beats[beat];
  if (at !== "start" || chapters[current.chapter].first !== beat) return null;
  if (beat === 0) {
    const next = t("plays_first", { beat: current.name, title: chapters[0].title });
    return { kicker: t("counts"), heading: title, byline, next };
  }
  const kicker = t("chapter_of", { number: current.chapter + 1, count: chapters.length });
  return { kicker, heading: chapters[current.chapter].title, byline: "", next: t("plays", { beat: current.name }) };
}

// Shows `card` (from cardAt) in `element`, which holds a .kicker, a heading, a .byline and a .next; hides it for
// null, and the byline when the card has none.
export function showCard(element, card) {
  element.hidden = card === null;
  if (card === null) return;
  element.querySelector(".kicker").textContent = card.kicker;
  element.querySelector(".heading").textContent = card.heading;
  const byline = element.querySelector(".byline");
  byline.textContent = card.byline;
  byline.hidden = !card.byline;
  element.querySelector(".next").textContent = card.next;
}
