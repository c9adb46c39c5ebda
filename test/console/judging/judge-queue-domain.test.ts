import { describe, expect, it } from 'vitest';
import {
  atFromSearch,
  doneCount,
  goldenSetIdOf,
  gradeName,
  keysHint,
  liveOffset,
  pageAt,
  placeItems,
  queueKey,
  queueProgress,
  queueSummary,
  runJudgingState,
  unjudgedLeft,
} from '../../../src/domain/judging/judge-queue';
import {
  offeredScopes,
  queueAddress,
  queuePath,
  regressionsQueuePath,
  scopeFromSearch,
  setQueuePath,
} from '../../../src/domain/judging/queue-scope';
import { returnedProducts } from '../../../src/domain/runs/result-products';
import type { UnjudgedItem } from '../../../src/domain/judging/judging-types';

// The judging queue's arithmetic and words, pure.

const pair = (id: string): UnjudgedItem => ({
  query: 'q',
  product_id: id,
  rank: 1,
  result_id: 1,
  name: null,
  image_url: null,
  description: null,
  attributes: {},
  new_query: false,
});

describe('judge-queue domain', () => {
  it('reads the keys: digits within the scale, arrows and j/k, s', () => {
    expect(['0', '3', '4', 'ArrowRight', 'j', 'ArrowLeft', 'k', 's', 'x', 'Enter'].map((key) => queueKey(key, 3))).toEqual([
      { type: 'grade', grade: 0 },
      { type: 'grade', grade: 3 },
      null,
      { type: 'next' },
      { type: 'next' },
      { type: 'previous' },
      { type: 'previous' },
      { type: 'skip' },
      null,
      null,
    ]);
  });

  it('words the keys, a grade, the progress and the summary', () => {
    expect(keysHint(3)).toBe('0–3 grade · ←/→ or j/k move · s skip');
    expect(gradeName({ max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] }, 2)).toBe('2 Good');
    expect(gradeName({ max_grade: 3, labels: [] }, 2)).toBe('2');
    expect(queueProgress(30, 5, 212, null)).toBe('judged 30 · skipped 5 · left 212');
    expect(queueProgress(1037, 2120, 1958, 4104)).toBe('judged 1,037 · skipped 2,120 · left 1,958 · 4,104 ratings missing');
    expect(queueProgress(0, 0, 1, 1)).toBe('judged 0 · skipped 0 · left 1 · 1 rating missing');
    expect(queueSummary(30, 5)).toBe('Judged 30, skipped 5');
  });

  it('counts what is left from the server’s count, a grade on its way as given, a saved pair graded again once', () => {
    // Positions 0 and 4 are saved, 2 is on its way: the server's 10 less the one not in it yet.
    expect(unjudgedLeft(10, { 0: 1, 2: 3, 4: 0 }, [0, 4])).toBe(9);
    expect(unjudgedLeft(10, {}, [])).toBe(10);
    expect(unjudgedLeft(0, { 1: 2 }, [])).toBe(0);
  });

  it('counts a skipped pair graded later once, as judged', () => {
    expect(doneCount({ 0: 2, 3: 1 }, [0, 1, 2])).toEqual({ judged: 2, skipped: 2 });
  });

  it('finds the server offset of a position: the pairs judged before it have dropped out', () => {
    expect(liveOffset(5, { 0: 1, 2: 3, 7: 0 })).toBe(3);
    expect(pageAt(3, 2)).toEqual({ page: 2, skip: 1 });
    expect(pageAt(0, 50)).toEqual({ page: 1, skip: 0 });
  });

  it('numbers fetched pairs from a position, up to the first one already known', () => {
    const placed = placeItems({ 2: pair('C') }, 0, [pair('A'), pair('B'), pair('X')]);
    expect(Object.entries(placed).map(([position, item]) => [position, item.product_id])).toEqual([
      ['0', 'A'],
      ['1', 'B'],
      ['2', 'C'],
    ]);
  });

  it('reads and writes the position in the address', () => {
    expect([atFromSearch('?at=4'), atFromSearch(''), atFromSearch('?at=-1'), atFromSearch('?at=x')]).toEqual([4, 0, 0, 0]);
    expect(queuePath(9, 0)).toBe('/experiment-run-results/9/judge');
    expect(queuePath(9, 4)).toBe('/experiment-run-results/9/judge?at=4');
  });

  it('reads the scope from the address, the default when it is missing what it needs, and writes it back', () => {
    expect(scopeFromSearch('')).toEqual({ scope: 'judged' });
    expect(scopeFromSearch('?scope=regressions&comparison=7&at=2')).toEqual({ scope: 'regressions', comparison: 7 });
    expect(scopeFromSearch('?scope=query&query=%20red%20sofa%20')).toEqual({ scope: 'query', query: 'red sofa' });
    // A scope without its query or run, or unknown, is the default: no queue opens empty by a broken link.
    expect([scopeFromSearch('?scope=query'), scopeFromSearch('?scope=regressions&comparison=x'), scopeFromSearch('?scope=best')]).toEqual([
      { scope: 'judged' },
      { scope: 'judged' },
      { scope: 'judged' },
    ]);
    expect(regressionsQueuePath(9, 7)).toBe('/experiment-run-results/9/judge?scope=regressions&comparison=7');
    expect(queuePath(9, 3, { scope: 'query', query: 'red sofa' })).toBe('/experiment-run-results/9/judge?scope=query&query=red+sofa&at=3');
    expect([setQueuePath(4), queueAddress({ kind: 'set', id: 4 }, 2)]).toEqual(['/golden-sets/4/judge', '/golden-sets/4/judge?at=2']);
    // One query and the regressions are offered only with what they need.
    expect(offeredScopes({ scope: 'judged' })).toEqual(['judged', 'failures', 'all']);
    expect(offeredScopes({ scope: 'regressions', comparison: 7 })).toEqual(['judged', 'failures', 'regressions', 'all']);
  });

  it("finds a run's golden set: its own field, else its configuration's", () => {
    expect(goldenSetIdOf({ golden_set_id: 4 })).toBe(4);
    expect(goldenSetIdOf({ golden_set_id: 'x' })).toBeNull();
    expect(goldenSetIdOf(null)).toBeNull();
    expect(runJudgingState({ status: 'success', golden_set_id: null, config: { golden_set_id: 5 } })).toMatchObject({
      goldenSetId: 5,
      changed: false,
      rescoreOf: null,
    });
    expect(
      runJudgingState({ status: 'success', golden_set_id: 4, config: { golden_set_id: 4 }, golden_set_changed: true, rescore_of: 7 }),
    ).toEqual({ goldenSetId: 4, changed: true, rescoreOf: 7, rescoreRefusal: null });
  });

  it('says why a run cannot be rescored, as the server would refuse it', () => {
    const refusal = (run: Parameters<typeof runJudgingState>[0]) => runJudgingState(run).rescoreRefusal;
    const scored = { config: { golden_set_id: 4 }, golden_set_id: 4 };
    expect(refusal({ ...scored, status: 'success' })).toBeNull();
    expect(refusal({ ...scored, status: 'cancelled' })).toBe(
      'This run was cancelled before it finished: only a run that succeeded can be rescored.',
    );
    expect(refusal({ ...scored, status: 'failed' })).toBe('This run failed: only a run that succeeded can be rescored.');
    expect(refusal({ ...scored, status: 'archived' })).toBe('This run is archived: only a run that succeeded can be rescored.');
    expect(refusal({ status: 'success', config: null })).toBe('This run has no golden set to be scored against.');
    expect(refusal({ ...scored, status: 'success', golden_set_id: null })).toBe(
      'Its golden set has been deleted: there is nothing to rescore this run against.',
    );
    // A run read without the golden set's field (an older answer) is not taken for one whose set is gone.
    expect(refusal({ status: 'success', config: { golden_set_id: 4 } })).toBeNull();
  });

  it('shows a grade given on the details screen on a returned product the golden set did not judge', () => {
    const results = { search_results: [{ product_id: 'P1' }, { product_id: 'P2' }], golden_set: [{ product_id: 'P1', relevance: 0 }] };
    expect(returnedProducts(results, { P2: 2, P1: 3 }).map(({ grade, unjudged }) => [grade, unjudged])).toEqual([
      ['grade 0', false],
      ['grade 2', true],
    ]);
  });
});
