// The experiment workbench's calls: try a query through a target as configured, a golden set's coverage of a
// dataset, one run result by id.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import type { Part } from './helpers/multipart';

const API = '/api/backend';

const CATALOGUE = ['product_id,name', 'p1,Red velvet sofa', 'p2,Blue sofa', 'p3,Red armchair', 'p4,Oak coffee table'].join('\n');
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'red sofa,p2,1', 'coffee table,p4,2', 'floor lamp,p7,0'].join('\n');

/** A search service of the test's own: hits under /data/items as {sku, title}; it echoes the x-api-key header. */
async function startService(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const q = new URL(request.url!, 'http://x').searchParams.get('q') ?? '';
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        echo: request.headers['x-api-key'] ?? null,
        data: {
          items: q.includes('sofa') ? [{ sku: 'p2', title: 'Blue sofa' }, { sku: 'p9' }, { sku: 'p1', title: 'Red velvet sofa' }] : [],
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/search?q={query}&n={k}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The secret of the echo test: what JSON must escape (", \\, a tab) and what is not ASCII. */
const ECHOED_SECRET = 'Tok"en\\ with\ttab-éÿ';

/**
 * A service that echoes the Authorization header back inside JSON strings, the ways services quote what
 * they were sent: JSON-escaped, with all but ASCII as \uXXXX, URL- and form-encoded; `status` picks its status.
 */
async function startEchoingService(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const sent = request.headers.authorization ?? '';
    const asciiOnly = JSON.stringify(sent).replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const status = new URL(request.url!, 'http://x').searchParams.get('status') ?? '200';
    response.writeHead(Number(status), { 'content-type': 'application/json' });
    const form = new URLSearchParams({ key: sent }).toString().slice('key='.length);
    response.end(`{"echo":${JSON.stringify(sent)},"ascii":${asciiOnly},"url":"${encodeURIComponent(sent)}","form":"${form}","items":[]}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/search?q={query}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(backends)('experiment workbench calls (%s)', (backend) => {
  let t: TestApp;
  let goldenSetId: number;
  let service: Awaited<ReturnType<typeof startService>>;

  async function upload(url: string, parts: Array<[string, Part]>) {
    const response = await t.upload(`${API}${url}`, parts);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ id: number }>();
  }

  beforeAll(async () => {
    process.env.SEARCH_TARGET_TRY_KEY = 'try-secret-value';
    process.env.SEARCH_TARGET_TRY_AUTH = ECHOED_SECRET;
    t = await startTestApp(backend);
    service = await startService();
    await upload('/catalogue/import', [['file', { file: CATALOGUE }]]);
    goldenSetId = (
      await upload('/golden-sets/', [
        ['name', 'Tools set'],
        ['file', { file: JUDGEMENTS }],
      ])
    ).id;
  }, 60_000);
  afterAll(async () => {
    delete process.env.SEARCH_TARGET_TRY_KEY;
    delete process.env.SEARCH_TARGET_TRY_AUTH;
    await service?.close();
    await t?.close();
  });

  const http = (overrides: object = {}) => ({
    kind: 'http',
    url: service.url,
    hits: '/data/items',
    product_id: '/sku',
    name: '/title',
    ...overrides,
  });

  it('tries the built-in search: ranked hits, each with its grade, and the time taken', async () => {
    const response = await t.call('POST', `${API}/search-targets/try`, {
      search_target: { kind: 'builtin' },
      query: '  Red SOFA ',
      k: 3,
      golden_set_id: goldenSetId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.judged).toBe(2);
    expect(body.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(body.problem).toBeUndefined();
    expect(body.hits.map((hit: { rank: number }) => hit.rank)).toEqual(body.hits.map((_: unknown, i: number) => i + 1));
    const p1 = body.hits.find((hit: { product_id: string }) => hit.product_id === 'p1');
    expect(p1).toMatchObject({ name: 'Red velvet sofa', grade: 3 });
    const unjudged = body.hits.find((hit: { product_id: string }) => !['p1', 'p2'].includes(hit.product_id));
    if (unjudged) expect(unjudged.grade).toBeNull();
  });

  it('tries an HTTP target as configured, unsaved: the hits as parsed, in the service’s order, graded', async () => {
    const response = await t.call('POST', `${API}/search-targets/try`, {
      search_target: http(),
      query: 'red sofa',
      golden_set_id: goldenSetId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().hits).toEqual([
      { rank: 1, product_id: 'p2', name: 'Blue sofa', grade: 1 },
      { rank: 2, product_id: 'p9', grade: null },
      { rank: 3, product_id: 'p1', name: 'Red velvet sofa', grade: 3 },
    ]);
  });

  it('shows no image for a hit whose image URL is not http(s) or a path on this server, and says why', async () => {
    const response = await t.call('POST', `${API}/search-targets/try`, { search_target: http({ image_url: '/title' }), query: 'red sofa' });
    expect(response.statusCode, response.body).toBe(200);
    const note = 'image_url at /title must be an http(s) URL or a path on this server starting with a single "/"; no image is shown';
    expect(response.json().hits).toEqual([
      { rank: 1, product_id: 'p2', name: 'Blue sofa', grade: null, note },
      { rank: 2, product_id: 'p9', grade: null },
      { rank: 3, product_id: 'p1', name: 'Red velvet sofa', grade: null, note },
    ]);
  });

  it('shows the start of the answer and the pointer that failed, with secrets blanked', async () => {
    const response = await t.call('POST', `${API}/search-targets/try`, {
      search_target: http({ hits: '/results', headers: { 'x-api-key': '{env:SEARCH_TARGET_TRY_KEY}' } }),
      query: 'red sofa',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { hits, problem } = response.json();
    expect(hits).toEqual([]);
    expect(problem.message).toBe('Search target response has no array at /results');
    expect(problem.raw.startsWith('{"echo":"[redacted]","data":{"items":[{"sku":"p2"')).toBe(true);
    expect(response.body).not.toContain('try-secret-value');

    const wrongId = await t.call('POST', `${API}/search-targets/try`, { search_target: http({ product_id: '/id' }), query: 'sofa' });
    expect(wrongId.json().problem.message).toBe('Search target hit at index 0 has no product_id at /id');
    expect(wrongId.json().problem.raw).toContain('"sku":"p2"');
  });

  it('blanks a secret the service echoes inside JSON, however it escaped it', async () => {
    const echoing = await startEchoingService();
    try {
      const target = (url: string) => http({ url, hits: '/results', headers: { authorization: 'Bearer {env:SEARCH_TARGET_TRY_AUTH}' } });
      const blanked = '{"echo":"[redacted]","ascii":"[redacted]","url":"[redacted]","form":"[redacted]","items":[]}';

      const shape = await t.call('POST', `${API}/search-targets/try`, { search_target: target(echoing.url), query: 'sofa' });
      expect(shape.statusCode, shape.body).toBe(200);
      expect(shape.json().problem).toEqual({ message: 'Search target response has no array at /results', raw: blanked });

      const refused = await t.call('POST', `${API}/search-targets/try`, {
        search_target: target(`${echoing.url}&status=401`),
        query: 'sofa',
      });
      expect(refused.json().problem).toEqual({ message: `Search target answered HTTP 401 Unauthorized for "sofa": ${blanked}` });
    } finally {
      await echoing.close();
    }
  });

  it('says what keeps a target from answering, as a run would', async () => {
    const missing = await t.call('POST', `${API}/search-targets/try`, {
      search_target: http({ headers: { authorization: 'Bearer {env:SEARCH_TARGET_NOT_SET}' } }),
      query: 'sofa',
    });
    expect(missing.json().problem).toEqual({
      message: 'Search target header authorization refers to {env:SEARCH_TARGET_NOT_SET}, which is not set',
    });
    const unreachable = await t.call('POST', `${API}/search-targets/try`, {
      search_target: http({ url: 'http://127.0.0.1:9/search?q={query}', timeout_ms: 1000 }),
      query: 'sofa',
    });
    expect(unreachable.json().problem.message).toMatch(/^Search target could not be reached: /);
  });

  it('tries any entry a run would take (up to 10,000 characters) and refuses a longer one in words a person reads', async () => {
    const longEntry = await t.call('POST', `${API}/search-targets/try`, {
      search_target: { kind: 'builtin' },
      query: `red velvet sofa ${'x'.repeat(4_663)}`,
    });
    expect(longEntry.statusCode, longEntry.body).toBe(200);
    const tooLong = await t.call('POST', `${API}/search-targets/try`, { search_target: { kind: 'builtin' }, query: 'x'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('body.query must be at most 10,000 characters long');
    const entry = await t.call('POST', '/api/service/dataset-entries/', { input: 'x'.repeat(10_001) });
    expect(entry.json().message).toBe('body.input must be at most 10,000 characters long');
  });

  it('refuses a malformed target or an unknown golden set with a 400 naming the field', async () => {
    const noUrl = await t.call('POST', `${API}/search-targets/try`, {
      search_target: { kind: 'http', hits: '', product_id: '/id' },
      query: 'x',
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().message).toContain('url');
    const noQuery = await t.call('POST', `${API}/search-targets/try`, { search_target: { kind: 'builtin' }, query: '' });
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().message).toContain('query');
    const unknownSet = await t.call('POST', `${API}/search-targets/try`, {
      search_target: { kind: 'builtin' },
      query: 'sofa',
      golden_set_id: 999999,
    });
    expect(unknownSet.statusCode).toBe(400);
    expect(unknownSet.json().message).toBe('body.golden_set_id: golden set 999999 does not exist');
  });

  it('refuses what saving refuses, with the same 400 naming the same field', async () => {
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Refused', '') RETURNING id`);
    const save = (searchTarget: object, setId = goldenSetId) =>
      t.call('POST', `${API}/experiments/`, {
        name: 'Refused',
        evaluation_script_id: Number(script.rows[0].id),
        dataset_id: Number(dataset.rows[0].id),
        config: { search_target: searchTarget, golden_set_id: setId },
      });
    const tryIt = (searchTarget: object, setId = goldenSetId) =>
      t.call('POST', `${API}/search-targets/try`, { search_target: searchTarget, query: 'sofa', golden_set_id: setId });
    const post = (body: string) => http({ method: 'POST', body });

    const refused: Array<[object, string]> = [
      [
        http({ url: `${service.url}&key={env:SEARCH_TARGET_TRY_KEY}` }),
        'url contains {env:SEARCH_TARGET_TRY_KEY}, but {env:…} is only replaced in header values',
      ],
      [
        post('{"q": "{query}", "key": "{env:SEARCH_TARGET_TRY_KEY}"}'),
        'body contains {env:SEARCH_TARGET_TRY_KEY}, but {env:…} is only replaced in header values',
      ],
      [http({ url: service.url.replace('{query}', 'sofa') }), 'url contains no {query}: every search would be the same request'],
      [http({ body: '{"q": "{query}"}' }), 'body is only sent with method POST'],
      [post('{"q": {query}}'), 'body is not valid JSON once {query} and {k} are filled in'],
      [http({ url: `${service.url}&sort={Query}` }), 'url contains the unknown placeholder {Query}; only {query} and {k} are replaced'],
      [
        http({ headers: { 'x-api-key': '{env:OTHER_KEY}' } }),
        'headers.x-api-key contains {env:OTHER_KEY}, which is not a valid {env:NAME}',
      ],
    ];
    for (const [target, problem] of refused) {
      const saved = await save(target);
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json().message).toMatch(/^body\.config\.search_target: /);
      expect(saved.json().message).toContain(problem);
      const tried = await tryIt(target);
      expect(tried.statusCode, tried.body).toBe(400);
      expect(tried.json()).toEqual({
        ...saved.json(),
        message: saved.json().message.replace('body.config.search_target', 'body.search_target'),
      });
    }
    const unknownSet = await save({ kind: 'builtin' }, 999999);
    expect(unknownSet.json().message).toBe('body.config.golden_set_id: golden set 999999 does not exist');
    expect((await tryIt({ kind: 'builtin' }, 999999)).json().message).toBe('body.golden_set_id: golden set 999999 does not exist');
  });

  it("counts a dataset's queries once each and lists those the golden set does not judge above 0", async () => {
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Coverage', '') RETURNING id`);
    const datasetId = Number(dataset.rows[0].id);
    for (const input of ['red sofa', ' Red  Sofa', 'floor lamp', 'armchair', 'coffee table']) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input) VALUES ($1) RETURNING id', [input]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [datasetId, entry.rows[0].id]);
    }
    const response = await t.call('GET', `${API}/golden-sets/${goldenSetId}/coverage?dataset_id=${datasetId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ queries: 4, judged: 2, not_judged: ['floor lamp', 'armchair'] });
    expect((await t.call('GET', `${API}/golden-sets/999999/coverage?dataset_id=${datasetId}`)).statusCode).toBe(404);
    const noDataset = await t.call('GET', `${API}/golden-sets/${goldenSetId}/coverage?dataset_id=999999`);
    expect(noDataset.statusCode).toBe(400);
    expect(noDataset.json().message).toContain('dataset_id');
    expect((await t.call('GET', `${API}/golden-sets/${goldenSetId}/coverage`)).statusCode).toBe(400);
  });

  it("reads a run result's returned and judged products' descriptions and attributes from the catalogue", async () => {
    await t.db.query(
      `INSERT INTO products (product_id, name, description, attributes) VALUES
         ('d1', 'Walnut desk', 'Solid walnut, two drawers', '{"colour": "brown", "material": "walnut", "price": 420}'),
         ('d2', 'Pine desk', 'Light pine', '{"colour": "natural"}')`,
    );
    const run = await t.db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Desks', '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Desks', s.id, d.id, '' FROM s, d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status) SELECT id, 'x', 'success' FROM x RETURNING id`,
    );
    // A result stores only what the search said of its products: no description, no attributes.
    const result = {
      input: 'desk',
      status: 'PASS',
      results: {
        search_results: [{ product_id: 'd1', name: 'Walnut desk' }, { product_id: 'gone' }],
        golden_set: [
          { product_id: 'd1', relevance: 2 },
          { product_id: 'd2', relevance: 1 },
        ],
      },
    };
    const stored = await t.db.query<{ id: number }>(
      'INSERT INTO experiment_run_results (run_id, entry_id, result) VALUES ($1, 6, $2) RETURNING id',
      [run.rows[0].id, JSON.stringify(result)],
    );
    const response = await t.call('GET', `${API}/experiment-run-results/${stored.rows[0].id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().catalogue).toEqual({
      d1: { description: 'Solid walnut, two drawers', attributes: { colour: 'brown', material: 'walnut', price: 420 } },
      d2: { description: 'Light pine', attributes: { colour: 'natural' } },
    });
    expect(response.json().product_names).toEqual({ d1: 'Walnut desk', d2: 'Pine desk' });
    await t.db.query(`DELETE FROM products WHERE product_id IN ('d1', 'd2')`);
  });

  it('reads one run result by id, with its run', async () => {
    const run = await t.db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('One', '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'One', s.id, d.id, '' FROM s, d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status) SELECT id, 'x', 'success' FROM x RETURNING id`,
    );
    const runId = Number(run.rows[0].id);
    const stored = await t.db.query<{ id: number }>(
      `INSERT INTO experiment_run_results (run_id, entry_id, result)
       VALUES ($1, 5, '{"input": "red sofa", "status": "FAIL", "results": {"golden_set": [{"product_id": "p1", "relevance": 3}, {"product_id": "p404", "relevance": 1}]}}')
       RETURNING id`,
      [runId],
    );
    const id = Number(stored.rows[0].id);
    const response = await t.call('GET', `${API}/experiment-run-results/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, run_id: runId, entry_id: 5, result: { input: 'red sofa', status: 'FAIL' } });
    // The catalogue's names of the judged products it knows.
    expect(response.json().product_names).toEqual({ p1: 'Red velvet sofa' });
    // What the catalogue holds of the judged products it knows; p404 is not in it and is left out.
    expect(response.json().catalogue).toEqual({ p1: { description: '', attributes: {} } });
    const missing = await t.call('GET', `${API}/experiment-run-results/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Experiment run result 999999 not found');
  });
});

describe.each(backends)('an experiment for its runs page (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('names what it uses and says what keeps it from running, until it can; its dataset and script can change', async () => {
    const script = await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const scriptId = Number(script.rows[0].id);
    const empty = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Empty', '') RETURNING id`);
    const created = await t.call('POST', `${API}/experiments/`, {
      name: 'Fresh',
      evaluation_script_id: scriptId,
      dataset_id: Number(empty.rows[0].id),
    });
    const id = created.json().id;
    const fresh = (await t.call('GET', `${API}/experiments/${id}`)).json();
    expect(fresh).toMatchObject({ dataset_name: 'Empty', evaluation_script_name: 'Golden set relevance', golden_set_name: null });
    expect(fresh.run_blockers).toEqual([
      `Experiment 'Fresh' has no run configuration: set its search target and golden set (Edit on its runs page, or PATCH /api/backend/experiments/${id}).`,
      "Experiment 'Fresh' cannot run: its dataset 'Empty' has no entries.",
    ]);
    // Starting a run is refused with the first of them.
    const refused = await t.call('POST', `${API}/experiments/${id}/runs`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(fresh.run_blockers[0]);

    const set = await t.db.query<{ id: number }>(
      `INSERT INTO golden_sets (name, description, market) VALUES ('Set A', '', 'US') RETURNING id`,
    );
    const full = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Full', '') RETURNING id`);
    const entry = await t.db.query<{ id: number }>(`INSERT INTO dataset_entries (input) VALUES ('sofa') RETURNING id`);
    await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
      full.rows[0].id,
      entry.rows[0].id,
    ]);
    const changed = await t.call('PATCH', `${API}/experiments/${id}`, {
      dataset_id: Number(full.rows[0].id),
      config: { search_target: { kind: 'builtin' }, golden_set_id: Number(set.rows[0].id) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const ready = (await t.call('GET', `${API}/experiments/${id}`)).json();
    expect(ready).toMatchObject({ dataset_name: 'Full', golden_set_name: 'Set A', run_blockers: [] });

    const noDataset = await t.call('PATCH', `${API}/experiments/${id}`, { dataset_id: 999999 });
    expect(noDataset.statusCode).toBe(400);
    expect(noDataset.json().message).toBe('body.dataset_id: dataset 999999 does not exist');
  });
});
