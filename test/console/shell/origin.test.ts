import { describe, expect, it } from 'vitest';
import { listOrigin, nextTrail, originIn, resultsOrigin, trailIn } from '../../../src/domain/shell/origin';
import { resultsAddress } from '../../../src/domain/runs/passed-run-result';

// Where the person came from: the trail of addresses the browser router keeps in each history entry, and which
// of them a screen's way back accepts. Pure.

const results = '/experiment-run-results/9?status=FAIL&sort=input&page=2';

describe('the trail to a screen', () => {
  it('adds the screen left, keeps the trail on a move within a screen, and goes back up to a screen on it', () => {
    const toResults = nextTrail([], '/experiment-runs/3?page=2', '/experiment-run-results/9');
    expect(toResults).toEqual(['/experiment-runs/3?page=2']);
    // Filtering the results is a move within the screen.
    expect(nextTrail(toResults, '/experiment-run-results/9', '/experiment-run-results/9')).toEqual(toResults);
    const toDetails = nextTrail(toResults, results, '/experiment-run-result-details/41');
    expect(toDetails).toEqual(['/experiment-runs/3?page=2', results]);
    // 'Back to Results' goes up to the results: their own trail again.
    expect(nextTrail(toDetails, '/experiment-run-result-details/41', '/experiment-run-results/9')).toEqual(toResults);
  });

  it('keeps the last few screens only', () => {
    let trail: string[] = [];
    for (let n = 1; n <= 12; n++) trail = nextTrail(trail, `/golden-sets/${n}`, `/golden-sets/${n + 1}`);
    expect(trail).toHaveLength(8);
    expect(trail.at(-1)).toBe('/golden-sets/12');
  });

  it('reads the trail and the origin from an entry’s state, none from a state the console did not write', () => {
    expect(originIn({ consoleDepth: 2, consoleTrail: ['/experiment-runs/3', results] })).toBe(results);
    expect(trailIn({ consoleTrail: ['/a', 7, null, '/b'] })).toEqual(['/a', '/b']);
    for (const state of [null, undefined, 'x', {}, { consoleTrail: 'nope' }, { consoleTrail: [] }]) expect(originIn(state)).toBeNull();
  });
});

describe('the ways back that accept an origin', () => {
  it('takes back to the results of the same run only, as they were left', () => {
    expect(resultsOrigin(results, 9)).toBe(results);
    expect(resultsOrigin('/experiment-run-results/9', 9)).toBe('/experiment-run-results/9');
    for (const other of ['/experiment-run-results/10?page=2', '/compare/pair?baseline_result=1', 'https://evil.example/x', null])
      expect(resultsOrigin(other, 9)).toBeNull();
    expect(resultsAddress({ runId: 9, page: 3 }, results)).toBe(results);
    expect(resultsAddress({ runId: 9, page: 3 }, '/experiment-runs/3')).toBe('/experiment-run-results/9?page=3');
  });

  it('tells a runs list from a run’s results, and neither from anything else', () => {
    expect(listOrigin('/experiment-runs/3?page=2')).toEqual({ kind: 'runs', id: 3, address: '/experiment-runs/3?page=2' });
    expect(listOrigin(results)).toEqual({ kind: 'results', id: 9, address: results });
    for (const other of [
      '/experiment-runs',
      '/experiment-runs/0',
      '/experiment-run-results/9/judge',
      '//evil.example/experiment-runs/3',
      null,
    ])
      expect(listOrigin(other)).toBeNull();
  });
});
