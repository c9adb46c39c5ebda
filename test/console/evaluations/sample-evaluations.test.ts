import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleEvaluationResults } from '../../../src/fixtures/evaluation-results';
import { loadSampleEvaluation, SAMPLE_LOAD_DELAY_MS } from '../../../src/services/sample-evaluations';

afterEach(() => {
  vi.useRealTimers();
});

describe('mock evaluation detail load (1 second)', () => {
  it('answers after exactly one second, not before', async () => {
    vi.useFakeTimers();
    expect(SAMPLE_LOAD_DELAY_MS).toBe(1000);
    let settled = false;
    const loading = loadSampleEvaluation('2').then((detail) => {
      settled = true;
      return detail;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const detail = await loading;
    expect(detail.evaluation.name).toBe('Relevance baseline, France');
    expect(detail.results).toBe(sampleEvaluationResults);
  });

  it('fails for an id of no mock evaluation', async () => {
    const wait = vi.fn(async () => undefined);
    await expect(loadSampleEvaluation('999', wait)).rejects.toThrow('No evaluation with ID 999.');
    expect(wait).toHaveBeenCalledWith(1000);
  });
});
