// A coordinate plane in an <svg>: whole-unit grid lines and axes over a range, and the mapping to SVG units.

import { svgElement } from "./dom.js";

const UNIT = 100; // SVG units per unit of the plane

export function drawPlane(svg, range, theme) {
  const [[xLo, xHi], [yLo, yHi]] = range;
  svg.setAttribute("viewBox", `0 0 ${(xHi - xLo) * UNIT} ${(yHi - yLo) * UNIT}`);
  svg.style.background = theme.background;
  const at = (x, y) => [(x - xLo) * UNIT, (yHi - y) * UNIT];
  const grid = svgElement("g", { stroke: theme.grid, "stroke-width": 2 });
  for (let x = Math.ceil(xLo); x <= xHi; x += 1) grid.append(line(at(x, yLo), at(x, yHi)));
  for (let y = Math.ceil(yLo); y <= yHi; y += 1) grid.append(line(at(xLo, y), at(xHi, y)));
  const axes = svgElement("g", { stroke: theme.muted, "stroke-width": 4 });
  axes.append(line(at(xLo, 0), at(xHi, 0)), line(at(0, yLo), at(0, yHi)));
  svg.append(grid, axes);
  const toPlane = (sx, sy) => [sx / UNIT + xLo, yHi - sy / UNIT];
  return { at, toPlane, unit: UNIT };
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
