import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createEvaluationScripts } from '../../../src/services/backend/evaluation-scripts';
import { createExperimentRuns } from '../../../src/services/backend/experiment-runs';
import { createExperiments } from '../../../src/services/backend/experiments';
import { createGoldenSets } from '../../../src/services/backend/golden-sets';
import type { FormPoster } from '../../../src/services/upload-csv';
import { RefusalError } from '../../../src/domain/shared/error-message';

// The evaluation backend's methods as the screens call them: rows with script names, every failure
// explained by the server's message, the golden-set form.

const baseURL = 'https://console.test/api/backend';

afterEach(() => vi.unstubAllGlobals());

function stubServer(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      urls.push(url);
      return answer(url);
    }),
  );
  return urls;
}

const session = { getAccessToken: async () => 'token-1', onSignedOut: vi.fn() };
/** The backend's scripts, experiments, runs and golden sets over one client, as the screens call them. */
const backend = (postForm: FormPoster = vi.fn()) => {
  const api = createApiClient(baseURL, session);
  const evaluationScripts = createEvaluationScripts(api);
  return {
    ...evaluationScripts,
    ...createExperiments(api, evaluationScripts),
    ...createExperimentRuns(api),
    ...createGoldenSets(api, `${baseURL}/`, postForm),
  };
};

const experiment = (id: number, scriptId: number) => ({ id, name: `E${id}`, evaluation_script_id: scriptId });

describe('evaluation backend methods', () => {
  it('names each experiment’s script, fetching each script once per page load', async () => {
    const urls = stubServer((url) =>
      url.pathname.endsWith('/experiments/')
        ? Response.json([experiment(1, 3), experiment(2, 3)])
        : Response.json({ id: 3, name: 'Golden set relevance' }),
    );
    const calls = backend();
    const page = await calls.experimentRows({ page: 1, pageSize: 20 });
    await calls.experimentRows({ page: 2, pageSize: 20 });
    expect(page).toEqual({
      items: [1, 2].map((id) => ({ ...experiment(id, 3), evaluation_script_name: 'Golden set relevance' })),
      total: null,
    });
    expect(urls.filter((url) => url.pathname.endsWith('/evaluation-scripts/3'))).toHaveLength(1);
  });

  it('explains every failure with the server’s message, but the experiments lists’ (which show the fetch error)', async () => {
    stubServer(() => Response.json({ message: 'Injected failure' }, { status: 500 }));
    await expect(backend().experimentRows({ page: 1, pageSize: 20 })).rejects.toThrow(/^\[GET\] ".*\/experiments\/.*": 500/);
    await expect(backend().scriptExperimentRows(1, { page: 1, pageSize: 20 })).rejects.toThrow(/^\[GET\] ".*\/experiments.*": 500/);
    await expect(backend().findScript(1)).rejects.toThrow('Injected failure');
    await expect(backend().runsOfExperiment(1)).rejects.toThrow('Injected failure');
    await expect(backend().allScriptOptions()).rejects.toThrow('Injected failure');
  });

  it('reads every script for the filter, page by page until a short page', async () => {
    const script = (id: number) => ({ id, name: `S${id}`, description: '' });
    const urls = stubServer((url) =>
      Response.json({ results: url.searchParams.get('page') === '1' ? Array.from({ length: 20 }, (_, i) => script(i + 1)) : [script(21)] }),
    );
    const options = await backend().allScriptOptions();
    expect(options).toHaveLength(21);
    expect(options[20]).toEqual({ id: 21, name: 'S21' });
    expect(urls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('counts golden sets from the list’s total, and pages them with it', async () => {
    stubServer(() => Response.json({ count: 1203, results: [] }));
    await expect(backend().countGoldenSets()).resolves.toBe(1203);
    await expect(backend().goldenSetRows({ page: 1, pageSize: 20 })).resolves.toEqual({ items: [], total: 1203 });
  });

  it('pages experiments and scripts with the server’s total, which their lists show', async () => {
    stubServer((url) => {
      if (url.pathname.endsWith('/experiments/')) return Response.json([experiment(1, 3)], { headers: { 'X-Total-Count': '27' } });
      if (url.pathname.endsWith('/evaluation-scripts/')) return Response.json({ count: 23, results: [{ id: 3, name: 'S3' }] });
      if (url.pathname.endsWith('/experiments')) return Response.json({ count: 21, results: [experiment(1, 3)] });
      return Response.json({ id: 3, name: 'S3' });
    });
    const calls = backend();
    expect((await calls.experimentRows({ page: 1, pageSize: 20 })).total).toBe(27);
    expect((await calls.scriptRows({ page: 1, pageSize: 20 })).total).toBe(23);
    expect((await calls.scriptExperimentRows(3, { page: 1, pageSize: 20 })).total).toBe(21);
  });

  it('counts experiments from X-Total-Count of a one-row page', async () => {
    const urls = stubServer(() => Response.json([experiment(1, 1)], { headers: { 'X-Total-Count': '14' } }));
    await expect(backend().countExperiments()).resolves.toBe(14);
    expect(urls.map((url) => url.pathname + url.search)).toEqual(['/api/backend/experiments/?page=1&page_size=1']);
  });

  it('refuses an export format it does not offer', async () => {
    await expect(backend().exportRun(1, 'xlsx')).rejects.toThrow('There is no xlsx export.');
    await expect(backend().exportGoldenSet(1, 'trec')).rejects.toThrow('There is no trec export.');
  });

  it('posts a golden set as multipart, text fields before files, the queries only for TREC', async () => {
    const postForm = vi.fn<FormPoster>(async () => ({}));
    const file = new File(['1 0 P1 2\n'], 'qrels.txt');
    const queries = new File(['1\tsofa\n'], 'queries.tsv');
    await backend(postForm).uploadGoldenSet({ name: 'Sofas', description: 'd', market: 'FR', format: 'trec', file, queries });
    await backend(postForm).uploadGoldenSet({ name: 'Sofas', description: 'd', market: 'FR', format: 'csv', file, queries });
    const [[url, buildForm], [, buildCsvForm]] = postForm.mock.calls;
    expect(url).toBe(`${baseURL}/golden-sets/`);
    expect([...buildForm().keys()]).toEqual(['name', 'description', 'market', 'format', 'file', 'queries']);
    expect([...buildCsvForm().keys()]).toEqual(['name', 'description', 'market', 'format', 'file']);
  });

  it('sends the scale of an upload, when given, before the file', async () => {
    const postForm = vi.fn<FormPoster>(async () => ({}));
    const file = new File(['query,product_id,relevance\n'], 'sofas.csv');
    const upload = { name: 'Sofas', description: '', market: '', format: 'csv' as const, file, queries: null };
    await backend(postForm).uploadGoldenSet({ ...upload, maxGrade: '4', gradeLabels: 'Off, Poor, Fair, Good, Exact' });
    const form: FormData = postForm.mock.calls[0][1]();
    expect([...form.keys()]).toEqual(['name', 'description', 'market', 'format', 'max_grade', 'grade_labels', 'file']);
    expect([form.get('max_grade'), form.get('grade_labels')]).toEqual(['4', 'Off, Poor, Fair, Good, Exact']);
  });

  it('refuses a golden set in use (409) with the server’s sentence, as a refusal asking again cannot change', async () => {
    const message = 'Golden set "Sofas UK" cannot be deleted: the experiment "BM25 baseline" uses it.';
    const urls = stubServer(() => Response.json({ error: 'Conflict', message }, { status: 409 }));
    const refused = await backend()
      .deleteGoldenSet(4)
      .catch((error: unknown) => error);
    expect(urls.map((url) => url.pathname)).toEqual(['/api/backend/golden-sets/4']);
    expect(refused).toBeInstanceOf(RefusalError);
    expect((refused as Error).message).toBe(message);
  });
});
