import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToCompletion } from '../../server/runs/process-run';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

// Answers that say what is wrong with a request, and where.
const API = '/api/backend';

describe.each(backends)('API messages (%s)', (backend) => {
  let t: TestApp;
  let goldenSetId: number;
  let scriptId: number;
  let datasetId: number;
  const logged: Array<{ level: number; msg: string; [field: string]: unknown }> = [];

  const newExperiment = (searchTarget: object) =>
    t.call('POST', `${API}/experiments/`, {
      name: 'Messages',
      evaluation_script_id: scriptId,
      dataset_id: datasetId,
      config: { search_target: searchTarget, golden_set_id: goldenSetId },
    });

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
    const uploaded = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Messages set'],
      ['file', { file: 'query,product_id,relevance\nred sofa,p1,3\n' }],
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    goldenSetId = uploaded.json<{ id: number }>().id;
    scriptId = Number((await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts ORDER BY id LIMIT 1`)).rows[0].id);
    datasetId = Number(
      (await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Messages', 'x') RETURNING id`)).rows[0].id,
    );
  }, 60_000);
  afterAll(() => t?.close());

  const http = { kind: 'http', url: 'http://search.test/?q={query}', hits: '/hits', product_id: '/id' };

  it('names only the search target branch that kind selects', async () => {
    const typo = await newExperiment({ ...http, hits: 'hits' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe('body.config.search_target.hits must match pattern "^(/([^~/]|~[01])*)*$"');
    const extra = await newExperiment({ kind: 'builtin', url: 'http://search.test/' });
    expect(extra.json().message).toBe('body.config.search_target has an unknown field "url"');
    const unknown = await newExperiment({ ...http, kind: 'solr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('body.config.search_target.kind must be one of "builtin", "http"; got "solr"');
    expect((await newExperiment({ url: 'http://search.test/' })).json().message).toBe('body.config.search_target.kind is required');
    expect((await newExperiment(http)).statusCode).toBe(201);
  });

  it('refuses an http target whose url and body have no {query}, as every search would be the same', async () => {
    const fixed = await newExperiment({ ...http, url: 'http://search.test/?q=sofa' });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().message).toBe('body.config.search_target: url contains no {query}: every search would be the same request');
    const post = await newExperiment({ ...http, url: 'http://search.test/_search', method: 'POST', body: '{"q": "sofa"}' });
    expect(post.json().message).toBe('body.config.search_target: url and body contain no {query}: every search would be the same request');
    const inBody = await newExperiment({ ...http, url: 'http://search.test/_search', method: 'POST', body: '{"q": "{query}"}' });
    expect(inBody.statusCode, inBody.body).toBe(201);
  });

  it('says that the text fields of a golden-set upload come before the files, and writes nothing', async () => {
    const qrels = '1 0 P1 2\n';
    const queries = '1\tred sofa\n';
    const formatLast = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Late format'],
      ['file', { file: qrels }],
      ['queries', { file: queries }],
      ['format', 'trec'],
    ]);
    expect(formatLast.statusCode).toBe(400);
    expect(formatLast.json()).toEqual({
      error: 'Bad Request',
      message:
        'The text fields must come before the files, but "format" came after a file: send name, description, market and format first, then the files',
    });
    // A CSV that would import fine is not stored without its late description either.
    const descriptionLast = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Late description'],
      ['file', { file: 'query,product_id,relevance\nred sofa,p1,3\n' }],
      ['description', 'Judged in May'],
    ]);
    expect(descriptionLast.statusCode).toBe(400);
    expect(descriptionLast.json().message).toMatch(/but "description" came after a file/);
    const { rows } = await t.db.query(`SELECT 1 FROM golden_sets WHERE name LIKE 'Late %'`);
    expect(rows).toEqual([]);
  });

  it("answers each run result with its dataset entry's id, as results.csv has it", async () => {
    const entry = await t.db.query<{ id: number }>(`INSERT INTO dataset_entries (input) VALUES ('red sofa') RETURNING id`);
    const entryId = Number(entry.rows[0].id);
    await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [datasetId, entryId]);
    const experiment = await newExperiment({ kind: 'builtin' });
    expect(experiment.statusCode, experiment.body).toBe(201);
    const run = await t.call('POST', `${API}/experiments/${experiment.json().id}/runs`);
    expect(run.statusCode, run.body).toBe(202);
    const runId = run.json<{ id: number }>().id;
    // No worker in this app: the test works the run itself.
    await runToCompletion(t.db, runId);
    const results = await t.call('GET', `${API}/experiment-runs/${runId}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json()).toEqual([
      expect.objectContaining({ entry_id: entryId, result: expect.objectContaining({ input: 'red sofa' }) }),
    ]);
    const csv = await t.call('GET', `${API}/experiment-runs/${runId}/results.csv`);
    expect(csv.body).toContain(`${entryId},`);
  });

  it('logs the start, end, failure and cancel of runs with their counts and duration', async () => {
    const lines: string[] = [];
    const log = {
      info: (_fields: object, message: string) => lines.push(`info ${message}`),
      warn: (_: object, m: string) => lines.push(`warn ${m}`),
    };
    const start = async (searchTarget: object) => {
      const experiment = await newExperiment(searchTarget);
      const run = await t.call('POST', `${API}/experiments/${experiment.json().id}/runs`);
      expect(run.statusCode, run.body).toBe(202);
      return run.json<{ id: number }>().id;
    };
    const fine = await start({ kind: 'builtin' });
    await runToCompletion(t.db, fine, { log });
    expect(lines).toEqual([
      `info run ${fine} started: 1 entries (experiment ${(await t.call('GET', `${API}/experiment-runs/${fine}`)).json().experiment_id})`,
      expect.stringMatching(new RegExp(`^info run ${fine} finished \\(success\\): 1 of 1 entries, 0 failed searches in \\d+\\.\\d s$`)),
    ]);

    lines.length = 0;
    const down = await start({ ...http, url: 'http://127.0.0.1:9/?q={query}', timeout_ms: 500 });
    await runToCompletion(t.db, down, { log, retryDelaysMs: [] });
    expect(lines[1]).toMatch(
      new RegExp(`^warn run ${down} failed: 1 of 1 entries, 1 failed searches in \\d+\\.\\d s\\. 1 of 1 searches failed`),
    );

    const cancelled = await start({ kind: 'builtin' });
    expect((await t.call('POST', `${API}/experiment-runs/${cancelled}/cancel`)).statusCode).toBe(200);
    const line = logged.find((entry) => entry.msg.startsWith(`run ${cancelled} cancelled`));
    expect(line).toMatchObject({
      level: 30,
      msg: `run ${cancelled} cancelled: 0 of 1 entries, 0 failed searches`,
      run: cancelled,
      total: 1,
    });
    // Request lines are the server's choice (LOG_LEVEL); this app has them off.
    expect(logged.filter((entry) => entry.msg === 'incoming request')).toEqual([]);
  });
});
