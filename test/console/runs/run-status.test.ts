import { describe, expect, it } from 'vitest';
import type { ExperimentRun } from '../../../src/domain/experiments/evaluation-backend-types';
import {
  activeRunOf,
  formatMeanBasis,
  formatRunCounts,
  formatRunProgress,
  isActiveRun,
  runStatusSentence,
  withLatestRun,
} from '../../../src/domain/runs/run-status';

const run = (id: number, status: string, extra: Partial<ExperimentRun> = {}): ExperimentRun => ({
  id,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status,
  total_cost: 0,
  created_at: '2026-03-03T10:00:00.000Z',
  updated_at: '2026-03-03T10:00:00.000Z',
  ...extra,
});

describe('run status', () => {
  it.each([
    ['pending', true],
    ['running', true],
    ['success', false],
    ['failed', false],
    ['cancelled', false],
    ['queued', false],
  ])('%s is watched: %s', (status, active) => {
    expect(isActiveRun({ status })).toBe(active);
  });

  it('watches the newest run still going (the list is newest first)', () => {
    expect(activeRunOf([run(9, 'success'), run(8, 'running'), run(7, 'pending')])?.id).toBe(8);
    expect(activeRunOf([run(9, 'success'), run(8, 'failed')])).toBeNull();
    expect(activeRunOf([])).toBeNull();
  });

  it("puts the watched run's latest copy in place of its row", () => {
    const rows = [run(9, 'pending'), run(8, 'success')];
    const latest = run(9, 'running', { progress: { done: 5, total: 10 }, total_cost: 0.4 });
    expect(withLatestRun(rows, latest)).toEqual([latest, rows[1]]);
    expect(withLatestRun(rows, null)).toEqual(rows);
    expect(withLatestRun(rows, run(1, 'running'))).toEqual(rows);
  });

  it('says how far a run got, in en-US numbers', () => {
    expect(formatRunProgress({ done: 1234, total: 10000 })).toBe('1,234 / 10,000 entries');
    expect(formatRunProgress({ done: 0, total: 48 })).toBe('0 / 48 entries');
    expect(formatRunProgress({ done: 0, total: 0 })).toBe('Preparing...');
    expect(formatRunProgress(undefined)).toBe('Preparing...');
  });

  it('counts the results, with unjudged and errors only when there were some', () => {
    expect(formatRunCounts({ results: 1200, passed: 1000, failed: 200, errors: 0 })).toBe('1,200 results · 1,000 passed · 200 failed');
    expect(formatRunCounts({ results: 1, passed: 1, failed: 0, errors: 1 })).toBe('1 result · 1 passed · 0 failed · 1 error');
    expect(formatRunCounts({ results: 4, passed: 1, failed: 1, errors: 2 })).toBe('4 results · 1 passed · 1 failed · 2 errors');
    expect(formatRunCounts({ results: 5, passed: 1, failed: 1, unjudged: 1, errors: 2 })).toBe(
      '5 results · 1 passed · 1 failed · 1 unjudged · 2 errors',
    );
    expect(formatRunCounts({ results: 2, passed: 1, failed: 1, unjudged: 0, errors: 0 })).toBe('2 results · 1 passed · 1 failed');
  });

  it('says which queries the means are over, and what repeated queries left out', () => {
    expect(formatMeanBasis({ counted: 52, repeated: 0 })).toBe('Means over 52 queries: passed or failed, each query once.');
    expect(formatMeanBasis({ counted: 1, repeated: 1 })).toBe(
      "Means over 1 query: passed or failed, each query once. 1 result repeats an earlier entry's query and is left out.",
    );
    expect(formatMeanBasis({ counted: 1200, repeated: 3 })).toBe(
      "Means over 1,200 queries: passed or failed, each query once. 3 results repeat an earlier entry's query and are left out.",
    );
    expect(formatMeanBasis({})).toBeUndefined();
  });

  it.each([
    ['pending', 'Run 4 is waiting to start.'],
    ['running', 'Run 4 is running.'],
    ['success', 'Run 4 finished.'],
    ['failed', 'Run 4 failed.'],
    ['cancelled', 'Run 4 was cancelled.'],
    ['archived', 'Run 4: archived.'],
  ])('a %s run: %s', (status, sentence) => {
    expect(runStatusSentence({ id: 4, status })).toBe(sentence);
  });
});
