// A coordinate plane in an <svg>: whole-unit grid lines and axes over a range, and the mapping to SVG units.

import { arrow, headReach, svgElement } from "./dom.js";

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

const RINGS = [1, 2.5, 4]; // a label tries eight places round its point at these many gaps from it, nearest first
const WAYS = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx, dy])).filter(([dx, dy]) => dx || dy);

// Each of `labels` (from `label`) moved next to its point (SVG units) to the first of eight places round it (ever
// farther: RINGS), the side away from `origin` first, that lies inside the plane (`size`) and `gap` clear of every
// shape in `arrows` ([x1, y1, x2, y2, reach]: a shaft, or an axis, whose head or stroke reaches `reach` beside it)
// and of the labels placed before it; else clear of the shapes alone, else inside alone. A name under an arrow (a
// zero value's, at the origin) or crossed by an axis is misread.
// Arrows from the origin to `vectors` (plane units), each named by its token in its colour, and one more that
// moves: the function returned points it at `tip` (SVG units) and places the names clear of every arrow, the
// moving one too, and the axes (`placeLabels`). Both panels' planes: the keys and the context, the values and
// the output.
export function namedArrows(svg, plane, { vectors, tokens, colours }, stroke, moving) {
  const origin = plane.at(0, 0);
  const tips = vectors.map((vector) => plane.at(...vector));
  const fixed = tips.map((tip) => [...origin, ...tip, headReach(stroke)]);
  tips.forEach((tip, i) => arrow(svg, colours[i], stroke)(...origin, ...tip));
  const names = tips.map((tip, i) => label(svg, tip, tokens[i], colours[i]));
  const drawn = arrow(svg, moving.colour, moving.stroke);
  const size = svg.viewBox.baseVal;
  return (tip) => {
    drawn(...origin, ...tip);
    const shapes = [...fixed, [...origin, ...tip, headReach(moving.stroke)], ...plane.axes];
    placeLabels(names, tips, origin, shapes, [size.width, size.height]);
  };
}

export function placeLabels(labels, points, origin, arrows, size, gap = 10) {
  const placed = [];
  labels.forEach((element, i) => {
    const [px, py] = points[i];
    const ink = element.getBBox();
    const [dx0, dy0] = [ink.x - Number(element.getAttribute("x")), ink.y - Number(element.getAttribute("y"))];
    const away = [px - origin[0], py - origin[1]];
    const ways = [...WAYS].sort(([ax, ay], [bx, by]) => lean(bx, by, away) - lean(ax, ay, away));
    const boxes = RINGS.flatMap((ring) =>
      ways.map(([dx, dy]) => {
        const x = dx > 0 ? px + gap * ring : dx < 0 ? px - gap * ring - ink.width : px - ink.width / 2;
        const y = dy > 0 ? py + gap * ring : dy < 0 ? py - gap * ring - ink.height : py - ink.height / 2;
        return [x, y, x + ink.width, y + ink.height];
      }),
    );
    const inside = (b) => b[0] >= 0 && b[1] >= 0 && b[2] <= size[0] && b[3] <= size[1];
    const clear = (b) => !arrows.some((a) => meets(a, b, gap));
    const apart = (b) =>
      placed.every((p) => b[2] + gap <= p[0] || p[2] + gap <= b[0] || b[3] + gap <= p[1] || p[3] + gap <= b[1]);
    const box =
      boxes.find((b) => inside(b) && clear(b) && apart(b)) ||
      boxes.find((b) => inside(b) && clear(b)) ||
      boxes.find(inside) ||
      boxes[0];
    element.setAttribute("x", box[0] - dx0);
    element.setAttribute("y", box[1] - dy0);
    placed.push(box);
  });
}

// How far a place in direction (dx, dy) leans toward `away` (a zero `away` leans right and down).
function lean(dx, dy, [ax, ay]) {
  const length = Math.hypot(ax, ay) || 1;
  const [ux, uy] = Math.hypot(ax, ay) ? [ax / length, ay / length] : [Math.SQRT1_2, Math.SQRT1_2];
  return (dx * ux + dy * uy) / Math.hypot(dx, dy);
}

// Whether the shaft [x1, y1, x2, y2] with its head's `reach` comes within `gap` of box [left, top, right, bottom].
export function meets([x1, y1, x2, y2, reach], [left, top, right, bottom], gap) {
  const pad = reach + gap;
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
