/**
 * One query's two run results side by side ("Compare two runs"): each ranked list with its products'
 * grades and how each product moved from the baseline's ranking to the candidate's (↑3, ↓2, =, new, dropped),
 * each side's missings, and each metric of both with its delta. Tells *why* a query regressed. Pure.
 */
import type { RunResultDetails, SearchResultProduct } from '../experiments/evaluation-backend-types';
import { orderedMetrics } from '../shared/format-metric';
import { returnedProducts, type ProductRole } from '../runs/result-products';

type MoveKind = 'up' | 'down' | 'same' | 'new' | 'dropped';

/** How a product moved from the baseline to the candidate: `by` places, with its text and a sentence for a tooltip. */
export type Move = { kind: MoveKind; by: number; text: string; title: string };

export type PairRow = {
  rank: number;
  productId: string;
  /** The catalogue's name when known, else the search's own name, else the id. */
  name: string;
  role: ProductRole;
  /** 'grade 3', or 'unjudged' when this side's golden set does not judge it. */
  grade: string;
  move: Move;
};

export type PairMissing = {
  productId: string;
  name: string;
  grade: string;
  /** Where the other side returned it, when it did: what makes a missing on one side a win on the other. */
  otherRank: number | null;
};

/** One side: its ranked rows, its missings, and how many of its rows are common (returned and judged relevant). */
export type PairSide = { rows: PairRow[]; missings: PairMissing[]; commons: number };

export type MetricDelta = { name: string; baseline: number | null; candidate: number | null; delta: number | null };

/** The first rank of each product in a ranked list (a product listed twice keeps its first place). */
function ranksOf(results: RunResultDetails): Map<string, number> {
  const ranks = new Map<string, number>();
  (results.search_results ?? []).forEach((hit, index) => {
    if (!ranks.has(hit.product_id)) ranks.set(hit.product_id, index + 1);
  });
  return ranks;
}

/** From `from` in the baseline to `to` in the candidate; null on a side: the product is not in that list. */
export function moveBetween(from: number | null, to: number | null): Move {
  if (from === null) return { kind: 'new', by: 0, text: 'new', title: 'Not in the baseline' };
  if (to === null) return { kind: 'dropped', by: 0, text: 'dropped', title: 'Not returned by the candidate' };
  if (to < from) return { kind: 'up', by: from - to, text: `↑${from - to}`, title: `Up ${from - to} from #${from} to #${to}` };
  if (to > from) return { kind: 'down', by: to - from, text: `↓${to - from}`, title: `Down ${to - from} from #${from} to #${to}` };
  return { kind: 'same', by: 0, text: '=', title: `Same place, #${from}` };
}

/** A product's name: the catalogue's (either side's product_names), else what the search called it, else its id. */
function nameOf(productId: string, names: Record<string, string>, hit?: SearchResultProduct): string {
  return names[productId] ?? hit?.name ?? productId;
}

function side(
  own: RunResultDetails,
  other: RunResultDetails,
  names: Record<string, string>,
  move: (ownRank: number, otherRank: number | null) => Move,
): PairSide {
  const otherRanks = ranksOf(other);
  const otherHits = new Map((other.search_results ?? []).map((hit) => [hit.product_id, hit]));
  const grades = new Map((own.golden_set ?? []).map((judged) => [judged.product_id, judged.relevance]));
  const rows = returnedProducts(own).map(({ rank, product, role, grade }) => ({
    rank,
    productId: product.product_id,
    name: nameOf(product.product_id, names, product),
    role,
    grade,
    move: move(rank, otherRanks.get(product.product_id) ?? null),
  }));
  const missings = (own.missings ?? []).map((productId) => {
    const grade = grades.get(productId);
    return {
      productId,
      name: nameOf(productId, names, otherHits.get(productId)),
      grade: grade === undefined ? 'unjudged' : `grade ${grade}`,
      otherRank: otherRanks.get(productId) ?? null,
    };
  });
  return { rows, missings, commons: rows.filter((row) => row.role === 'common').length };
}

/**
 * Both lists of one query. Each row's move is from the baseline's rank to the candidate's, on both sides: a
 * candidate product the baseline did not return is 'new', a baseline product the candidate no longer
 * returns is 'dropped'. Grades are each side's own golden set's.
 */
export function pairSides(
  baseline: RunResultDetails,
  candidate: RunResultDetails,
  names: Record<string, string> = {},
): { baseline: PairSide; candidate: PairSide; dropped: PairRow[] } {
  const baselineSide = side(baseline, candidate, names, (own, other) => moveBetween(own, other));
  const candidateSide = side(candidate, baseline, names, (own, other) => moveBetween(other, own));
  return {
    baseline: baselineSide,
    candidate: candidateSide,
    dropped: baselineSide.rows.filter((row) => row.move.kind === 'dropped'),
  };
}

/** Every metric either side has, headline scores first; the delta (candidate − baseline) when both have it. */
export function metricDeltas(baseline: Record<string, number> = {}, candidate: Record<string, number> = {}): MetricDelta[] {
  return orderedMetrics({ ...baseline, ...candidate }).map(([name]) => {
    const before = Number.isFinite(baseline[name]) ? baseline[name] : null;
    const after = Number.isFinite(candidate[name]) ? candidate[name] : null;
    return { name, baseline: before, candidate: after, delta: before !== null && after !== null ? after - before : null };
  });
}

/** A delta to three decimals with its sign: '+0.021', '-0.490', '0.000'; none (a side lacks it) is a dash. */
/** Whether a delta reads as better, worse or no change; counts of unjudged products are no score to improve. */
export function deltaTone(name: string, delta: number | null): 'better' | 'worse' | 'neutral' {
  // Below half the last of the 4 decimals shown, a delta reads 0.0000: no change.
  if (delta === null || name.startsWith('unjudged') || Math.abs(delta) < 0.00005) return 'neutral';
  return delta > 0 ? 'better' : 'worse';
}
