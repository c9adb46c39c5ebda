/**
 * Starting a run answers at once; its worker copies the dataset's entries in chunks before the run
 * begins (on PGlite one long copy made every request wait). The copy resumes where a stopped worker
 * left it, stops for a cancel, and fails a run whose dataset was emptied meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processRunSlice, runToCompletion } from '../../server/runs/process-run';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

const API = '/api/backend';
const ENTRIES = 23;
/** Entries per copy statement in these tests: several chunks and a short last one. */
const CHUNK = 5;

describe.each(backends)('copying a run’s entries (%s)', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  let goldenSetId: number;
  let scriptId: number;

  const count = async (sql: string, params: unknown[]) => Number((await t.db.query<{ n: number }>(sql, params)).rows[0].n);
  const copiedEntries = (runId: number) => count('SELECT count(*)::int AS n FROM experiment_run_entries WHERE run_id = $1', [runId]);
  const results = (runId: number) => count('SELECT count(*)::int AS n FROM experiment_run_results WHERE run_id = $1', [runId]);
  const getRun = async (runId: number) => (await t.app.inject({ method: 'GET', url: `${API}/experiment-runs/${runId}`, headers })).json();

  /** A dataset of `size` entries named `query 1…`, and an experiment on it. */
  async function experimentWith(size: number): Promise<{ experimentId: number; datasetId: number }> {
    const datasetId = Number(
      (await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ('Copy ' || gen_random_uuid(), '') RETURNING id`))
        .rows[0].id,
    );
    await t.db.query(
      `WITH made AS (INSERT INTO dataset_entries (input) SELECT 'query ' || n FROM generate_series(1, $2::int) AS n RETURNING id)
       INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, id FROM made`,
      [datasetId, size],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/experiments/`,
      headers,
      payload: {
        name: `Copy ${datasetId}`,
        evaluation_script_id: scriptId,
        dataset_id: datasetId,
        config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSetId, k: 3 },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { experimentId: created.json<{ id: number }>().id, datasetId };
  }

  async function start(experimentId: number) {
    const started = await t.app.inject({ method: 'POST', url: `${API}/experiments/${experimentId}/runs`, headers, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    return started.json<{ id: number; status: string; progress: { done: number; total: number } }>();
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
    const set = await multipart([
      ['name', 'Copy test set'],
      ['file', { file: 'query,product_id,relevance\nquery 1,p1,2\n' }],
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/golden-sets/`,
      payload: set.payload,
      headers: { ...headers, 'content-type': set.contentType },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    goldenSetId = uploaded.json<{ id: number }>().id;
    scriptId = Number(
      (await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`)).rows[0].id,
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('answers the start before copying anything, then copies every entry once and runs them all', async () => {
    const { experimentId } = await experimentWith(ENTRIES);
    const run = await start(experimentId);
    expect(run).toMatchObject({ status: 'pending', progress: { done: 0, total: ENTRIES } });
    expect(await copiedEntries(run.id)).toBe(0);

    await runToCompletion(t.db, run.id, { copyChunk: CHUNK });
    expect(await getRun(run.id)).toMatchObject({ status: 'success', progress: { done: ENTRIES, total: ENTRIES } });
    expect(await copiedEntries(run.id)).toBe(ENTRIES);
    expect(await results(run.id)).toBe(ENTRIES);
  });

  it('goes on from where a stopped worker left the copy, and two workers at once copy each entry once', async () => {
    const { experimentId } = await experimentWith(ENTRIES);
    const run = await start(experimentId);
    // What a worker stopped mid-copy leaves: the first entries of the dataset, the run still pending.
    await t.db.query(
      `INSERT INTO experiment_run_entries (run_id, entry_id, input)
       SELECT $1, e.id, e.input FROM dataset_entry_mappings m JOIN dataset_entries e ON e.id = m.dataset_entry_id
       WHERE m.dataset_id = (SELECT copying_from_dataset_id FROM experiment_runs WHERE id = $1) ORDER BY e.id LIMIT 7`,
      [run.id],
    );
    expect((await getRun(run.id)).status).toBe('pending');

    await Promise.all([runToCompletion(t.db, run.id, { copyChunk: CHUNK }), runToCompletion(t.db, run.id, { copyChunk: 2 })]);
    expect(await getRun(run.id)).toMatchObject({ status: 'success', progress: { done: ENTRIES, total: ENTRIES } });
    expect(await copiedEntries(run.id)).toBe(ENTRIES);
    expect(await results(run.id)).toBe(ENTRIES);
  });

  it('stops a copy the worker has to leave for its deadline, and finishes it in the next slice', async () => {
    const { experimentId } = await experimentWith(ENTRIES);
    const run = await start(experimentId);
    expect(await processRunSlice(t.db, run.id, { copyChunk: CHUNK, deadline: Date.now() - 1 })).toBe('more');
    expect(await getRun(run.id)).toMatchObject({ status: 'pending', progress: { done: 0, total: ENTRIES } });

    await runToCompletion(t.db, run.id, { copyChunk: CHUNK });
    expect(await getRun(run.id)).toMatchObject({ status: 'success', progress: { done: ENTRIES } });
  });

  it('copies nothing more once the run is cancelled', async () => {
    const { experimentId } = await experimentWith(ENTRIES);
    const run = await start(experimentId);
    const cancelled = await t.app.inject({ method: 'POST', url: `${API}/experiment-runs/${run.id}/cancel`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect(await processRunSlice(t.db, run.id, { copyChunk: CHUNK })).toBe('finished');
    expect((await getRun(run.id)).status).toBe('cancelled');
    expect(await copiedEntries(run.id)).toBe(0);
    expect(await results(run.id)).toBe(0);
  });

  it('takes the dataset as it is when copied: the total follows, and an emptied dataset fails the run with the reason', async () => {
    const grown = await experimentWith(ENTRIES);
    const growing = await start(grown.experimentId);
    await t.db.query(
      `WITH made AS (INSERT INTO dataset_entries (input) VALUES ('added after the start') RETURNING id)
       INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, id FROM made`,
      [grown.datasetId],
    );
    await runToCompletion(t.db, growing.id, { copyChunk: CHUNK });
    expect(await getRun(growing.id)).toMatchObject({ status: 'success', progress: { done: ENTRIES + 1, total: ENTRIES + 1 } });

    const emptied = await experimentWith(3);
    const run = await start(emptied.experimentId);
    await t.db.query('DELETE FROM dataset_entry_mappings WHERE dataset_id = $1', [emptied.datasetId]);
    await runToCompletion(t.db, run.id, { copyChunk: CHUNK });
    expect(await getRun(run.id)).toMatchObject({ status: 'failed', error: 'Its dataset had no entries left when the run began' });
  });
});
