/**
 * The "Get started" checklist (GET /api/backend/getting-started): on a database holding the demo data, each
 * step is ticked when, and only when, rows a person made complete it, never by the demo's rows; a viewer may
 * read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import type { GettingStarted, GettingStartedStepKey } from '../../server/schemas/getting-started';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

describe.each(backends)('the getting-started checklist on %s', (backend) => {
  let t: TestApp;
  let datasetId: number;
  let goldenSetId: number;
  let experimentId: number;

  const json = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  /** The steps that are done, in the answer's order. */
  const done = async (): Promise<GettingStartedStepKey[]> => {
    const { steps } = json<GettingStarted>(await t.call('GET', `${API}/getting-started`));
    expect(steps.map((step) => step.key)).toEqual(['queries', 'catalogue', 'golden_set', 'experiment', 'run', 'compare', 'judge']);
    return steps.filter((step) => step.done).map((step) => step.key);
  };
  const upload = async (url: string, file: string, name?: string) =>
    json<{ id: number }>(
      await t.upload(`${API}${url}`, [...(name ? [['name', name] as [string, string]] : []), ['file', { file }]]),
      url === '/golden-sets/' ? 201 : 200,
    );
  const finishedRun = async () => {
    const runId = json<{ id: number }>(await t.call('POST', `${API}/experiments/${experimentId}/runs`), 202).id;
    expect((await t.runUntilEnded(runId)).status).toBe('success');
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] } });
  }, 60_000);
  afterAll(() => t?.close());

  it('has nothing done on an empty database, nor once the demo data is there', async () => {
    expect(await done()).toEqual([]);
    expect(await seedDemoData(t.db)).toBe(true);
    // The demo has entries in datasets, products, golden sets, experiments and several finished runs of one.
    const demoRuns = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM experiment_runs WHERE demo AND status = 'success' GROUP BY experiment_id ORDER BY n DESC LIMIT 1`,
    );
    expect(demoRuns.rows[0]?.n).toBeGreaterThan(1);
    expect(await done()).toEqual([]);
  }, 60_000);

  it('ticks queries once an entry of the user is in a dataset, not before', async () => {
    const entry = json<{ id: number }>(await t.call('POST', '/api/service/dataset-entries/', { input: 'red sofa' }), 201).id;
    expect(await done()).toEqual([]);
    datasetId = json<{ id: number }>(await t.call('POST', '/api/service/datasets/', { name: 'Mine', description: 'My queries' }), 201).id;
    json(await t.call('POST', '/api/service/dataset-entry-mappings/', [{ dataset_id: datasetId, dataset_entry_id: entry }]), 201);
    expect(await done()).toEqual(['queries']);
  });

  it('ticks golden set on an upload, which is an import and ticks no judgement', async () => {
    goldenSetId = (await upload('/golden-sets/', 'query,product_id,relevance\nred sofa,p1,3\n', 'My set')).id;
    expect(await done()).toEqual(['queries', 'golden_set']);
  });

  it('ticks catalogue for an experiment searching over HTTP, or for products the user imported', async () => {
    const script = await t.db.query<{ id: string }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    experimentId = json<{ id: number }>(
      await t.call('POST', `${API}/experiments/`, {
        name: 'Mine',
        evaluation_script_id: Number(script.rows[0].id),
        dataset_id: datasetId,
        config: {
          search_target: { kind: 'http', url: 'http://127.0.0.1:9/search?q={query}', hits: '/hits', product_id: '/id' },
          golden_set_id: goldenSetId,
        },
      }),
      201,
    ).id;
    expect(await done()).toEqual(['queries', 'catalogue', 'golden_set', 'experiment']);
    const builtin = { search_target: { kind: 'builtin' }, golden_set_id: goldenSetId };
    json(await t.call('PATCH', `${API}/experiments/${experimentId}`, { config: builtin }));
    expect(await done()).toEqual(['queries', 'golden_set', 'experiment']);
    await upload('/catalogue/import', 'product_id,name,description\np1,Red sofa,Velvet\n');
    expect(await done()).toEqual(['queries', 'catalogue', 'golden_set', 'experiment']);
  });

  it('ticks run on a finished run, and compare on a second one of the same experiment', async () => {
    await finishedRun();
    expect(await done()).toEqual(['queries', 'catalogue', 'golden_set', 'experiment', 'run']);
    await finishedRun();
    expect(await done()).toEqual(['queries', 'catalogue', 'golden_set', 'experiment', 'run', 'compare']);
  }, 60_000);

  it('ticks judge on a judgement a person gives, and a viewer reads it all', async () => {
    json(await t.call('PUT', `${API}/golden-sets/${goldenSetId}/judgements/`, { query: 'red sofa', product_id: 'p2', grade: 1 }));
    expect(await done()).toEqual(['queries', 'catalogue', 'golden_set', 'experiment', 'run', 'compare', 'judge']);
    const viewer = { authorization: `Bearer ${await t.issuer.token({ roles: ['viewer'] })}` };
    const answer = json<GettingStarted>(await t.call('GET', `${API}/getting-started`, undefined, viewer));
    expect(answer.steps.every((step) => step.done)).toBe(true);
  });
});
