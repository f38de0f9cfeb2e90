// Panel 1 (chapter ThreeTokenDrag): drag the query × among the keys; weights, worked example and context follow.

import { announcer, htmlElement, svgElement, weightBars } from "./dom.js";
import { fmtInput } from "./format.js";
import { drawPlane, namedArrows } from "./plane.js";
import { numbersOf, readState, writeState } from "./state.js";
import { listed, local, t } from "./strings.js";

const KEY_STROKE = 9; // the keys' arrows
const CONTEXT_STROKE = 11; // the context arrow's, wider
const CROSS_REACH = 33; // the cross's focus ring's outer edge (radius 30, stroke 5) from the query's point
const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

export function dragPanel(root, data, theme) {
  const svg = root.querySelector("svg.plane");
  const plane = drawPlane(svg, data.range, theme);
  const keys = { vectors: data.keys, tokens: data.tokens, colours: data.colours };
  const context = namedArrows(svg, plane, keys, KEY_STROKE, { colour: theme.output, stroke: CONTEXT_STROKE });
  const cross = drawCross(svg, theme.query);
  const scaled = weightBars(root.querySelector(".bars-scaled"), data.tokens, data.colours);
  const unscaled = weightBars(root.querySelector(".bars-unscaled"), data.tokens, data.colours);
  const worked = workedTable(root.querySelector(".worked"), data.tokens, data.colours);
  const say = announcer(root.querySelector("[aria-live]"));
  const switchBox = root.querySelector("input.unscaled");
  const unscaledBlock = root.querySelector(".unscaled-block");
  switchBox.addEventListener("change", () => (unscaledBlock.hidden = !switchBox.checked));
  const linked = numbersOf(readState().drag, 2);
  let query = linked ? snap(linked) : data.start; // the example's own query, on the grid or not, as the video

  function snap([x, y]) {
    const [[xLo, xHi], [yLo, yHi]] = data.range;
    const grid = (v, lo, hi) => Math.min(hi, Math.max(lo, lo + Math.round((v - lo) / data.step) * data.step));
    return [grid(x, xLo, xHi), grid(y, yLo, yHi)];
  }

  function show(moved) {
    const key = query.map(fmtInput).join(",");
    const point = data.points[key];
    const [x, y] = plane.at(...query);
    cross.setAttribute("transform", `translate(${x} ${y})`);
    const q = local(point.q);
    cross.setAttribute("aria-valuetext", t("drag_value", { q }));
    cross.setAttribute("aria-valuenow", query[0]);
    const crossBox = [x - CROSS_REACH, y - CROSS_REACH, x + CROSS_REACH, y + CROSS_REACH];
    context(plane.at(...point.output), [crossBox]); // the keys' names clear of the arrows and the cross, as it moves
    scaled(point.bars, point.weights.map(local));
    unscaled(point.unscaled_bars, point.unscaled.map(local));
    root.querySelector(".query-label").textContent = `q = ${q}`;
    root.querySelector(".sum").textContent = t("drag_sum", { sum: local(point.sum) });
    const steps = (i) => [point.dots[i], point.scores[i], point.exps[i], point.ratios[i]].map(local);
    worked.show(data.tokens.map((_, i) => steps(i)));
    if (moved) {
      writeState("drag", key);
      const weights = listed(data.tokens.map((token, i) => `${token} ${local(point.weights[i])}`));
      say(t("drag_said", { q, weights }));
    }
  }

  function moveTo(next) {
    const snapped = snap(next);
    if (snapped[0] === query[0] && snapped[1] === query[1]) return;
    query = snapped;
    show(true);
  }

  const fromPointer = (event) => {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    return plane.toPlane(point.x, point.y);
  };
  svg.addEventListener("pointerdown", (event) => {
    svg.setPointerCapture(event.pointerId);
    cross.focus({ preventScroll: true });
    moveTo(fromPointer(event));
    event.preventDefault();
  });
  svg.addEventListener("pointermove", (event) => {
    if (svg.hasPointerCapture(event.pointerId)) moveTo(fromPointer(event));
  });
  const step = ([dx, dy]) => moveTo([query[0] + dx * data.step, query[1] + dy * data.step]);
  cross.addEventListener("keydown", (event) => {
    if (!KEYS[event.key]) return;
    step(KEYS[event.key]);
    event.preventDefault();
  });
  for (const button of root.querySelectorAll(".steps button")) {
    button.addEventListener("click", () => step(KEYS[button.dataset.key])); // one tap a step, no dragging
  }
  window.addEventListener("hashchange", () => {
    const asked = numbersOf(readState().drag, 2);
    if (asked) moveTo(asked);
  });
  show(false);
}

function drawCross(svg, colour) {
  const cross = svgElement("g", {
    class: "cross",
    tabindex: 0,
    role: "slider",
    "aria-label": t("drag_cross"),
    "aria-valuemin": -1000,
    "aria-valuemax": 1000,
  });
  const ring = svgElement("circle", { r: 30, class: "focus-ring", fill: "none" });
  const hit = svgElement("circle", { r: 30, fill: "transparent" });
  const strokes = { stroke: colour, "stroke-width": 10, "stroke-linecap": "round" };
  cross.append(
    ring,
    hit,
    svgElement("line", { x1: -18, y1: -18, x2: 18, y2: 18, ...strokes }),
    svgElement("line", { x1: -18, y1: 18, x2: 18, y2: -18, ...strokes }),
  );
  svg.append(cross);
  return cross;
}

// The worked example: a row per key, a column per step; where that is wider than the panel (a phone, long
// decimals), the steps one under another, each a row group headed by its name, so nothing scrolls sideways;
// where even that is too wide, the dot products' results on lines of their own, then long names wrapped.
// show(texts): texts[i][j] is key i's step j as panel_data prints it.
function workedTable(worked, tokens, colours) {
  const table = worked.querySelector("table");
  const wide = table.tHead;
  const steps = Array.from(wide.rows[0].cells, (th) => th.textContent).slice(1);
  let shown = tokens.map(() => steps.map(() => ""));
  let stacked = false;
  let split = false; // stacked, and still too wide: the dot products' relations and results on lines of their own
  let wrapped = false; // split, and still too wide: the names wrap (24 letters do not fit a phone beside the working)
  let cells = [];

  function build() {
    table.querySelectorAll("thead, tbody").forEach((part) => part.remove());
    cells = tokens.map((_, i) => steps.map((_, j) => htmlElement("td", { "data-key": i, "data-step": j })));
    const keyRow = (i, ...data) => {
      const row = htmlElement("tr");
      const wrap = wrapped ? "; white-space: normal; overflow-wrap: anywhere" : "";
      row.append(htmlElement("th", { scope: "row", style: `color: ${colours[i]}${wrap}` }, tokens[i]), ...data);
      return row;
    };
    if (!stacked) {
      table.append(wide, htmlElement("tbody"));
      table.tBodies[0].append(...cells.map((row, i) => keyRow(i, ...row)));
      return;
    }
    steps.forEach((step, j) => {
      const body = htmlElement("tbody");
      body.append(htmlElement("tr"), ...tokens.map((_, i) => keyRow(i, cells[i][j])));
      body.rows[0].append(htmlElement("td"), htmlElement("th", { scope: "col" }, step)); // heads the cells under it
      table.append(body);
    });
  }

  function fill() {
    cells.forEach((row, i) => row.forEach((c, j) => written(c, shown[i][j], split && j === 0)));
  }

  const overflows = () => worked.scrollWidth > worked.clientWidth + 1;

  function show(texts) {
    shown = texts;
    fill();
    if (!stacked && overflows()) {
      stacked = true;
      build();
      fill();
    }
    if (stacked && !split && overflows()) {
      split = true;
      fill();
    }
    if (split && !wrapped && overflows()) {
      wrapped = true;
      build();
      fill();
    }
  }

  build();
  window.addEventListener("resize", () => {
    stacked = split = wrapped = false; // as wide as the panel allows again
    build();
    show(shown);
  });
  return { show };
}

// `text` into `cell`: a power 'e^2.828 ≈ 16.92' with its exponent raised, as the chapter writes it; `split`,
// the relation and result ('≈ 16.92') under the rest, as the chapter writes long dot products.
function written(cell, text, split) {
  const power = /^e\^(\S+)(.*)$/.exec(text);
  const parts = power ? ["e", htmlElement("sup", {}, power[1]), power[2]] : [text];
  const last = parts.length - 1;
  const at = Math.max(parts[last].lastIndexOf(" ≈ "), parts[last].lastIndexOf(" = "));
  if (split && at > 0) {
    parts.splice(last, 1, parts[last].slice(0, at + 1), htmlElement("br"), parts[last].slice(at + 1));
  }
  cell.replaceChildren(...parts);
}
