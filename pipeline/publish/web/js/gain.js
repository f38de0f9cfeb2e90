// Panel 3 (chapter WhereItBreaks): a gain knob on the unscaled scores; bars, smallest weight, w(1 − w) on a log scale.

import { announcer, svgElement, weightBars } from "./dom.js";
import { numbersOf, readState, writeState } from "./state.js";
import { listed, local, t } from "./strings.js";

const PLOT = { width: 600, height: 320, left: 90, right: 20, top: 20, bottom: 60 };

export function gainPanel(root, data, theme) {
  const slider = root.querySelector("input[type=range]");
  const bars = weightBars(root.querySelector(".bars"), data.tokens, data.colours);
  const say = announcer(root.querySelector("[aria-live]"));
  const plot = drawCurve(root.querySelector("svg.curve"), data.curve, theme);
  const [lo, hi] = data.range;

  function show(moved) {
    const point = data.points[Number(slider.value).toFixed(1)];
    const gain = local(point.g);
    root.querySelector(".gain-value").textContent = gain;
    root.querySelector(".smallest").textContent = local(point.smallest);
    root.querySelector(".sensitivity").textContent = local(point.sensitivity);
    slider.setAttribute("aria-valuetext", `g = ${gain}`);
    bars(point.bars, point.weights.map(local));
    plot(Number(point.g), point.log_sensitivity);
    if (moved) {
      writeState("gain", point.g.replace(/\.0$/, ""));
      const weights = listed(data.tokens.map((token, i) => `${token} ${local(point.weights[i])}`));
      say(t("gain_said", { gain, weights }));
    }
  }

  const set = (text) => {
    const asked = numbersOf(text, 1);
    if (asked) slider.value = String(Math.min(hi, Math.max(lo, asked[0])));
  };
  set(readState().gain);
  slider.addEventListener("input", () => show(true));
  for (const button of root.querySelectorAll("button[data-direction]")) {
    button.addEventListener("click", () => {
      slider.stepUp(Number(button.dataset.direction)); // a step a tap, for those who cannot drag the thumb
      show(true);
    });
  }
  window.addEventListener("hashchange", () => {
    set(readState().gain);
    show(false);
  });
  show(false);
}

// The curve of log10 w(1 − w) against g; returns move(g, log10) for its dot.
function drawCurve(svg, curve, theme) {
  const { width, height, left, right, top, bottom } = PLOT;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.style.background = theme.background;
  const gains = curve.map(([g]) => g);
  const logs = curve.map(([, v]) => v);
  const [gLo, gHi] = [Math.min(...gains), Math.max(...gains)];
  const [vLo, vHi] = [Math.floor(Math.min(...logs)), Math.ceil(Math.max(...logs))];
  const x = (g) => left + ((g - gLo) / (gHi - gLo)) * (width - left - right);
  const y = (v) => top + ((vHi - v) / (vHi - vLo || 1)) * (height - top - bottom);
  const axes = svgElement("g", { stroke: theme.muted, "stroke-width": 2 });
  axes.append(svgElement("line", { x1: left, y1: y(vLo), x2: width - right, y2: y(vLo) }));
  axes.append(svgElement("line", { x1: left, y1: top, x2: left, y2: y(vLo) }));
  svg.append(axes);
  const step = Math.max(1, Math.ceil((vHi - vLo) / 5));
  for (let v = vHi; v >= vLo; v -= step) svg.append(text(left - 10, y(v) + 6, `10${superscript(v)}`, theme.muted, "end"));
  for (let g = Math.ceil(gLo); g <= gHi; g += 3) svg.append(text(x(g), height - 30, String(g), theme.muted, "middle"));
  svg.append(text((left + width) / 2, height - 6, t("gain_axis"), theme.muted, "middle"));
  const path = curve.map(([g, v], i) => `${i ? "L" : "M"}${x(g).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  svg.append(svgElement("path", { d: path, fill: "none", stroke: theme.output, "stroke-width": 4 }));
  const dot = svgElement("circle", { r: 9, fill: theme.query });
  svg.append(dot);
  return (g, v) => {
    dot.setAttribute("cx", x(g));
    dot.setAttribute("cy", y(v));
  };
}

function text(x, y, content, colour, anchor) {
  const element = svgElement("text", { x, y, fill: colour, "font-size": 20, "text-anchor": anchor });
  element.textContent = content;
  return element;
}

const SUPERSCRIPT = { "-": "⁻", 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };

function superscript(n) {
  return Array.from(String(n), (c) => SUPERSCRIPT[c]).join("");
}
