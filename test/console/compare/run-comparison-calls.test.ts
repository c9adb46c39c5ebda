import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createRunComparisons } from '../../../src/services/backend/run-comparisons';

// The run comparison's calls over the real API client: GET run-comparisons/ with the comparison's parameters and the
// page, its X-Total-Count; the CSV of the same parameters as a file; a refusal as the server's sentence.

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  return { comparisons: createRunComparisons(api), request };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const params = { baseline: '1', candidate: '2', metric: 'ndcg@10', filter: 'regressions', search: 'red sofa' };

describe('run-comparison calls', () => {
  it('asks for one page of the comparison and reads the total from X-Total-Count', async () => {
    const body = { metric: 'ndcg@10', results: [] };
    const { comparisons, request } = serve(() => Response.json(body, { headers: { 'X-Total-Count': '19' } }));
    await expect(comparisons.compareRuns(params, { page: 2, pageSize: 20 })).resolves.toEqual({ comparison: body, total: 19 });
    const sent = request();
    expect([sent.method, sent.url, sent.headers.get('authorization')]).toEqual([
      'GET',
      'https://console.test/api/backend/run-comparisons/?baseline=1&candidate=2&metric=ndcg@10&filter=regressions&search=red+sofa&page=2&page_size=20',
      'Bearer user-token',
    ]);
  });

  it('has no total when the server sends none', async () => {
    const { comparisons } = serve(() => Response.json({ results: [] }));
    await expect(comparisons.compareRuns(params, { page: 1, pageSize: 20 })).resolves.toMatchObject({ total: null });
  });

  it.each([
    [404, 'Experiment run 9 not found'],
    [409, 'Experiment run 9 has not finished'],
    [400, "Metric 'dcg@10' is not in both runs; they share: ndcg@10, precision@10"],
  ])('fails a %i with the server’s message', async (status, message) => {
    const { comparisons } = serve(() => Response.json({ message }, { status }));
    await expect(comparisons.compareRuns(params, { page: 1, pageSize: 20 })).rejects.toThrow(message);
  });

  it('downloads the CSV of the same parameters under the server’s name', async () => {
    const { comparisons, request } = serve(
      () =>
        new Response('query,baseline_result_id\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="run-1-vs-run-2-ndcg@10.csv"' },
        }),
    );
    const file = await comparisons.exportComparison(params);
    expect(file.filename).toBe('run-1-vs-run-2-ndcg@10.csv');
    expect(await file.blob.text()).toBe('query,baseline_result_id\n');
    expect(request().url).toBe(
      'https://console.test/api/backend/run-comparisons/results.csv?baseline=1&candidate=2&metric=ndcg%4010&filter=regressions&search=red+sofa',
    );
  });

  it('names the CSV itself when the server does not, and reads a refusal', async () => {
    const { comparisons } = serve(() => new Response('x'));
    expect((await comparisons.exportComparison(params)).filename).toBe('run-1-vs-run-2-ndcg@10.csv');
    // Within a segment the name says which, so two segments' files keep apart.
    expect((await comparisons.exportComparison({ ...params, segment: 'query_class:head' })).filename).toBe(
      'run-1-vs-run-2-ndcg@10-query_class-head.csv',
    );
    expect((await comparisons.exportComparison({ ...params, segment: 'category:Lamps: desk/floor' })).filename).toBe(
      'run-1-vs-run-2-ndcg@10-category-Lamps-desk-floor.csv',
    );
    // An evaluation's side is named as such.
    expect((await comparisons.exportComparison({ ...params, baseline: 'evaluation:5' })).filename).toBe(
      'evaluation-5-vs-run-2-ndcg@10.csv',
    );
    serve(() => Response.json({ message: 'Experiment run 2 not found' }, { status: 404 }));
    await expect(
      createRunComparisons(
        createApiClient('https://console.test/api/backend', { getAccessToken: async () => 't', onSignedOut: vi.fn() }),
      ).exportComparison(params),
    ).rejects.toThrow('Experiment run 2 not found');
  });
});
