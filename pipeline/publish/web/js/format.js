// The lecture's number formatting (scenes/arithmetic.py), string for string with Python's.

// x to `places` decimals as Python's f"{x:.{places}f}" prints it: exact ties go to the even digit.
export function fixed(x, places) {
  const digits = Math.abs(x).toFixed(Math.min(100, places + 60));
  const [whole, fraction] = digits.split(".");
  const tail = fraction.slice(places);
  const kept = fraction.slice(0, places);
  const last = Number((whole + kept).slice(-1));
  if (/^50*$/.test(tail) && last % 2 === 0) {
    return (x < 0 ? "-" : "") + whole + (places ? "." + kept : "");
  }
  return x.toFixed(places);
}

// fmt: whole numbers bare (4, 0), others to `places` (0.090).
export function fmt(value, places) {
  if (Math.abs(value - Math.round(value)) < 1e-9) return String(Math.round(value));
  const text = fixed(value, places);
  return /^-0\.0*$/.test(text) ? text.slice(1) : text; // never '-0.000', as Python's fmt
}

// column_places: the decimals a column of `values` is printed with: 0 when every one is whole, else `places`.
export function columnPlaces(values, places) {
  return values.every((v) => Math.abs(v - Math.round(v)) < 1e-9) ? 0 : places;
}

// fmt_column: `values` as one column, to one number of decimals, `shared` (by default the column's own: never
// '4' beside '3.500'; a sum to its terms' places).
export function column(values, places, shared = columnPlaces(values, places)) {
  return values.map((v) => {
    const text = fixed(v, shared);
    return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text; // never '-0.000', as Python's
  });
}

// fmt_input: at most three decimals, no trailing zeros (1.5, 2).
export function fmtInput(value) {
  const text = fmt(value, 3);
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

// text_minus: a number as printed, for text: the minus sign the video's formulas draw ('−0.4'), not a hyphen.
export function textMinus(printed) {
  return printed.replaceAll("-", "\u2212");
}
