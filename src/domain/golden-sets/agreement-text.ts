import { counted } from '../shared/format-count';
import type { Agreement, Rater } from '../judging/golden-set-judging-types';

// How the Agreement tab reads the server's numbers: κ and α to two or three places ("—" where undefined),
// exact agreement as a percentage, a rater by its name, and whether there is anything to compare yet.

export type AgreementPair = Agreement['pairs'][number];
export type Disagreement = Agreement['disagreements'][number];

/** One short line each: what the numbers mean, shown beside them. */
export const KAPPA_MEANING = 'κ: 1 = perfect agreement, 0 = what chance alone gives, below 0 = worse than chance; near misses count less.';
export const ALPHA_MEANING = 'α: the same scale across all raters at once; 0.8 or more is usually taken as reliable.';

/** κ or α to `places` decimals; "—" when undefined (no shared pair, or every grade the same). */
export const coefficientText = (value: number | null, places = 2): string => (value === null ? '—' : value.toFixed(places));

/** "75%": the share of shared pairs graded the same. */
export const percentText = (share: number): string => `${Math.round(share * 100)}%`;

export const raterName = (raters: Rater[], id: number): string => raters.find((rater) => rater.id === id)?.name ?? `Rater ${id}`;

/** "Alice and Bob": a pair of raters as its row and its confusion matrix are named. */
export const pairName = (raters: Rater[], pair: { rater_a: number; rater_b: number }): string =>
  `${raterName(raters, pair.rater_a)} and ${raterName(raters, pair.rater_b)}`;

/** A pair of products as the disagreements list keys it. */
export const disagreementKey = (disagreement: { query: string; product_id: string }): string =>
  JSON.stringify([disagreement.query, disagreement.product_id]);

/**
 * What the tab can show: nothing rated yet, ratings but no pair rated by two raters (nothing to compare), or
 * the numbers.
 */
export function agreementState(agreement: Agreement): 'empty' | 'tooFew' | 'ready' {
  if (agreement.raters.every((rater) => rater.judgements === 0)) return 'empty';
  return agreement.pairable === 0 ? 'tooFew' : 'ready';
}

/** "2 of 7 disagreements, widest first" or "1 disagreement". */
export const disagreementsText = (agreement: Agreement): string =>
  agreement.disagreements.length < agreement.disagreements_total
    ? `${agreement.disagreements.length} of ${counted(agreement.disagreements_total, 'disagreement', 'disagreements')}, widest first`
    : `${counted(agreement.disagreements_total, 'disagreement', 'disagreements')}, widest first`;

/** "Alice: 2 · Good": each rater's grade of a disagreement, as listed. */
export const gradesText = (raters: Rater[], disagreement: Disagreement, gradeText: (grade: number) => string): string[] =>
  disagreement.grades.map(({ rater, grade }) => `${raterName(raters, rater)}: ${gradeText(grade)}`);

export const sameDisagreement = (disagreement: Disagreement, opened: { query: string; productId: string } | null): boolean =>
  opened !== null && disagreement.query === opened.query && disagreement.product_id === opened.productId;
