// A coordinate plane in an <svg>: whole-unit grid lines and axes over a range, and the mapping to SVG units.

import { arrow, svgElement } from "./dom.js";

const UNIT = 100; // SVG units per unit of the plane
const AXIS = 4; // the axes' stroke

export function drawPlane(svg, range, theme) {
  const [[xLo, xHi], [yLo, yHi]] = range;
  svg.setAttribute("viewBox", `0 0 ${(xHi - xLo) * UNIT} ${(yHi - yLo) * UNIT}`);
  svg.style.background = theme.background;
  const at = (x, y) => [(x - xLo) * UNIT, (yHi - y) * UNIT];
  const grid = svgElement("g", { stroke: theme.grid, "stroke-width": 2 });
  for (let x = Math.ceil(xLo); x <= xHi; x += 1) grid.append(line(at(x, yLo), at(x, yHi)));
  for (let y = Math.ceil(yLo); y <= yHi; y += 1) grid.append(line(at(xLo, y), at(xHi, y)));
  const axes = svgElement("g", { stroke: theme.muted, "stroke-width": AXIS });
  axes.append(line(at(xLo, 0), at(xHi, 0)), line(at(0, yLo), at(0, yHi)));
  svg.append(grid, axes);
  const toPlane = (sx, sy) => [sx / UNIT + xLo, yHi - sy / UNIT];
  const lines = [[...at(xLo, 0), ...at(xHi, 0), AXIS / 2], [...at(0, yLo), ...at(0, yHi), AXIS / 2]];
  return { at, toPlane, unit: UNIT, axes: lines }; // the axes as placeLabels takes shapes
}

function line([x1, y1], [x2, y2]) {
  return svgElement("line", { x1, y1, x2, y2 });
}

// A text label in the plane at SVG point (x, y).
export function label(svg, [x, y], text, colour) {
  const element = svgElement("text", { x, y, fill: colour, "font-size": 34, "font-weight": 600 });
  element.textContent = text;
  svg.append(element);
  return element;
}

const GAP = 10; // between a name and anything else (SVG units)
const NEAR = 90; // a name's box within this of its own tip, unless nothing clear is that near
const FAR = 130; // how far from it a name is ever tried
const STEP = 6; // the places tried: a grid of this step
const KEPT = 40; // the nearest places keeping every rule tried for each name ...
const TRIES = 20000; // ... and this many in all before the names settle for the best one each, one after another

// Arrows from the origin to `vectors` (plane units), each named by its token in its colour, and one more that
// moves: the function returned points it at `tip` (SVG units) and places the names (`placeLabels`) clear of every
// arrow, the moving one too, the axes and the boxes in `more` (the drag panel's cross). Both panels' planes: the
// keys and the context, the values and the output.
export function namedArrows(svg, plane, { vectors, tokens, colours }, stroke, moving) {
  const origin = plane.at(0, 0);
  const tips = vectors.map((vector) => plane.at(...vector));
  const fixed = tips.map((tip, i) => arrow(svg, colours[i], stroke)(...origin, ...tip));
  const names = tips.map((tip, i) => label(svg, tip, tokens[i], colours[i]));
  const drawn = arrow(svg, moving.colour, moving.stroke);
  const size = svg.viewBox.baseVal;
  return (tip, more = []) => {
    const arrows = [...fixed, drawn(...origin, ...tip)];
    const shafts = [...arrows.map((a) => a.shaft), ...plane.axes];
    const shapes = { shafts, boxes: [...arrows.map((a) => a.head), ...more] };
    placeLabels(names, tips, origin, shapes, [size.width, size.height]);
  };
}

// Each of `labels` (from `label`) beside its point (SVG units) in `points`: inside the plane (`size`), GAP clear
// of every shaft ([x1, y1, x2, y2, half its stroke]) and box ([left, top, right, bottom]) in `shapes` and of the
// other names, nearer its own point than any other, within NEAR of it: the nearest such places, the side away
// from `origin` a little preferred (a name beyond its tip), found together (the names with the fewest places
// first). Where no such places exist together, each name in turn takes the place breaking the fewest rules.
// A name under an arrow, crossed by an axis or by the cross, or nearer another arrow's tip, is misread.
export function placeLabels(labels, points, origin, shapes, size) {
  const places = labels.map((element, i) => placesFor(element, i, points, origin, shapes, size));
  const kept = places.map((all) => nearest(all, KEPT));
  const order = kept.map((_, i) => i).sort((a, b) => kept[a].length - kept[b].length);
  const boxes = together(order, kept) || oneByOne(order, places);
  labels.forEach((element, i) => {
    const ink = element.getBBox();
    const [dx0, dy0] = [ink.x - Number(element.getAttribute("x")), ink.y - Number(element.getAttribute("y"))];
    element.setAttribute("x", boxes[i][0] - dx0);
    element.setAttribute("y", boxes[i][1] - dy0);
  });
}

// The places round point i for `element`, nearest first: { box, cost, broken() (the rules it breaks alone, 0 for
// none; weighed once asked) }. Its box's corner on a grid of STEP within FAR of the point, or flush with an edge.
function placesFor(element, i, points, origin, shapes, size) {
  const ink = element.getBBox();
  const [w, h] = [ink.width, ink.height];
  const [px, py] = points[i];
  const away = Math.atan2(py - origin[1], px - origin[0]);
  const corners = (p, length, edge) => {
    const found = [0, edge - length];
    for (let c = p - FAR - length; c <= p + FAR; c += STEP) found.push(c);
    const inside = found.filter((c) => c >= 0 && c + length <= edge);
    return inside.length ? inside : [(edge - length) / 2]; // a name wider than the plane: centred
  };
  const rules = (box, near) =>
    (shapes.shafts.some((s) => meets(s, box, GAP)) || shapes.boxes.some((b) => !apart(b, box)) ? 100 : 0) +
    (points.some((q, j) => j !== i && distance(box, q) < near) ? 10 : 0) +
    (near > NEAR ? 1 : 0);
  const places = [];
  for (const x of corners(px, w, size[0])) {
    for (const y of corners(py, h, size[1])) {
      const box = [x, y, x + w, y + h];
      const near = distance(box, points[i]);
      if (near > FAR && places.length) continue; // one kept at least, however far
      const angle = Math.atan2(y + h / 2 - py, x + w / 2 - px);
      let broken;
      places.push({ box, cost: near + 6 * (1 - Math.cos(angle - away)), broken: () => (broken ??= rules(box, near)) });
    }
  }
  return places.sort((a, b) => a.cost - b.cost);
}

// The first `count` of `places` breaking no rule, each more than a STEP from those before it (two names that
// both want one spot then have other spots to try, not a few steps apart ones).
function nearest(places, count) {
  const found = [];
  const far = (a, b) => Math.abs(a.box[0] - b.box[0]) > STEP || Math.abs(a.box[1] - b.box[1]) > STEP;
  for (const place of places) {
    if (found.every((other) => far(place, other)) && !place.broken()) found.push(place);
    if (found.length === count) break;
  }
  return found;
}

// One place each of `kept` (the places keeping every rule, nearest first), apart from each other: the nearest
// first (a search, given up after TRIES).
function together(order, kept) {
  const chosen = [];
  let tries = 0;
  const fill = (n) => {
    if (n === order.length) return true;
    for (const place of kept[order[n]]) {
      if ((tries += 1) > TRIES) return false;
      if (!chosen.every((c) => apart(c, place.box))) continue;
      chosen.push(place.box);
      if (fill(n + 1)) return true;
      chosen.pop();
    }
    return false;
  };
  if (!fill(0)) return null;
  const boxes = [];
  order.forEach((i, n) => (boxes[i] = chosen[n]));
  return boxes;
}

// One name after another, each at its place breaking the fewest rules (a name over another counted as a shape).
function oneByOne(order, places) {
  const boxes = [];
  for (const i of order) {
    const taken = boxes.filter(Boolean);
    const worse = (p) => (p.broken() + (taken.every((b) => apart(b, p.box)) ? 0 : 100)) * FAR * 2 + p.cost;
    boxes[i] = places[i].reduce((best, p) => (worse(p) < worse(best) ? p : best)).box;
  }
  return boxes;
}

const apart = (a, b) => a[2] + GAP <= b[0] || b[2] + GAP <= a[0] || a[3] + GAP <= b[1] || b[3] + GAP <= a[1];

// How far box [left, top, right, bottom] is from point (x, y).
function distance([left, top, right, bottom], [x, y]) {
  return Math.hypot(Math.max(left - x, 0, x - right), Math.max(top - y, 0, y - bottom));
}

// Whether the shaft [x1, y1, x2, y2, pad] comes within `gap` of box [left, top, right, bottom].
export function meets([x1, y1, x2, y2, pad0], [left, top, right, bottom], gap) {
  const pad = pad0 + gap;
  const [l, t, r, b] = [left - pad, top - pad, right + pad, bottom + pad];
  const [dx, dy] = [x2 - x1, y2 - y1];
  let [lo, hi] = [0, 1];
  for (const [p, q] of [[-dx, x1 - l], [dx, r - x1], [-dy, y1 - t], [dy, b - y1]]) {
    if (p === 0) {
      if (q < 0) return false;
    } else if (p < 0) lo = Math.max(lo, q / p);
    else hi = Math.min(hi, q / p);
  }
  return lo <= hi;
}
