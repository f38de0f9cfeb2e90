// attention/trace.py's attend() for one query, ported: dots, scores, unshifted exponentials, weights, output.

export function attend(query, keys, values) {
  const divisor = Math.sqrt(query.length);
  const dots = keys.map((key) => key.reduce((total, k, i) => total + k * query[i], 0));
  const scores = dots.map((dot) => dot / divisor);
  const exps = scores.map(Math.exp);
  const expSum = exps.reduce((a, b) => a + b, 0);
  const top = Math.max(...scores);
  const shifted = scores.map((s) => Math.exp(s - top));
  const total = shifted.reduce((a, b) => a + b, 0);
  const weights = shifted.map((e) => e / total);
  const terms = values.map((value, i) => value.map((v) => weights[i] * v));
  const output = values[0].map((_, j) => terms.reduce((sum, term) => sum + term[j], 0));
  return { divisor, dots, scores, exps, expSum, weights, terms, output };
}
