// Panel 2 (chapters ScoreEveryWord, BlendByWeight, Refocus): edit the width-d query; every step follows.

import { attend } from "./attention.js";
import { announcer, htmlElement, weightBars } from "./dom.js";
import { column, columnPlaces, fmt, fmtInput, textMinus } from "./format.js";
import { drawPlane, namedArrows } from "./plane.js";
import { numbersOf, readState, writeState } from "./state.js";
import { listed, local, t, typed } from "./strings.js";

const VALUE_STROKE = 7; // the values' arrows in the plane
const OUTPUT_STROKE = 10; // the output's, wider

// An entry's number, or the reason it is not one: empty, not a number, out of range.
export function parseEntry(text, [lo, hi]) {
  const trimmed = text.trim();
  if (trimmed === "") return { error: t("empty") };
  const english = typed(trimmed); // '1,5' in German
  const value = Number(english);
  if (!Number.isFinite(value) || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(english)) {
    return { error: t("not_a_number") };
  }
  const [low, high] = [lo, hi].map((v) => local(fmtInput(v)));
  if (value < lo || value > hi) return { error: t("out_of_range", { low, high }) };
  return { value };
}

// Every string the panel shows for `query` (see attention/ and scenes/arithmetic.py), with the video's minus sign.
export function queryStrings(data, query) {
  const trace = attend(query, data.keys, data.values);
  const { score, weight, exp } = data.places;
  const number = (places) => (x) => textMinus(fmt(x, places));
  const expPlaces = columnPlaces(trace.exps, exp); // the exponentials' column, their sum to its places
  const listed = (v) => textMinus("[" + v.join(", ") + "]");
  const termPlaces = columnPlaces(trace.terms.flat(), weight); // the w·v column, every row to its places
  return {
    dots: column(trace.dots, score).map(textMinus), // one format down a column, as the video's
    scores: column(trace.scores, score).map(textMinus),
    exps: column(trace.exps, exp).map(textMinus),
    sum: textMinus(column([trace.expSum], exp, expPlaces)[0]),
    weights: trace.weights.map(number(weight)),
    terms: trace.terms.map((t) => listed(column(t, weight, termPlaces))), // '[0.000, 0.000]' under '[0.831, 0.000]'
    output: listed(column(trace.output, weight)),
    trace,
  };
}

export function queryPanel(root, data, theme) {
  const entries = Array.from(root.querySelectorAll("input.entry"));
  const bars = weightBars(root.querySelector(".bars"), data.tokens, data.colours);
  const say = announcer(root.querySelector("[aria-live]"));
  const rows = tableRows(root.querySelector("table"), data.tokens, data.colours);
  const svg = root.querySelector("svg.plane");
  const plane = drawPlane(svg, data.plane, theme);
  const values = { vectors: data.values, tokens: data.tokens, colours: data.colours };
  const output = namedArrows(svg, plane, values, VALUE_STROKE, { colour: theme.output, stroke: OUTPUT_STROKE });
  const status = root.querySelector(".status");

  function show(moved) {
    const parsed = entries.map((entry) => parseEntry(entry.value, data.range));
    parsed.forEach((p, i) => {
      entries[i].setAttribute("aria-invalid", String(Boolean(p.error)));
      root.querySelector(`#${entries[i].id}-error`).textContent = p.error || "";
    });
    const bad = parsed.filter((p) => p.error).length;
    root.classList.toggle("invalid", bad > 0);
    if (bad) {
      status.textContent = bad === 1 ? t("fix_one") : t("fix_many", { count: bad });
      return;
    }
    status.textContent = "";
    const query = parsed.map((p) => p.value);
    const shown = queryStrings(data, query);
    rows.forEach((cells, i) =>
      [shown.dots[i], shown.scores[i], shown.exps[i], shown.weights[i], shown.terms[i]].forEach(
        (t, j) => (cells[j].textContent = local(t)),
      ),
    );
    root.querySelector(".sum").textContent = t("exp_sum", { sum: local(shown.sum) });
    root.querySelector(".output").textContent = t("output", { output: local(shown.output) });
    bars(shown.trace.weights, shown.weights.map(local));
    output(plane.at(...shown.trace.output));
    if (moved) {
      writeState("query", query.map(fmtInput).join(","));
      const weights = listed(data.tokens.map((token, i) => `${token} ${local(shown.weights[i])}`));
      say(t("weights_said", { weights }));
    }
  }

  const set = (query) => query.forEach((q, i) => (entries[i].value = local(fmtInput(q))));
  set(numbersOf(readState().query, entries.length) || data.queries[0]);
  for (const entry of entries) entry.addEventListener("input", () => show(true));
  root.querySelectorAll("button[data-query]").forEach((button) =>
    button.addEventListener("click", () => {
      set(data.queries[Number(button.dataset.query)]);
      show(true);
    }),
  );
  window.addEventListener("hashchange", () => {
    const asked = numbersOf(readState().query, entries.length);
    if (asked) set(asked);
    show(false);
  });
  show(false);
}

// A row per token, each cell named by its column's head (data-label: shown above its number where the table
// stacks, on a phone).
function tableRows(table, tokens, colours) {
  const heads = Array.from(table.querySelectorAll("thead th"), (th) => th.textContent).slice(1);
  return tokens.map((token, i) => {
    const row = htmlElement("tr");
    row.append(htmlElement("th", { scope: "row", style: `color: ${colours[i]}` }, token));
    const cells = heads.map((head) => htmlElement("td", { "data-label": head }));
    row.append(...cells);
    table.tBodies[0].append(row);
    return cells;
  });
}
