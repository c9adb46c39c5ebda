import { describe, expect, it } from 'vitest';
import type { RunResultDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import {
  compareHref,
  comparePairHref,
  compareRunsHref,
  olderFirst,
  readComparePairSearch,
} from '../../../src/domain/compare/compare-links';
import { deltaTone, metricDeltas, moveBetween, pairSides } from '../../../src/domain/compare/rank-moves';

// Why one query moved between two runs — each product's move from the baseline's rank to the
// candidate's, grades from each side's own golden set, each side's missings, and the metrics' deltas.

const hits = (...ids: string[]) => ids.map((product_id) => ({ product_id }));

// Baseline: A B C D E; candidate: C A F B (E and D dropped, F new; C up 2, A down 1, B down 2).
const baseline: RunResultDetails = {
  search_results: [{ product_id: 'A', name: 'Oak table' }, ...hits('B', 'C', 'D', 'E')],
  golden_set: [
    { product_id: 'A', relevance: 3 },
    { product_id: 'C', relevance: 2 },
    { product_id: 'D', relevance: 0 },
    { product_id: 'G', relevance: 1 },
    { product_id: 'H', relevance: 2 },
  ],
  commons: ['A', 'C'],
  missings: ['G', 'H'],
  leftovers: ['B', 'E'],
  metrics: { 'ndcg@10': 0.61, 'precision@10': 0.2, 'unjudged@10': 2 },
};
const candidate: RunResultDetails = {
  search_results: [...hits('C', 'A', 'F'), { product_id: 'B', name: 'Pine table' }],
  // A golden set that differs from the baseline's: F is judged here, H too.
  golden_set: [
    { product_id: 'A', relevance: 3 },
    { product_id: 'C', relevance: 2 },
    { product_id: 'F', relevance: 2 },
    { product_id: 'G', relevance: 1 },
  ],
  commons: ['C', 'A', 'F'],
  missings: ['G'],
  leftovers: ['B'],
  metrics: { 'ndcg@10': 0.12, 'precision@10': 0.3, 'recall@10': 0.5, 'unjudged@10': 1 },
};
const names = { C: 'Walnut table', G: 'Teak table' };

describe('a product’s move between the runs', () => {
  it('reads up, down, the same place, new and dropped', () => {
    expect(moveBetween(5, 2)).toEqual({ kind: 'up', by: 3, text: '↑3', title: 'Up 3 from #5 to #2' });
    expect(moveBetween(1, 3)).toEqual({ kind: 'down', by: 2, text: '↓2', title: 'Down 2 from #1 to #3' });
    expect(moveBetween(4, 4)).toEqual({ kind: 'same', by: 0, text: '=', title: 'Same place, #4' });
    expect(moveBetween(null, 1)).toMatchObject({ kind: 'new', text: 'new' });
    expect(moveBetween(2, null)).toMatchObject({ kind: 'dropped', text: 'dropped' });
  });
});

describe('one query’s two lists', () => {
  const sides = pairSides(baseline, candidate, names);

  it('gives each candidate product its move from the baseline’s rank, new when the baseline did not return it', () => {
    expect(sides.candidate.rows.map(({ rank, productId, move }) => [rank, productId, move.text])).toEqual([
      [1, 'C', '↑2'],
      [2, 'A', '↓1'],
      [3, 'F', 'new'],
      [4, 'B', '↓2'],
    ]);
  });

  it('gives each baseline product where it went, dropped when the candidate no longer returns it', () => {
    expect(sides.baseline.rows.map(({ rank, productId, move }) => [rank, productId, move.text])).toEqual([
      [1, 'A', '↓1'],
      [2, 'B', '↓2'],
      [3, 'C', '↑2'],
      [4, 'D', 'dropped'],
      [5, 'E', 'dropped'],
    ]);
    expect(sides.dropped.map((row) => row.productId)).toEqual(['D', 'E']);
    expect([sides.baseline.commons, sides.candidate.commons]).toEqual([2, 3]);
  });

  it('grades each side by its own golden set, unjudged when it has no grade, with the role the details screen gives', () => {
    expect(sides.baseline.rows.map(({ grade, role }) => `${role} ${grade}`)).toEqual([
      'common grade 3',
      'leftover unjudged',
      'common grade 2',
      'irrelevant grade 0',
      'leftover unjudged',
    ]);
    // F is judged by the candidate's golden set only.
    expect(sides.candidate.rows.map(({ grade, role }) => `${role} ${grade}`)).toEqual([
      'common grade 2',
      'common grade 3',
      'common grade 2',
      'leftover unjudged',
    ]);
  });

  it('names a product by the catalogue, else by the search, else by its id', () => {
    expect(sides.candidate.rows.map((row) => row.name)).toEqual(['Walnut table', 'A', 'F', 'Pine table']);
    expect(sides.baseline.rows.map((row) => row.name)).toEqual(['Oak table', 'B', 'Walnut table', 'D', 'E']);
  });

  it('lists each side’s missings with their grade and where the other side has them', () => {
    expect(sides.baseline.missings).toEqual([
      { productId: 'G', name: 'Teak table', grade: 'grade 1', otherRank: null },
      { productId: 'H', name: 'H', grade: 'grade 2', otherRank: null },
    ]);
    expect(sides.candidate.missings).toEqual([{ productId: 'G', name: 'Teak table', grade: 'grade 1', otherRank: null }]);
    // A product the candidate misses that the baseline returned.
    const missed = pairSides(baseline, { ...candidate, missings: ['A'] }).candidate.missings;
    expect(missed).toEqual([{ productId: 'A', name: 'Oak table', grade: 'grade 3', otherRank: 1 }]);
  });

  it('keeps a product listed twice at its first place', () => {
    const twice = pairSides({ search_results: hits('A', 'B', 'A') }, { search_results: hits('B', 'A') });
    expect(twice.candidate.rows.map((row) => row.move.text)).toEqual(['↑1', '↓1']);
    // The repeat at #3 is compared as it stands: A is at #2 in the candidate.
    expect(twice.baseline.rows.map((row) => row.move.text)).toEqual(['↓1', '↑1', '↑1']);
  });

  it('handles results without lists (an error, a result made elsewhere)', () => {
    expect(pairSides({}, {})).toEqual({
      baseline: { rows: [], missings: [], commons: 0 },
      candidate: { rows: [], missings: [], commons: 0 },
      dropped: [],
    });
    const onlyCandidate = pairSides({}, { search_results: hits('A') });
    expect(onlyCandidate.candidate.rows.map((row) => [row.move.text, row.grade])).toEqual([['new', 'unjudged']]);
  });
});

describe('the metrics of both', () => {
  it('lists every metric either has, headline scores first, with the delta when both have it', () => {
    const rows = metricDeltas(baseline.metrics, candidate.metrics);
    expect(rows.map((row) => row.name)).toEqual(['ndcg@10', 'precision@10', 'recall@10', 'unjudged@10']);
    expect(rows[0]).toEqual({ name: 'ndcg@10', baseline: 0.61, candidate: 0.12, delta: 0.12 - 0.61 });
    expect(rows[2]).toEqual({ name: 'recall@10', baseline: null, candidate: 0.5, delta: null });
    expect(metricDeltas(undefined, undefined)).toEqual([]);
  });

  it('writes a delta with its sign to three decimals, and whether it is better or worse', () => {
    expect(deltaTone('ndcg@10', -0.49)).toBe('worse');
    expect(deltaTone('precision@10', 0.1)).toBe('better');
    expect(deltaTone('ndcg@10', 0.00004)).toBe('neutral');
    expect(deltaTone('ndcg@10', 0.0001)).toBe('better');
    expect(deltaTone('unjudged@10', -1)).toBe('neutral');
    expect(deltaTone('recall@10', null)).toBe('neutral');
  });
});

describe('the comparison’s addresses', () => {
  const older = { id: 12, created_at: '2026-11-20T10:00:00Z' };
  const newer = { id: 9, created_at: '2026-11-22T10:00:00Z' };

  it('takes the older run as the baseline, whichever order they come in; the lower id at the same time', () => {
    expect(olderFirst(newer, older)).toEqual([older, newer]);
    expect(olderFirst(older, newer)).toEqual([older, newer]);
    expect(olderFirst({ id: 5, created_at: older.created_at }, { id: 3, created_at: older.created_at }).map((run) => run.id)).toEqual([
      3, 5,
    ]);
    expect(compareRunsHref(newer, older)).toBe('/compare?baseline=12&candidate=9');
  });

  it('writes and reads the addresses', () => {
    expect(compareHref(1, 2)).toBe('/compare?baseline=1&candidate=2');
    expect(compareHref(1, 2, 'ndcg@10')).toBe('/compare?baseline=1&candidate=2&metric=ndcg%4010');
    expect(comparePairHref(7, 9, 'ndcg@10')).toBe('/compare/pair?baseline_result=7&candidate_result=9&metric=ndcg%4010');
    expect(readComparePairSearch('?baseline_result=7&candidate_result=9&metric=ndcg%4010')).toEqual({
      baselineResultId: 7,
      candidateResultId: 9,
      metric: 'ndcg@10',
    });
    expect(readComparePairSearch('baseline_result=x&metric=')).toEqual({ baselineResultId: null, candidateResultId: null, metric: null });
  });
});
