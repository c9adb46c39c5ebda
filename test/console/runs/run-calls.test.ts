import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createExperimentRuns } from '../../../src/services/backend/experiment-runs';
import { type ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import { failureMessage } from '../../../src/services/failure-message';

// The experiment-run calls of the evaluation backend over the real API client: method, path, body and
// bearer token as the server expects them; the server's message on a refusal; the exports as files.

const details: ExperimentRunDetails = {
  id: 12,
  experiment_id: 4,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status: 'running',
  total_cost: 0,
  created_at: '2026-03-03T10:00:00.000Z',
  updated_at: '2026-03-03T10:00:05.000Z',
  progress: { done: 1234, total: 10000 },
  error: null,
  summary: { results: 1234, passed: 1000, failed: 230, errors: 4, mean_metrics: { 'ndcg@10': 0.71234 } },
};

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  return { runs: createExperimentRuns(api), request };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('experiment-run calls', () => {
  it('starts a run: POST experiments/{id}/runs with a JSON body and no tags', async () => {
    const { runs, request } = serve(() => Response.json({ ...details, status: 'pending' }, { status: 202 }));
    await expect(runs.startRun(4)).resolves.toMatchObject({ id: 12, status: 'pending' });
    const sent = request();
    expect([sent.method, sent.url, sent.headers.get('authorization')]).toEqual([
      'POST',
      'https://console.test/api/backend/experiments/4/runs',
      'Bearer user-token',
    ]);
    expect(await sent.json()).toEqual({});
  });

  it('sends tags when there are some', async () => {
    const { runs, request } = serve(() => Response.json(details, { status: 202 }));
    await runs.startRun(4, ['nightly']);
    expect(await request().json()).toEqual({ tags: ['nightly'] });
  });

  it("hands the server's reason for a 409 to the person", async () => {
    const message = "Experiment 'X' has no golden set configured";
    const { runs } = serve(() => Response.json({ error: 'Conflict', message }, { status: 409 }));
    const error = await runs.startRun(4).catch((failure: unknown) => failure);
    expect(failureMessage(error)).toBe(message);
  });

  it('gets one run with its summary, and cancels one', async () => {
    const { runs, request } = serve(() => Response.json(details));
    await expect(runs.getRun(12)).resolves.toEqual(details);
    expect([request().method, request().url]).toEqual(['GET', 'https://console.test/api/backend/experiment-runs/12']);
    await runs.cancelRun(12);
    expect([request(1).method, request(1).url]).toEqual(['POST', 'https://console.test/api/backend/experiment-runs/12/cancel']);
    expect(request(1).headers.get('authorization')).toBe('Bearer user-token');
  });

  it.each([
    ['csv', 'results.csv', 'text/csv; charset=utf-8', 'attachment; filename="run-12-results.csv"', 'run-12-results.csv'],
    ['trec', 'results.trec', 'text/plain; charset=utf-8', 'attachment; filename="run-12.trec"', 'run-12.trec'],
    ['csv', 'results.csv', 'text/csv', null, 'run-12-results.csv'],
    ['trec', 'results.trec', 'application/octet-stream', null, 'run-12.trec'],
  ] as const)(
    'downloads the %s export from %s with the token, named by the server or by the run',
    async (format, path, type, disposition, name) => {
      const body = 'query_id,metric\nq1,0.5\n';
      const headers: Record<string, string> = { 'Content-Type': type };
      if (disposition) headers['Content-Disposition'] = disposition;
      const { runs, request } = serve(() => new Response(body, { headers }));
      const file = await runs.exportRun(12, format);
      expect(request().url).toBe(`https://console.test/api/backend/experiment-runs/12/${path}`);
      expect(request().headers.get('authorization')).toBe('Bearer user-token');
      expect(file.filename).toBe(name);
      expect(await file.blob.text()).toBe(body);
    },
  );

  it("names a failed export by the server's message", async () => {
    const { runs } = serve(() => Response.json({ error: 'Not Found', message: 'Experiment run 99 not found' }, { status: 404 }));
    const error = await runs.exportRun(99, 'csv').catch((failure: unknown) => failure);
    expect(failureMessage(error)).toBe('Experiment run 99 not found');
  });
});

describe('comparable runs', () => {
  const row = {
    id: 30,
    experiment_id: 5,
    experiment_name: 'Semantic rerank',
    status: 'success',
    tags: ['v2'],
    created_at: '2026-11-29T15:04:00Z',
    evaluation_script_name: 'Golden set relevance',
  };

  it('asks GET experiment-runs/{id}/comparable-runs for a page and reads its runs and X-Total-Count', async () => {
    const { runs, request } = serve(() => Response.json({ runs: [row] }, { headers: { 'X-Total-Count': '12' } }));
    await expect(runs.comparableRuns(9, { page: 2, pageSize: 10 })).resolves.toEqual({ items: [row], total: 12 });
    const sent = request();
    expect([sent.method, sent.url, sent.headers.get('authorization')]).toEqual([
      'GET',
      'https://console.test/api/backend/experiment-runs/9/comparable-runs?page=2&page_size=10',
      'Bearer user-token',
    ]);
  });

  it('has no total without the header', async () => {
    const { runs } = serve(() => Response.json({ runs: [] }));
    await expect(runs.comparableRuns(9, { page: 1, pageSize: 10 })).resolves.toEqual({ items: [], total: null });
  });
});
