import { describe, expect, it, vi } from 'vitest';

// The mock results are generated from a seed: the same 179 rows everywhere, never from Math.random.
describe('mock evaluation results fixture', () => {
  it('is generated without Math.random and the same on every load', async () => {
    const random = vi.spyOn(Math, 'random');
    vi.resetModules();
    const first = (await import('../../../src/fixtures/evaluation-results')).sampleEvaluationResults;
    vi.resetModules();
    const second = (await import('../../../src/fixtures/evaluation-results')).sampleEvaluationResults;
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('has 179 distinct product-search queries in time order', async () => {
    const { sampleEvaluationResults: results, SAMPLE_RESULT_COUNT } = await import('../../../src/fixtures/evaluation-results');
    expect(SAMPLE_RESULT_COUNT).toBe(179);
    expect(results).toHaveLength(179);
    expect(new Set(results.map((row) => row.result.user_metadata.query)).size).toBe(179);
    expect(new Set(results.map((row) => row.id)).size).toBe(179);
    const times = results.map((row) => Date.parse(row.created_at));
    expect(times.every((time, index) => index === 0 || time > times[index - 1])).toBe(true);
  });

  it('holds scores plus a completion note, with every note present and statuses that follow the scores', async () => {
    const { sampleEvaluationResults: results } = await import('../../../src/fixtures/evaluation-results');
    const pattern = /^nDCG@10 (\d\.\d{3}) · P@10 (\d\.\d{3}) · R@10 (\d\.\d{3}) · (Complete|Page without relevants|No more results)$/;
    const notes = new Set<string>();
    for (const row of results) {
      const match = pattern.exec(row.test_result);
      expect(match, row.test_result).not.toBeNull();
      const [, ndcg, precision, recall, note] = match!;
      notes.add(note);
      for (const score of [ndcg, precision, recall]) expect(Number(score)).toBeLessThanOrEqual(1);
      if (note === 'Page without relevants') expect([ndcg, precision, recall]).toEqual(['0.000', '0.000', '0.000']);
      expect(row.status).toBe(Number(ndcg) >= 0.6 ? 'SUCCESS' : 'FAIL');
    }
    expect(notes).toEqual(new Set(['Complete', 'Page without relevants', 'No more results']));
  });
});
