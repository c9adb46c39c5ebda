/**
 * The README's "Your first evaluation in ten minutes", over the API with the files it names (public/samples/):
 * each upload answers what the README says to expect, the runs finish and leave products to judge, and the
 * getting-started checklist ends with every step done.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GettingStarted } from '../../server/schemas/getting-started';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const sample = (name: string) => readFile(new URL(`../../public/samples/${name}`, import.meta.url), 'utf8');

describe.each(backends)('the first evaluation with the sample files on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] } });
  }, 60_000);
  afterAll(() => t?.close());

  const json = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const upload = async (url: string, file: string, fields: Array<[string, string]> = []) =>
    t.upload(url, [...fields, ['file', { file, filename: 'sample.csv' }]]);

  it('walks every step as the README says, and ticks the whole checklist', async () => {
    const queries = await upload('/api/service/dataset-entries/bulk-upload', await sample('queries.csv'));
    expect(json(queries)).toEqual({
      created_entries: 6,
      created_datasets: 1,
      created_mappings: 6,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    const catalogue = await upload(`${API}/catalogue/import`, await sample('catalogue.csv'));
    expect(json(catalogue)).toMatchObject({ imported: 15, created: 15 });
    const found = json<{ results: { product_id: string }[] }>(await t.call('GET', `${API}/catalogue/products/?search=corner%20sofa`));
    expect(
      found.results
        .slice(0, 2)
        .map((p) => p.product_id)
        .sort(),
    ).toEqual(['S-2', 'S-4']);
    const goldenSet = json<{ id: number; query_count: number; judgement_count: number }>(
      await upload(`${API}/golden-sets/`, await sample('golden-set.csv'), [['name', 'First golden set']]),
      201,
    );
    expect([goldenSet.query_count, goldenSet.judgement_count]).toEqual([6, 11]);

    const dataset = await t.db.query<{ id: string }>(`SELECT id FROM datasets WHERE name = 'First evaluation'`);
    const script = await t.db.query<{ id: string }>(`SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'`);
    const experiment = json<{ id: number }>(
      await t.call('POST', `${API}/experiments/`, {
        name: 'First experiment',
        evaluation_script_id: Number(script.rows[0].id),
        dataset_id: Number(dataset.rows[0].id),
        config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSet.id },
      }),
      201,
    );
    const runIds: number[] = [];
    for (let n = 0; n < 2; n++) {
      const run = json<{ id: number }>(await t.call('POST', `${API}/experiments/${experiment.id}/runs`), 202);
      expect((await t.runUntilEnded(run.id)).status).toBe('success');
      runIds.push(run.id);
    }
    const comparison = await t.call('GET', `${API}/run-comparisons/?baseline=${runIds[0]}&candidate=${runIds[1]}`);
    expect(comparison.statusCode, comparison.body).toBe(200);

    const unjudged = json<Array<{ query: string; product_id: string }>>(
      await t.call('GET', `${API}/experiment-runs/${runIds[1]}/unjudged/`),
    );
    expect(unjudged.length).toBeGreaterThan(0);
    const [pair] = unjudged;
    json(
      await t.call('PUT', `${API}/golden-sets/${goldenSet.id}/judgements/`, { query: pair.query, product_id: pair.product_id, grade: 1 }),
    );

    const { steps } = json<GettingStarted>(await t.call('GET', `${API}/getting-started`));
    expect(steps.filter((step) => !step.done)).toEqual([]);
  }, 90_000);
});
