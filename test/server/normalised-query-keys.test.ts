// Queries that look the same are one query: an entry typed with decomposed accents (NFD, as macOS
// exports text) or with an invisible zero-width character is judged by a judgement typed composed (NFC).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

const API = '/api/backend';
const NFC = 'Caf\u00e9 cr\u00e8me';
const NFD = 'Cafe\u0301 cre\u0300me';

const CATALOGUE = ['product_id,name,description', 'p1,Café crème cup,A cup', 'p2,Red sofa,Three seats', 'p3,Oak table,Solid oak'].join(
  '\n',
);
const JUDGEMENTS = ['query,product_id,relevance', `${NFC},p1,3`, 'red sofa,p2,2', 'oak table,p3,1'].join('\n');
/** The same three queries as they may arrive from other tools. */
const ENTRIES = ['input,datasets', `${NFD},Spellings`, 'red\u200b sofa\u2060,Spellings', 'oak\ufeff\u00a0table,Spellings'].join('\n');

describe.each(backends)('queries that look the same (%s)', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  let setId: number;
  let datasetId: number;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });

  async function upload(url: string, fields: Array<[string, string]>, file: string) {
    const form = await multipart([...fields, ['file', { file }]]);
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...headers, 'content-type': form.contentType },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  async function finished(id: number) {
    const end = Date.now() + 20_000;
    for (;;) {
      const run = (await call('GET', `/experiment-runs/${id}`)).json();
      if (!['pending', 'running'].includes(run.status)) return run;
      if (Date.now() > end) throw new Error(`run ${id} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] } });
    headers = await t.auth();
    await upload(`${API}/catalogue/import`, [], CATALOGUE);
    setId = (await upload(`${API}/golden-sets/`, [['name', 'NFC']], JUDGEMENTS)).id;
    await upload('/api/service/dataset-entries/bulk-upload', [], ENTRIES);
    const dataset = await t.db.query<{ id: number }>(`SELECT id FROM datasets WHERE name = 'Spellings'`);
    datasetId = Number(dataset.rows[0].id);
  }, 60_000);
  afterAll(() => t?.close());

  it("counts the entries judged in the golden set's coverage", async () => {
    const coverage = await call('GET', `/golden-sets/${setId}/coverage?dataset_id=${datasetId}`);
    expect(coverage.json()).toEqual({ queries: 3, judged: 3, not_judged: [] });
  });

  it('scores a run of the entries against the judgements', async () => {
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const experiment = await call('POST', '/experiments/', {
      name: 'Spellings',
      evaluation_script_id: Number(script.rows[0].id),
      dataset_id: datasetId,
      config: { search_target: { kind: 'builtin' }, golden_set_id: setId, k: 3 },
    });
    expect(experiment.statusCode, experiment.body).toBe(201);
    const runId = (await call('POST', `/experiments/${experiment.json().id}/runs`)).json().id;
    expect((await finished(runId)).status).toBe('success');
    const results = (await call('GET', `/experiment-runs/${runId}/results?page_size=10`)).json<
      Array<{ result: { input: string; status: string; results: { golden_set: Array<{ product_id: string }> } } }>
    >();
    expect(results.map(({ result }) => [result.input, result.results.golden_set.map((j) => j.product_id)]).sort()).toEqual(
      [
        [NFD, ['p1']],
        ['red\u200b sofa\u2060', ['p2']],
        ['oak\ufeff\u00a0table', ['p3']],
      ].sort(),
    );
    expect(results.every(({ result }) => result.status !== 'UNJUDGED')).toBe(true);
  });

  it('judges a query typed NFD as the query typed NFC', async () => {
    const put = await call('PUT', `/golden-sets/${setId}/judgements/`, { query: NFD, product_id: 'p3', grade: 1 });
    expect(put.statusCode, put.body).toBe(200);
    const judged = (await call('GET', `/golden-sets/${setId}/judgements/?query=${encodeURIComponent(NFC)}`)).json();
    expect(judged.map((j: { product_id: string }) => j.product_id)).toEqual(['p1', 'p3']);
    expect((await call('GET', `/golden-sets/${setId}`)).json()).toMatchObject({ query_count: 3 });
  });
});
