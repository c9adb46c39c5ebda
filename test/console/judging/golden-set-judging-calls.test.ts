import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createGoldenSets } from '../../../src/services/backend/golden-sets';

// Golden-set judging's calls over the real API client, as the judgement routes define them: the queries page,
// a query's judgements, a grade saved or removed, the history, the scale; a refusal as the server's sentence.

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  return { judging: createGoldenSets(api, 'https://console.test/api/backend', vi.fn()), request };
}

afterEach(() => vi.unstubAllGlobals());

const base = 'https://console.test/api/backend/golden-sets/4';

describe('golden set judging calls', () => {
  it('asks for a page of queries, searched, and reads its count', async () => {
    const rows = [{ query: 'red sofa', judgements: 5, by_grade: { '2': 5 } }];
    const { judging, request } = serve(() => Response.json({ count: 130, results: rows }));
    await expect(judging.queryRows(4, { page: 2, pageSize: 20 }, { search: 'sofa' })).resolves.toEqual({ items: rows, total: 130 });
    expect(request().url).toBe(`${base}/queries/?search=sofa&page=2&page_size=20`);
  });

  it('asks for one query’s judgements by its text', async () => {
    const { judging, request } = serve(() => Response.json([]));
    await expect(judging.judgementsOf(4, 'red sofa')).resolves.toEqual([]);
    expect(request().url).toBe(`${base}/judgements/?query=red+sofa`);
  });

  it('saves a grade with PUT and removes a judgement with DELETE', async () => {
    const saved = { product_id: 'P1', grade: 2, judged_by: 'Ada', judged_at: '2026-11-24T10:00:00Z', name: null, image_url: null };
    const { judging, request } = serve(() => Response.json(saved));
    await expect(judging.saveJudgement(4, { query: 'red sofa', product_id: 'P1', grade: 2 })).resolves.toEqual(saved);
    const put = request();
    expect([put.method, put.url, await put.json()]).toEqual([
      'PUT',
      `${base}/judgements/`,
      { query: 'red sofa', product_id: 'P1', grade: 2 },
    ]);

    const removal = serve(() => new Response(null, { status: 204 }));
    await expect(removal.judging.removeJudgement(4, { query: 'red sofa', product_id: 'P 1' })).resolves.toBeUndefined();
    expect([removal.request().method, removal.request().url]).toEqual(['DELETE', `${base}/judgements/?query=red+sofa&product_id=P+1`]);
  });

  it('pages the history and patches the scale', async () => {
    const { judging, request } = serve(() => Response.json({ count: 0, results: [] }));
    await expect(judging.historyRows(4, { page: 1, pageSize: 20 })).resolves.toEqual({ items: [], total: 0 });
    expect(request().url).toBe(`${base}/history/?page=1&page_size=20`);

    const patch = serve(() => Response.json({}));
    await patch.judging.updateScale(4, { max_grade: 2, labels: ['No', 'Maybe', 'Yes'] });
    expect([patch.request().method, patch.request().url, await patch.request().json()]).toEqual([
      'PATCH',
      base,
      { scale: { max_grade: 2, labels: ['No', 'Maybe', 'Yes'] } },
    ]);
  });

  it('finds no golden set on a 404, and fails a refused grade with the server’s sentence', async () => {
    await expect(
      serve(() => Response.json({ message: 'Golden set 4 not found' }, { status: 404 })).judging.findGoldenSet(4),
    ).resolves.toBeNull();
    const message = 'body.grade must be between 0 and 3 (the golden set’s scale), got 5';
    const refused = serve(() => Response.json({ message }, { status: 400 }));
    await expect(refused.judging.saveJudgement(4, { query: 'q', product_id: 'P1', grade: 5 })).rejects.toThrow(message);
  });
});
