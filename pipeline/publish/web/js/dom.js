// Small pieces every panel uses: elements, SVG, weight bars, a polite announcer.

const SVG_NS = "http://www.w3.org/2000/svg";
const SETTLE_MS = 600; // an announcement waits until the control has rested this long

export function svgElement(name, attributes = {}) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

export function htmlElement(name, attributes = {}, text = "") {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  element.textContent = text;
  return element;
}

// One row per token (name, bar, value) in `list`; returns update(fractions, texts).
export function weightBars(list, tokens, colours) {
  const rows = tokens.map((token, i) => {
    const item = htmlElement("li");
    const bar = htmlElement("span", { class: "bar", style: `--colour: ${colours[i]}` });
    const value = htmlElement("span", { class: "value" });
    item.append(htmlElement("span", { class: "token" }, token), htmlElement("span", { class: "track" }), value);
    item.children[1].append(bar);
    list.append(item);
    return { bar, value };
  });
  return (fractions, texts) => {
    rows.forEach(({ bar, value }, i) => {
      bar.style.width = `${Math.max(0, Math.min(1, fractions[i])) * 100}%`;
      value.textContent = texts[i];
    });
  };
}

// say(text) puts `text` in the aria-live region once the control has settled.
export function announcer(region) {
  let timer = 0;
  return (text) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      region.textContent = text;
    }, SETTLE_MS);
  };
}

const HEAD_LENGTH = 3.2; // an arrow's head is this many strokes long (at most its length) ...
const HEAD_HALF = 0.55; // ... and this much of its length wide either side of the shaft

// An arrow from (x1, y1) to (x2, y2) in SVG units: a line and a head, in `colour`. Drawing it returns what it
// covers: its shaft [x1, y1, x2, y2, half its stroke] and its head's box [left, top, right, bottom].
export function arrow(group, colour, width) {
  const line = svgElement("line", { stroke: colour, "stroke-width": width, "stroke-linecap": "round" });
  const head = svgElement("polygon", { fill: colour });
  group.append(line, head);
  return (x1, y1, x2, y2) => {
    const length = Math.hypot(x2 - x1, y2 - y1);
    const size = Math.min(length, width * HEAD_LENGTH);
    const [ux, uy] = length ? [(x2 - x1) / length, (y2 - y1) / length] : [0, 0];
    const [bx, by] = [x2 - ux * size, y2 - uy * size];
    line.setAttribute("x1", x1);
    line.setAttribute("y1", y1);
    line.setAttribute("x2", bx);
    line.setAttribute("y2", by);
    const half = size * HEAD_HALF;
    const corners = [x2, y2, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half];
    head.setAttribute("points", `${corners[0]},${corners[1]} ${corners[2]},${corners[3]} ${corners[4]},${corners[5]}`);
    const [xs, ys] = [corners.filter((_, i) => i % 2 === 0), corners.filter((_, i) => i % 2 === 1)];
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    return { shaft: [x1, y1, bx, by, width / 2], head: box };
  };
}
