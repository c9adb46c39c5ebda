// The colours of statuses, the nDCG summary and product matches as tones; the views map a tone to a class of the theme's colours.

/** green, yellow, red, grey. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

/** Experiment run status success green, failed red, anything else grey. */
export function experimentRunStatusTone(status: string): StatusTone {
  if (status === 'success') return 'success';
  if (status === 'failed') return 'danger';
  return 'neutral';
}

/** Run result status PASS green, FAIL red, anything else grey. */
export function runResultStatusTone(status: string): StatusTone {
  if (status === 'PASS') return 'success';
  if (status === 'FAIL') return 'danger';
  return 'neutral';
}

/** An evaluation query's completion: Complete green, No more results yellow, Page without relevants red, none grey. */
export function completionTone(completion: string | null | undefined): StatusTone {
  if (completion === 'COMPLETE') return 'success';
  if (completion === 'NO_MORE_RESULTS') return 'warning';
  if (completion === 'PAGE_WITHOUT_RELEVANTS') return 'danger';
  return 'neutral';
}

/** The nDCG summary is green at or above 80 percent, otherwise yellow. */
export const NDCG_TARGET = 0.8;

export function ndcgSummaryTone(ndcg: number): Extract<StatusTone, 'success' | 'warning'> {
  return ndcg >= NDCG_TARGET ? 'success' : 'warning';
}

/** How a product relates to the references: found by both, only expected, or only returned. */
export type ProductMatch = 'common' | 'missing' | 'leftover';

/** On /test-case, borders green for common, red for missing, yellow for leftover. */
export function productMatchTone(match: ProductMatch): Exclude<StatusTone, 'neutral'> {
  switch (match) {
    case 'common':
      return 'success';
    case 'missing':
      return 'danger';
    case 'leftover':
      return 'warning';
  }
}
