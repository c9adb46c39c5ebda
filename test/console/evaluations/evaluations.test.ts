import { describe, expect, it } from 'vitest';
import { findSampleEvaluation, sampleEvaluations, sampleEvaluationsPage } from '../../../src/fixtures/evaluations';

describe('mock evaluations fixture', () => {
  it('has the dashboard placeholder count of 8 with distinct ids, newest first', () => {
    expect(sampleEvaluations).toHaveLength(8);
    expect(new Set(sampleEvaluations.map((evaluation) => evaluation.id)).size).toBe(8);
    const times = sampleEvaluations.map((evaluation) => Date.parse(evaluation.createdAt));
    expect(times.every((time, index) => index === 0 || time < times[index - 1])).toBe(true);
  });

  it('shows every status colour somewhere', () => {
    expect(new Set(sampleEvaluations.map((evaluation) => evaluation.status))).toEqual(
      new Set(['SUCCESS', 'pending', 'failed', 'FAIL', 'ERROR', 'running']),
    );
  });

  it('pages five at a time: previous only past page 1, next only while more remain', () => {
    expect(sampleEvaluationsPage(1)).toEqual({ rows: sampleEvaluations.slice(0, 5), hasPrevious: false, hasNext: true });
    expect(sampleEvaluationsPage(2)).toEqual({ rows: sampleEvaluations.slice(5, 8), hasPrevious: true, hasNext: false });
    expect(sampleEvaluationsPage(3)).toEqual({ rows: [], hasPrevious: true, hasNext: false });
  });

  it('finds an evaluation by the id in the address', () => {
    expect(findSampleEvaluation('4')?.name).toBe('Synonyms v2, Germany');
    expect(findSampleEvaluation('04')).toBeUndefined();
    expect(findSampleEvaluation('x')).toBeUndefined();
  });
});
