import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createEvaluations } from '../../../src/services/backend/evaluations';

// One evaluation's calls (beside the list and the upload, evaluation-calls.test.ts) over the real API client: paths, query and bearer token as the server expects them, the
// total from X-Total-Count, a missing evaluation as null, and the exports as files.

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  return { evaluations: createEvaluations(api, 'https://console.test/api/backend/', vi.fn()), request };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('evaluation calls', () => {
  it('reads one evaluation, and a 404 as none', async () => {
    const { evaluations, request } = serve(() => Response.json({ id: 5, name: 'Vendor', status: 'running' }));
    await expect(evaluations.findEvaluation(5)).resolves.toMatchObject({ id: 5, status: 'running' });
    expect([request().method, request().url, request().headers.get('authorization')]).toEqual([
      'GET',
      'https://console.test/api/backend/evaluations/5',
      'Bearer user-token',
    ]);
    const missing = serve(() => Response.json({ message: 'Evaluation 6 not found' }, { status: 404 }));
    await expect(missing.evaluations.findEvaluation(6)).resolves.toBeNull();
  });

  it("asks for a page of its queries with the screen's filter, the total from X-Total-Count", async () => {
    const row = { id: 901, result: { input: 'oak table', status: 'PASS' }, completion: 'COMPLETE' };
    const { evaluations, request } = serve(() => Response.json([row], { headers: { 'X-Total-Count': '41' } }));
    const page = await evaluations.evaluationResultRows(
      5,
      { page: 3, pageSize: 20 },
      { status: 'COMPLETE,NO_MORE_RESULTS', sort: 'input' },
    );
    expect(page).toEqual({ items: [row], total: 41 });
    expect(request().url).toBe(
      'https://console.test/api/backend/evaluations/5/results?status=COMPLETE,NO_MORE_RESULTS&sort=input&page=3&page_size=20',
    );
  });

  it.each([
    ['qrels', 'results.qrels', 'evaluation-5.qrels'],
    ['trec', 'results.trec', 'evaluation-5.trec'],
    ['csv', 'results.csv', 'evaluation-5-results.csv'],
  ])('downloads its %s export, named by the server or else by itself', async (format, file, fallback) => {
    const named = serve(() => new Response('x', { headers: { 'Content-Disposition': `attachment; filename="vendor.${format}"` } }));
    expect((await named.evaluations.exportEvaluation(5, format)).filename).toBe(`vendor.${format}`);
    expect(named.request().url).toBe(`https://console.test/api/backend/evaluations/5/${file}`);
    const unnamed = serve(() => new Response('x'));
    expect((await unnamed.evaluations.exportEvaluation(5, format)).filename).toBe(fallback);
  });

  it('refuses a format it does not offer without asking', async () => {
    const { evaluations } = serve(() => new Response('x'));
    await expect(evaluations.exportEvaluation(5, 'queries')).rejects.toThrow('There is no queries export.');
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
