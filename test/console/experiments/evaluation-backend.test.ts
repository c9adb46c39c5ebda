import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchOptions } from 'ofetch';
import { createApiClient, type ApiClient } from '../../../src/services/api-client';
import { createEvaluationScripts } from '../../../src/services/backend/evaluation-scripts';
import { createExperimentRuns } from '../../../src/services/backend/experiment-runs';
import { createExperiments } from '../../../src/services/backend/experiments';
import {
  type EvaluationScript,
  type Experiment,
  type ExperimentRun,
  type ExperimentRunResult,
} from '../../../src/domain/experiments/evaluation-backend-types';

// Every list and read of experiments, runs and scripts on the evaluation backend: the exact path (trailing
// slashes included), the page query, and the answer handed back untouched.

const experiment: Experiment = {
  id: 3,
  name: 'BM25 baseline',
  evaluation_script_id: 1,
  dataset_id: 2,
  dataset_name: 'WANDS sample',
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

/** A stand-in ApiClient that records each call and answers with the body given for its path. */
function fakeApi(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const answer = (path: string, options?: FetchOptions<'json'>) => {
    calls.push(options === undefined ? { path } : { path, options });
    return answers[path];
  };
  const api = Object.assign(async (path: string, options?: FetchOptions<'json'>) => answer(path, options), {
    raw: async (path: string, options?: FetchOptions<'json'>) => ({ _data: answer(path, options), headers: new Headers() }),
  }) as ApiClient;
  return { api, calls };
}

/** Script names as the experiments list shows them, without a call. */
const scriptNames = { namedExperiments: async (rows: Experiment[]) => rows.map((row) => ({ ...row, evaluation_script_name: 'nDCG' })) };

describe('evaluation backend client', () => {
  it('lists experiments with the page query', async () => {
    const { api, calls } = fakeApi({ 'experiments/': [experiment] });
    await expect(createExperiments(api, scriptNames).experimentRows({ page: 2, pageSize: 20 })).resolves.toEqual({
      items: [{ ...experiment, evaluation_script_name: 'nDCG' }],
      total: null,
    });
    expect(calls).toEqual([{ path: 'experiments/', options: { query: { page: 2, page_size: 20 } } }]);
  });

  it("lists one experiment's runs, unpaged", async () => {
    const { api, calls } = fakeApi({ 'experiment-runs/by_experiment/3': [run] });
    await expect(createExperimentRuns(api).runsOfExperiment(3)).resolves.toEqual([run]);
    expect(calls).toEqual([{ path: 'experiment-runs/by_experiment/3' }]);
  });

  it('lists scripts with their total from the {count, results} object', async () => {
    const { api, calls } = fakeApi({ 'evaluation-scripts/': { count: 1, results: [script] } });
    await expect(createEvaluationScripts(api).scriptRows({ page: 1, pageSize: 20 })).resolves.toEqual({ items: [script], total: 1 });
    expect(calls).toEqual([{ path: 'evaluation-scripts/', options: { query: { page: 1, page_size: 20 } } }]);
  });

  it('gets one script', async () => {
    const { api, calls } = fakeApi({ 'evaluation-scripts/1': script });
    await expect(createEvaluationScripts(api).findScript(1)).resolves.toEqual(script);
    expect(calls).toEqual([{ path: 'evaluation-scripts/1' }]);
  });

  it("lists one script's experiments with the page query", async () => {
    const { api, calls } = fakeApi({ 'evaluation-scripts/1/experiments': { results: [experiment] }, 'evaluation-scripts/1': script });
    await expect(createEvaluationScripts(api).scriptExperimentRows(1, { page: 3, pageSize: 20 })).resolves.toEqual({
      items: [{ ...experiment, evaluation_script_name: script.name }],
      total: null,
    });
    expect(calls).toEqual([
      { path: 'evaluation-scripts/1/experiments', options: { query: { page: 3, page_size: 20 } } },
      { path: 'evaluation-scripts/1' },
    ]);
  });

  it('lets failures through for the machine to show', async () => {
    const failure = new Error('Service Unavailable');
    const fail = async () => {
      throw failure;
    };
    const api = Object.assign(fail, { raw: fail }) as ApiClient;
    await expect(createExperiments(api, scriptNames).experimentRows({ page: 1, pageSize: 20 })).rejects.toBe(failure);
    await expect(createEvaluationScripts(api).findScript(1)).rejects.toBe(failure);
  });
});

describe('evaluation backend client over the real API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const scripts = (api: ApiClient) => createEvaluationScripts(api);

  it.each([
    [
      'experiments',
      (api: ApiClient) => createExperiments(api, scripts(api)).experimentRows({ page: 2, pageSize: 20 }),
      '/api/backend/experiments/?page=2&page_size=20',
      [],
    ],
    ['runs', (api: ApiClient) => createExperimentRuns(api).runsOfExperiment(3), '/api/backend/experiment-runs/by_experiment/3', []],
    [
      'run results',
      (api: ApiClient) => createExperimentRuns(api).runResultRows(9, { page: 1, pageSize: 20 }),
      '/api/backend/experiment-runs/9/results?page=1&page_size=20',
      [],
    ],
    [
      'scripts',
      (api: ApiClient) => scripts(api).scriptRows({ page: 1, pageSize: 20 }),
      '/api/backend/evaluation-scripts/?page=1&page_size=20',
      { results: [] },
    ],
    ['one script', (api: ApiClient) => scripts(api).findScript(1), '/api/backend/evaluation-scripts/1', {}],
    [
      'script experiments',
      (api: ApiClient) => scripts(api).scriptExperimentRows(1, { page: 3, pageSize: 20 }),
      '/api/backend/evaluation-scripts/1/experiments?page=3&page_size=20',
      { results: [] },
    ],
  ])('requests %s at its path under the base URL, with the bearer token', async (_name, call, expected, body) => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(body));
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
    const page = await createExperimentRuns(api).runResultRows(
      9,
      { page: 2, pageSize: 20 },
      { status: 'FAIL,ERROR', search: 'red sofa', sort: 'ndcg@10', order: 'desc' },
    );
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
