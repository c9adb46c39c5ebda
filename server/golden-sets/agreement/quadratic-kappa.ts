/**
 * Cohen's weighted κ with quadratic weights w_ij = 1 − (i − j)² / (k − 1)² over the grades 0..k − 1, from the
 * confusion matrix of two raters (k × k counts, row-major: row = first rater's grade, column = second's).
 *
 * κ_w = (p_o − p_e) / (1 − p_e) with p_o = Σ w_ij p_ij and p_e = Σ w_ij p_i. p_.j. Since 1 − w_ij = (i − j)² / (k − 1)²,
 * this is 1 − D_o / D_e with D_o = n Σ (i − j)² n_ij and D_e = Σ (i − j)² n_i. n_.j: both sums over whole
 * counts, so the ratio is exact and the result does not drift with the number of pairs.
 * Null when it is undefined: no pairs, or no disagreement to expect (both raters always gave one same grade).
 */
export function quadraticKappa(confusion: ArrayLike<number>, categories: number): number | null {
  const rows = new Float64Array(categories);
  const columns = new Float64Array(categories);
  let [n, observed] = [0, 0];
  for (let i = 0; i < categories; i++) {
    for (let j = 0; j < categories; j++) {
      const count = confusion[i * categories + j];
      rows[i] += count;
      columns[j] += count;
      n += count;
      observed += (i - j) * (i - j) * count;
    }
  }
  let expected = 0;
  for (let i = 0; i < categories; i++) {
    for (let j = 0; j < categories; j++) expected += (i - j) * (i - j) * rows[i] * columns[j];
  }
  if (n === 0 || expected === 0) return null;
  return 1 - (n * observed) / expected;
}
