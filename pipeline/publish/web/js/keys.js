// What a key does in presenter mode (also when pressed in the speaker view): its action's name, or null.

const ACTIONS = {
  ArrowRight: "next",
  " ": "next",
  PageDown: "next",
  ArrowLeft: "back",
  PageUp: "back",
  Home: "first",
  End: "last",
  b: "blank",
  B: "blank",
  ".": "blank", // what many clickers' blank-screen button sends
  p: "pause",
  P: "pause",
  k: "pause", // as in most video players
  K: "pause",
  c: "captions",
  C: "captions",
  s: "speaker",
  S: "speaker",
  f: "fullscreen",
  F: "fullscreen",
};

export function actionOf(key) {
  if (/^[0-9]$/.test(key)) return "digit";
  return ACTIONS[key] || null;
}

// Chapter numbers typed as digits: one digit jumps at once, a second one within DIGITS_MS makes a two-digit
// number (1 then 2: chapter 12), jumping again if there is such a chapter. type(null) forgets what was typed.
const DIGITS_MS = 800;

export function chapterTyping(count, jump) {
  let typed = "";
  let last = 0;
  return (digit) => {
    const now = performance.now();
    const going = digit !== null && now - last < DIGITS_MS && typed.length === 1;
    typed = digit === null ? "" : going ? typed + digit : digit;
    last = now;
    if (Number(typed) >= 1 && Number(typed) <= count) jump(Number(typed) - 1);
    else if (going && Number(digit) >= 1 && Number(digit) <= count) {
      typed = digit;
      jump(Number(digit) - 1);
    }
  };
}
