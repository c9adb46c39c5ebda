import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createExperimentRuns } from '../../../src/services/backend/experiment-runs';
import { createGoldenSets } from '../../../src/services/backend/golden-sets';
import { createRunJudging } from '../../../src/services/run-judging';

// A run's judging calls over the real API client: the unjudged pairs with X-Total-Count,
// a grade put into a golden set, the golden set's scale, the run's golden set, a rescore; refusals in the server's words.

function serve(...answers: Array<() => Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => (answers.shift() ?? answers[0])());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  const runs = createExperimentRuns(api);
  const goldenSets = createGoldenSets(api, 'https://console.test/api/backend', vi.fn());
  return { runs, goldenSets, judging: createRunJudging(runs, goldenSets), request };
}

afterEach(() => vi.unstubAllGlobals());

const scale = { max_grade: 2, labels: ['Bad', 'Okay', 'Great'] };

describe('run-judging calls', () => {
  it('asks for a page of the unjudged pairs and reads X-Total-Count', async () => {
    const items = [{ query: 'red sofa', product_id: 'P9', rank: 3, result_id: 55, name: null, image_url: null, description: null }];
    const { runs, request } = serve(() => Response.json(items, { headers: { 'X-Total-Count': '212' } }));
    await expect(runs.unjudged(9, 2, 50)).resolves.toEqual({ items, total: 212, missing: null });
    expect([request().method, request().url]).toEqual([
      'GET',
      'https://console.test/api/backend/experiment-runs/9/unjudged/?page=2&page_size=50',
    ]);
  });

  it('asks for a scope and reads the ratings still missing from X-Missing-Ratings', async () => {
    const { runs, request } = serve(() => Response.json([], { headers: { 'X-Total-Count': '0', 'X-Missing-Ratings': '1204' } }));
    await expect(runs.unjudged(9, 1, 50, { scope: 'regressions', comparison: 7 })).resolves.toEqual({ items: [], total: 0, missing: 1204 });
    expect(request().url).toBe(
      'https://console.test/api/backend/experiment-runs/9/unjudged/?scope=regressions&comparison=7&page=1&page_size=50',
    );
  });

  it("asks for a golden set's own queue, and names the set with its scale", async () => {
    const { goldenSets, judging, request } = serve(
      () => Response.json([], { headers: { 'X-Total-Count': '0', 'X-Missing-Ratings': '8' } }),
      () => Response.json({ id: 4, name: 'Sofas DE', scale }),
    );
    await expect(goldenSets.setQueue(4, 2, 50)).resolves.toEqual({ items: [], total: 0, missing: 8 });
    expect(request().url).toBe('https://console.test/api/backend/golden-sets/4/queue/?page=2&page_size=50');
    await expect(judging.setTarget(4)).resolves.toEqual({ goldenSetId: 4, scale, runNumber: null, setName: 'Sofas DE' });
  });

  it('puts a grade into the golden set', async () => {
    const { goldenSets, request } = serve(() => Response.json({ product_id: 'P9', grade: 2 }));
    await goldenSets.saveJudgement(4, { query: 'red sofa', product_id: 'P9', grade: 2 });
    const sent = request();
    expect([sent.method, sent.url]).toEqual(['PUT', 'https://console.test/api/backend/golden-sets/4/judgements/']);
    expect(await sent.json()).toEqual({ query: 'red sofa', product_id: 'P9', grade: 2 });
  });

  it('fails a refused grade with the server’s sentence', async () => {
    const message = "body.grade must be between 0 and 3 (the golden set's scale), got 5";
    const { goldenSets } = serve(() => Response.json({ message }, { status: 400 }));
    await expect(goldenSets.saveJudgement(4, { query: 'red sofa', product_id: 'P9', grade: 5 })).rejects.toThrow(message);
  });

  it("finds the run's golden set, then its scale", async () => {
    const { judging, request } = serve(
      () => Response.json({ id: 9, number: 3, golden_set_id: 4, config: {} }),
      () => Response.json({ id: 4, scale }),
    );
    await expect(judging.judgingTarget(9)).resolves.toEqual({ goldenSetId: 4, scale, runNumber: 3 });
    expect([request(0).url, request(1).url]).toEqual([
      'https://console.test/api/backend/experiment-runs/9',
      'https://console.test/api/backend/golden-sets/4',
    ]);
  });

  it('says so when the run has no golden set', async () => {
    const { judging } = serve(() => Response.json({ id: 9, golden_set_id: null, config: { k: 10 } }));
    await expect(judging.judgingTarget(9)).rejects.toThrow('This run has no golden set to judge into.');
  });

  it('rescores a run and answers the new run', async () => {
    const { runs, request } = serve(() => Response.json({ id: 14, rescore_of: 9 }, { status: 202 }));
    await expect(runs.rescore(9)).resolves.toMatchObject({ id: 14 });
    expect([request().method, request().url]).toEqual(['POST', 'https://console.test/api/backend/experiment-runs/9/rescore']);
  });

  it('fails a refused rescore with the server’s sentence', async () => {
    const { runs } = serve(() => Response.json({ message: 'Experiment run 9 has not finished' }, { status: 409 }));
    await expect(runs.rescore(9)).rejects.toThrow('Experiment run 9 has not finished');
  });
});
