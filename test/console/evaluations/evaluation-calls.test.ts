import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createActivity } from '../../../src/services/backend/activity';
import { createEvaluations } from '../../../src/services/backend/evaluations';
import type { FormPoster } from '../../../src/services/upload-csv';
import type { EvaluationUpload } from '../../../src/domain/evaluations/evaluation-upload';

// The evaluations calls and the dashboard's activity as the screens make them: the paths and queries asked, and
// the upload's form with its fields before its files.

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
const api = () => createApiClient(baseURL, session);
const asked = (urls: URL[]) => urls.map((url) => url.pathname + url.search);

describe('evaluations calls', () => {
  it('reads a page of evaluations with its total, and counts them from a one-row page', async () => {
    const urls = stubServer(() => Response.json({ count: 45, results: [{ id: 3 }] }, { headers: { 'X-Total-Count': '45' } }));
    const evaluations = createEvaluations(api(), `${baseURL}/`, vi.fn());
    await expect(evaluations.evaluationRows({ page: 2, pageSize: 20 })).resolves.toEqual({ items: [{ id: 3 }], total: 45 });
    await expect(evaluations.countEvaluations()).resolves.toBe(45);
    expect(asked(urls)).toEqual(['/api/backend/evaluations/?page=2&page_size=20', '/api/backend/evaluations/?page=1&page_size=1']);
  });

  it('posts an evaluation as multipart: the fields, then a TREC run’s queries, then the file', async () => {
    const postForm = vi.fn<FormPoster>(async () => ({ id: 41, run_id: 90, status: 'pending', queries: 1 }));
    const file = new File(['q1 Q0 P1 1 9.5 rerank\n'], 'offline.run');
    const queries = new File(['q1\tgrey sofa\n'], 'queries.tsv');
    const upload: EvaluationUpload = {
      name: 'Offline reranker',
      goldenSetId: 2,
      datasetId: null,
      k: 10,
      gain: 'linear',
      relevantFrom: 1,
      format: 'trec',
      file,
      queries,
    };
    const onProgress = vi.fn();
    const evaluations = createEvaluations(api(), `${baseURL}/`, postForm);
    await expect(evaluations.uploadEvaluation(upload, { onProgress })).resolves.toEqual({
      id: 41,
      run_id: 90,
      status: 'pending',
      queries: 1,
    });
    await evaluations.uploadEvaluation({
      ...upload,
      datasetId: 7,
      k: 20,
      gain: 'exponential',
      relevantFrom: 2,
      format: 'csv',
      queries: null,
    });
    const [[url, buildTrec, options], [, buildCsv]] = postForm.mock.calls;
    expect(url).toBe(`${baseURL}/evaluations/`);
    expect(options).toEqual({ onProgress, size: file.size + queries.size });
    const trec = buildTrec();
    expect([...trec.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name])).toEqual([
      ['name', 'Offline reranker'],
      ['golden_set_id', '2'],
      ['k', '10'],
      ['gain', 'linear'],
      ['relevant_from', '1'],
      ['format', 'trec'],
      ['queries', 'queries.tsv'],
      ['file', 'offline.run'],
    ]);
    expect([...buildCsv().entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name])).toEqual([
      ['name', 'Offline reranker'],
      ['golden_set_id', '2'],
      ['dataset_id', '7'],
      ['k', '20'],
      ['gain', 'exponential'],
      ['relevant_from', '2'],
      ['format', 'csv'],
      ['file', 'offline.run'],
    ]);
  });

  it('asks the activity of the months wanted, oldest first as the server lists them', async () => {
    const months = [
      { month: '2026-10', datasets: 1, golden_sets: 0, experiments: 2, evaluations: 3 },
      { month: '2026-11', datasets: 0, golden_sets: 1, experiments: 0, evaluations: 4 },
    ];
    const urls = stubServer(() => Response.json({ from: '2026-10', months }));
    await expect(createActivity(api()).monthlyActivity(2)).resolves.toEqual(months);
    expect(asked(urls)).toEqual(['/api/backend/activity?months=2']);
  });
});
