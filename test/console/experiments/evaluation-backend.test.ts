import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchOptions } from 'ofetch';
import { createApiClient, type ApiClient, type ApiFetch } from '../../../src/services/api-client';
import {
  getScript,
  listExperiments,
  listRunResults,
  listRunsByExperiment,
  listScriptExperiments,
  listScripts,
} from '../../../src/services/evaluation-backend';
import {
  type EvaluationScript,
  type Experiment,
  type ExperimentRun,
  type ExperimentRunResult,
} from '../../../src/domain/experiments/evaluation-backend-types';

// Every call of the evaluation backend: the exact path (trailing slashes included),
// the page query, and the answer handed back untouched.

const experiment: Experiment = {
  id: 3,
  name: 'BM25 baseline',
  evaluation_script_id: 1,
  dataset_id: 2,
  description: 'Lexical ranking over the furniture catalogue',
  created_at: '2026-03-02T09:15:00.000Z',
  updated_at: '2026-03-02T09:15:00.000Z',
};

const script: EvaluationScript = {
  id: 1,
  name: 'nDCG@10 relevance',
  description: 'Graded relevance against the golden set',
  cost_per_evaluation: 0.002,
  script_class: 'NdcgEvaluation',
  script_module: 'evaluation.scripts.ndcg',
  output_schema: { type: 'object' },
};

const run: ExperimentRun = {
  id: 9,
  evaluation_script_name: 'nDCG@10 relevance',
  tags: ['baseline', 'nightly'],
  status: 'success',
  total_cost: 0.96,
  created_at: '2026-03-03T10:00:00.000Z',
  updated_at: '2026-03-03T10:20:00.000Z',
};

const runResult: ExperimentRunResult = {
  id: 41,
  experiment_configuration: { k: 10 },
  created_at: '2026-03-03T10:01:00.000Z',
  result: { input: 'oak dining table', status: 'PASS', version: 'v1', test_result: 'nDCG@10 0.812 · Complete' },
};

type Call = { path: string; options?: FetchOptions<'json'> };

/** A stand-in ApiFetch that records each call and answers with the given body. */
function fakeApi(answer: unknown) {
  const calls: Call[] = [];
  const api = (async (path: string, options?: FetchOptions<'json'>) => {
    calls.push(options === undefined ? { path } : { path, options });
    return answer;
  }) as ApiFetch;
  return { api, calls };
}

describe('evaluation backend client', () => {
  it('lists experiments with the page query', async () => {
    const { api, calls } = fakeApi([experiment]);
    await expect(listExperiments(api, 2, 20)).resolves.toEqual([experiment]);
    expect(calls).toEqual([{ path: 'experiments/', options: { query: { page: 2, page_size: 20 } } }]);
  });

  it("lists one experiment's runs, unpaged", async () => {
    const { api, calls } = fakeApi([run]);
    await expect(listRunsByExperiment(api, 3)).resolves.toEqual([run]);
    expect(calls).toEqual([{ path: 'experiment-runs/by_experiment/3' }]);
  });

  it('lists scripts and hands back the {results} object', async () => {
    const { api, calls } = fakeApi({ count: 1, results: [script] });
    await expect(listScripts(api, 1, 20)).resolves.toEqual({ count: 1, results: [script] });
    expect(calls).toEqual([{ path: 'evaluation-scripts/', options: { query: { page: 1, page_size: 20 } } }]);
  });

  it('gets one script', async () => {
    const { api, calls } = fakeApi(script);
    await expect(getScript(api, 1)).resolves.toEqual(script);
    expect(calls).toEqual([{ path: 'evaluation-scripts/1' }]);
  });

  it("lists one script's experiments with the page query", async () => {
    const { api, calls } = fakeApi({ results: [experiment] });
    await expect(listScriptExperiments(api, 1, 3, 20)).resolves.toEqual({ results: [experiment] });
    expect(calls).toEqual([{ path: 'evaluation-scripts/1/experiments', options: { query: { page: 3, page_size: 20 } } }]);
  });

  it('lets failures through for the machine to show', async () => {
    const failure = new Error('Service Unavailable');
    const api = (async () => {
      throw failure;
    }) as ApiFetch;
    await expect(listExperiments(api, 1, 20)).rejects.toBe(failure);
    await expect(getScript(api, 1)).rejects.toBe(failure);
  });
});

describe('evaluation backend client over the real API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['experiments', (api: ApiFetch) => listExperiments(api, 2, 20), '/api/backend/experiments/?page=2&page_size=20'],
    ['runs', (api: ApiFetch) => listRunsByExperiment(api, 3), '/api/backend/experiment-runs/by_experiment/3'],
    [
      'run results',
      (api: ApiFetch) => listRunResults(api as ApiClient, 9, 1, 20),
      '/api/backend/experiment-runs/9/results?page=1&page_size=20',
    ],
    ['scripts', (api: ApiFetch) => listScripts(api, 1, 20), '/api/backend/evaluation-scripts/?page=1&page_size=20'],
    ['one script', (api: ApiFetch) => getScript(api, 1), '/api/backend/evaluation-scripts/1'],
    [
      'script experiments',
      (api: ApiFetch) => listScriptExperiments(api, 1, 3, 20),
      '/api/backend/evaluation-scripts/1/experiments?page=3&page_size=20',
    ],
  ])('requests %s at its path under the base URL, with the bearer token', async (_name, call, expected) => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json([]));
    vi.stubGlobal('fetch', fetchMock);
    const api = createApiClient('https://console.test/api/backend', {
      getAccessToken: async () => 'user-token',
      onSignedOut: vi.fn(),
    });
    await call(api);
    const request = new Request(fetchMock.mock.calls[0][0], fetchMock.mock.calls[0][1]);
    expect(request.method).toBe('GET');
    expect(request.url).toBe(`https://console.test${expected}`);
    expect(request.headers.get('authorization')).toBe('Bearer user-token');
  });
});

describe("a run's results to triage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the filter with the page and reads the total of the matches', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify([runResult]), {
          headers: { 'content-type': 'application/json', 'x-total-count': '10000', 'x-total-count-capped': 'true' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
    const page = await listRunResults(api, 9, 2, 20, { status: 'FAIL,ERROR', search: 'red sofa', sort: 'ndcg@10', order: 'desc' });
    expect(page).toEqual({ items: [runResult], total: 10000, capped: true });
    const url = new URL(new Request(fetchMock.mock.calls[0][0], fetchMock.mock.calls[0][1]).url);
    expect(url.pathname).toBe('/api/backend/experiment-runs/9/results');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'FAIL,ERROR',
      search: 'red sofa',
      sort: 'ndcg@10',
      order: 'desc',
      page: '2',
      page_size: '20',
    });
  });
});
