/**
 * Runs whose results the database cannot store: a hit holding U+0000 is that entry's ERROR (or is
 * cleaned), and a slice the database keeps refusing fails the run with a message, never a retry loop.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLICE_TRIES } from '../../server/runs/slice-failures';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

/** What the service answers per query: a product_id with U+0000, names with U+0000 and a lone surrogate. */
const ANSWERS: Record<string, object[]> = {
  'nul id': [{ id: 'p\u0000x' }, { id: 'p2' }],
  'nul name': [
    { id: 'p1', title: 'Red\u0000sofa' },
    { id: 'p2', title: '\ud800Blue' },
  ],
};

describe.each(backends)('runs the database cannot store (%s)', (backend) => {
  let t: TestApp;
  let service: Server;
  let serviceUrl: string;
  const requests = new Map<string, number>();
  let goldenSetId: number;
  let scriptId: number;

  async function startRunOver(inputs: string[]): Promise<number> {
    const dataset = await t.db.query<{ id: number }>(`INSERT INTO datasets (name, description) VALUES ($1, 'x') RETURNING id`, [
      inputs.join(', '),
    ]);
    for (const input of inputs) {
      const entry = await t.db.query<{ id: number }>('INSERT INTO dataset_entries (input) VALUES ($1) RETURNING id', [input]);
      await t.db.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
        dataset.rows[0].id,
        entry.rows[0].id,
      ]);
    }
    const experiment = await t.call('POST', `${API}/experiments/`, {
      name: `Unstorable: ${inputs.join(', ')}`,
      evaluation_script_id: scriptId,
      dataset_id: Number(dataset.rows[0].id),
      config: {
        search_target: { kind: 'http', url: serviceUrl, hits: '/hits', product_id: '/id', name: '/title' },
        golden_set_id: goldenSetId,
        k: 2,
      },
    });
    expect(experiment.statusCode, experiment.body).toBe(201);
    const run = await t.call('POST', `${API}/experiments/${experiment.json().id}/runs`);
    expect(run.statusCode, run.body).toBe(202);
    return run.json<{ id: number }>().id;
  }

  beforeAll(async () => {
    t = await startTestApp(
      backend,
      { RUN_SLICE_SECONDS: '1', RUN_JOB_EXPIRE_SECONDS: '30' },
      { runWorker: true, slice: { retryDelaysMs: [10] } },
    );
    service = createServer((request, response) => {
      const q = new URL(request.url!, 'http://x').searchParams.get('q') ?? '';
      requests.set(q, (requests.get(q) ?? 0) + 1);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ hits: ANSWERS[q] ?? [{ id: 'p1', title: 'Red sofa' }] }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/?q={query}`;
    const set = await t.db.query<{ id: number }>(`INSERT INTO golden_sets (name) VALUES ('Unstorable') RETURNING id`);
    goldenSetId = Number(set.rows[0].id);
    await t.db.query(
      `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade) VALUES ($1, 'nul name', 'nul name', 'p1', 2)`,
      [goldenSetId],
    );
    scriptId = Number(
      (await t.db.query<{ id: number }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`)).rows[0].id,
    );
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => service?.close(resolve));
    await t?.close();
  });

  it('a product_id holding U+0000 is that entry’s ERROR, a name holding it is cleaned, and the run finishes', async () => {
    const runId = await startRunOver(['nul id', 'nul name', 'plain']);
    const done = await t.runUntilEnded(runId, { timeoutMs: 30_000 });
    expect(done).toMatchObject({ status: 'success', progress: { done: 3, total: 3 } });
    expect(done.error).toMatch(/^1 of 3 searches failed\. The first: Search failed: .*U\+0000/);

    const results = (await t.call('GET', `${API}/experiment-runs/${runId}/results?page_size=10`)).json<Array<{ result: any }>>();
    const byInput = new Map(results.map(({ result }) => [result.input, result]));
    expect(byInput.get('nul id')).toMatchObject({ status: 'ERROR', results: { search_results: [] } });
    expect(byInput.get('nul name')!.status).toBe('PASS');
    expect(byInput.get('nul name')!.results.search_results).toEqual([
      { product_id: 'p1', name: 'Red\ufffdsofa' },
      { product_id: 'p2', name: '\ufffdBlue' },
    ]);
    // Searched once each: a value the database cannot store is not retried.
    expect([requests.get('nul id'), requests.get('nul name'), requests.get('plain')]).toEqual([1, 1, 1]);
  }, 60_000);

  it('a slice the database keeps refusing fails the run after a bounded number of tries, with the reason', async () => {
    // The database refuses one entry's result, whatever the worker does.
    await t.db.exec(`
      CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.result->>'input' = 'poison' THEN RAISE EXCEPTION 'poison refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_poison BEFORE INSERT ON experiment_run_results FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
    try {
      const runId = await startRunOver(['poison']);
      const done = await t.runUntilEnded(runId, { timeoutMs: 60_000 });
      expect(done.status).toBe('failed');
      expect(done.error).toBe(`The run stopped: its work failed ${SLICE_TRIES} times in a row. The last error: poison refused`);
      expect(requests.get('poison')).toBe(SLICE_TRIES);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(requests.get('poison')).toBe(SLICE_TRIES);
    } finally {
      await t.db.exec('DROP TRIGGER refuse_poison ON experiment_run_results; DROP FUNCTION refuse_poison();');
    }
  }, 90_000);
});
