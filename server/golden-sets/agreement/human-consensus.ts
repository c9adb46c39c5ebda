/**
 * The consensus of the humans on one pair: the median of their grades, the lower of the two middle ones when
 * their number is even. Works on a histogram of the humans' grades (a few cells), so judging each rater of a
 * pair against the others costs no sorting and no allocation.
 */

/**
 * The lower median of the grades counted in `histogram` (`total` of them), leaving out one count of grade
 * `excluded` (the human being judged) when it is ≥ 0; −1 when no grade is left.
 */
export function lowerMedian(histogram: Int32Array, total: number, excluded: number): number {
  const left = excluded >= 0 ? total - 1 : total;
  if (left <= 0) return -1;
  const middle = Math.floor((left - 1) / 2);
  let seen = 0;
  for (let g = 0; g < histogram.length; g++) {
    seen += histogram[g] - (g === excluded ? 1 : 0);
    if (seen > middle) return g;
  }
  return -1;
}
