// The panels' state in the page's fragment: #drag=2,0&query=0,2,0,0&gain=4.

export function readState() {
  const state = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    const [key, value] = part.split("=");
    if (key && value !== undefined) state[decodeURIComponent(key)] = decodeURIComponent(value);
  }
  return state;
}

// Set `key` to `value` in the fragment without adding to the browser's history.
export function writeState(key, value) {
  const state = readState();
  state[key] = value;
  const fragment = Object.entries(state)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  history.replaceState(null, "", `#${fragment}`);
}

// The numbers of a state entry ("2,0" -> [2, 0]), or null when it is not `count` finite numbers.
export function numbersOf(text, count) {
  if (text === undefined) return null;
  const numbers = text.split(",").map((part) => (part.trim() === "" ? NaN : Number(part)));
  return numbers.length === count && numbers.every(Number.isFinite) ? numbers : null;
}
