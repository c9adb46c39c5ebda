/**
 * Removing the demo data (DELETE /api/backend/demo-data): a new user's own rows, some named exactly as the
 * demo's, must all stay, with every count and page of the lists still right; only admins may remove it; it
 * is refused, naming what is in the way, while a run uses demo data or an experiment of the user does; it is
 * audited and can be asked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { demoProduct } from '../../server/demo/demo-results';
import { readWandsQueries } from '../../server/demo/wands-queries';
import { leftDemoData } from '../../server/demo/left-demo-data';
import type { DemoDataState, DemoRemoval } from '../../server/schemas/demo-data';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { DEMO_MARKED, DEMO_MARKED_TABLES, type DemoMarkedTable } from './helpers/demo-tables';

const DEMO = '/api/backend/demo-data';

describe.each(backends)('removing the demo data on %s', (backend) => {
  let t: TestApp;
  const [firstQuery] = readWandsQueries();
  const mine = {} as {
    dataset: number;
    entry: number;
    entryInBeds: number;
    demoEntryInMine: number;
    goldenSet: number;
    experiment: number;
    run: number;
    beds: number;
    judgedDemoSet: number;
  };

  const ids = async (table: DemoMarkedTable, where = 'true') =>
    (await t.db.query<{ id: string }>(`SELECT ${DEMO_MARKED[table]}::text AS id FROM ${table} WHERE ${where}`)).rows
      .map((r) => r.id)
      .sort();
  const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0];
  const json = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    expect(await seedDemoData(t.db)).toBe(true);

    // The user's own rows of every kind, named as the demo names its rows.
    mine.dataset = json<{ id: number }>(
      await t.call('POST', '/api/service/datasets/', { name: 'My queries', description: 'Mine' }),
      201,
    ).id;
    mine.entry = json<{ id: number }>(await t.call('POST', '/api/service/dataset-entries/', { input: firstQuery.query }), 201).id;
    mine.entryInBeds = json<{ id: number }>(await t.call('POST', '/api/service/dataset-entries/', { input: 'bed frame' }), 201).id;
    mine.beds = Number((await one<{ id: string }>("SELECT id FROM datasets WHERE name = 'Beds'")).id);
    mine.demoEntryInMine = Number((await one<{ id: string }>('SELECT min(id) AS id FROM dataset_entries WHERE demo')).id);
    json(
      await t.call('POST', '/api/service/dataset-entry-mappings/', [
        { dataset_id: mine.dataset, dataset_entry_id: mine.entry },
        { dataset_id: mine.dataset, dataset_entry_id: mine.demoEntryInMine },
        { dataset_id: mine.beds, dataset_entry_id: mine.entryInBeds },
      ]),
      201,
    );
    // Enough entries of the user's that deep pages of the entries list are read through the kept id blocks.
    await t.db.query(
      `INSERT INTO dataset_entries (input, query_key) SELECT 'my query ' || n, 'my query ' || n FROM generate_series(1, 2600) AS n`,
    );

    const demoName = demoProduct(firstQuery, 0);
    const replaced = demoProduct(firstQuery, 1).product_id;
    const csv = `product_id,name,description\nMY-1,${demoName.name},Mine\nMY-2,Oak table,Mine\n${replaced},My own product,Mine\n`;
    json(await t.upload('/api/backend/catalogue/import', [['file', { file: csv, filename: 'mine.csv', type: '' }]]));

    mine.goldenSet = json<{ id: number }>(
      await t.upload('/api/backend/golden-sets/', [
        ['name', 'My judgements'],
        ['file', { file: `query,product_id,relevance\n${firstQuery.query},MY-1,3\n`, filename: 'mine.csv' }],
      ]),
      201,
    ).id;
    // A person's judgement in a demo golden set: that set is theirs now.
    mine.judgedDemoSet = Number((await one<{ id: string }>("SELECT id FROM golden_sets WHERE name = 'Golden set — France'")).id);
    json(await t.call('PUT', `/api/backend/golden-sets/${mine.judgedDemoSet}/judgements/`, { query: 'rug', product_id: 'MY-2', grade: 2 }));

    const builtin = Number((await one<{ id: string }>("SELECT id FROM evaluation_scripts WHERE engine = 'golden-set-relevance'")).id);
    mine.experiment = json<{ id: number }>(
      await t.call('POST', '/api/backend/experiments/', {
        name: 'BM25 baseline',
        evaluation_script_id: builtin,
        dataset_id: mine.dataset,
        config: { search_target: { kind: 'builtin' }, golden_set_id: mine.goldenSet },
      }),
      201,
    ).id;
    // Started and cancelled (no worker here): a run of the user's that must stay.
    mine.run = json<{ id: number }>(await t.call('POST', `/api/backend/experiments/${mine.experiment}/runs`, {}), 202).id;
    json(await t.call('POST', `/api/backend/experiment-runs/${mine.run}/cancel`));
  }, 120_000);
  afterAll(() => t?.close());

  it('reports the demo data as present, and marks its rows (and only those) demo in lists and details', async () => {
    const state = json<DemoDataState>(await t.call('GET', DEMO));
    expect(state.present).toBe(true);
    expect(state.seeds_empty_database).toBe(true);
    expect(state.counts).toMatchObject({ datasets: 7, evaluation_scripts: 2, experiments: 6, golden_sets: 3 });
    expect(state.counts.entries).toBe((await ids('dataset_entries', 'demo')).length);

    const datasets = json<{ name: string; demo: boolean }[]>(await t.call('GET', '/api/service/datasets/?page_size=100'));
    expect(datasets.filter((d) => !d.demo).map((d) => d.name)).toEqual(['My queries']);
    const entry = json<{ demo: boolean }>(await t.call('GET', `/api/service/dataset-entries/${mine.entry}`));
    expect(entry.demo).toBe(false);
    const demoEntry = json<{ demo: boolean }>(await t.call('GET', `/api/service/dataset-entries/${mine.demoEntryInMine}`));
    expect(demoEntry.demo).toBe(true);
    const products = json<{ results: { product_id: string; demo: boolean }[] }>(
      await t.call('GET', `/api/backend/catalogue/products/?search=${encodeURIComponent(firstQuery.query)}&page_size=100`),
    );
    expect(products.results.find((p) => p.product_id === 'MY-1')?.demo).toBe(false);
    expect(products.results.find((p) => p.product_id === demoProduct(firstQuery, 0).product_id)?.demo).toBe(true);
    const sets = json<{ results: { name: string; demo: boolean }[] }>(await t.call('GET', '/api/backend/golden-sets/?page_size=100'));
    expect(sets.results.filter((s) => !s.demo).map((s) => s.name)).toEqual(['My judgements', 'Golden set — France']);
    const experiments = json<{ id: number; demo: boolean }[]>(await t.call('GET', '/api/backend/experiments/?page_size=100'));
    expect(experiments.filter((e) => !e.demo).map((e) => e.id)).toEqual([mine.experiment]);
    const scripts = json<{ results: { name: string; demo: boolean }[] }>(await t.call('GET', '/api/backend/evaluation-scripts/'));
    expect(scripts.results.filter((s) => s.demo).map((s) => s.name)).toEqual(
      expect.arrayContaining(['LLM relevance judge', 'Click model replay']),
    );
    expect(scripts.results.find((s) => s.name === 'Golden set relevance')?.demo).toBe(false);
    const runnable = (await one<{ id: string }>("SELECT id FROM experiments WHERE name = 'Built-in search · WANDS US golden set'")).id;
    const runs = json<{ demo: boolean }[]>(await t.call('GET', `/api/backend/experiment-runs/by_experiment/${runnable}`));
    expect(runs.map((r) => r.demo)).toEqual([true]);
  });

  it('says so at start-up when DEMO_DATA=false finds demo data, and how to remove it', async () => {
    expect(await leftDemoData(t.db)).toMatch(
      /^DEMO_DATA=false: the database already holds demo data \(7 datasets · .*DELETE \/api\/backend\/demo-data/,
    );
  });

  it('is refused to viewers and curators (403), removing nothing', async () => {
    for (const role of ['viewer', 'curator']) {
      const response = await t.call('DELETE', DEMO, undefined, { authorization: `Bearer ${await t.issuer.token({ roles: [role] })}` });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('needs the admin role');
    }
    expect(
      json<DemoDataState>(await t.call('GET', DEMO, undefined, { authorization: `Bearer ${await t.issuer.token({ roles: ['viewer'] })}` }))
        .present,
    ).toBe(true);
  });

  it('is refused (409) while a run of the demo is pending, naming the run and its experiment', async () => {
    const runnable = await one<{ id: string; name: string }>("SELECT id, name FROM experiments WHERE name LIKE 'Built-in search%'");
    const run = json<{ id: number }>(await t.call('POST', `/api/backend/experiments/${runnable.id}/runs`, {}), 202);
    const before = await ids('products', 'demo');
    const refused = await t.call('DELETE', DEMO);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`run ${run.id} of "${runnable.name}" (pending)`);
    expect(refused.json().details.runs).toEqual([
      { id: run.id, status: 'pending', experiment_id: Number(runnable.id), experiment_name: runnable.name },
    ]);
    expect(await ids('products', 'demo')).toEqual(before);
    json(await t.call('POST', `/api/backend/experiment-runs/${run.id}/cancel`));
  });

  it("is refused (409) while an experiment of the user's uses a demo dataset, naming it", async () => {
    const rugs = Number((await one<{ id: string }>("SELECT id FROM datasets WHERE name = 'Area Rugs'")).id);
    json(await t.call('PATCH', `/api/backend/experiments/${mine.experiment}`, { dataset_id: rugs }));
    const refused = await t.call('DELETE', DEMO);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('"BM25 baseline" uses the demo dataset "Area Rugs"');
    expect(refused.json().details.experiments).toEqual([
      { id: mine.experiment, name: 'BM25 baseline', uses: [{ kind: 'dataset', id: rugs, name: 'Area Rugs' }] },
    ]);
    json(await t.call('PATCH', `/api/backend/experiments/${mine.experiment}`, { dataset_id: mine.dataset }));
  });

  it("removes exactly the demo's rows, keeps everything the user made and what their rows hold, and audits it", async () => {
    const before = Object.fromEntries(
      await Promise.all(DEMO_MARKED_TABLES.map(async (table) => [table, await ids(table, 'NOT demo')] as const)),
    ) as Record<DemoMarkedTable, string[]>;
    const demoBefore = json<DemoDataState>(await t.call('GET', DEMO)).counts;
    const bedsEntries = await ids(
      'dataset_entries',
      `id IN (SELECT dataset_entry_id FROM dataset_entry_mappings WHERE dataset_id = ${mine.beds})`,
    );
    const keptEntries = [...new Set([...bedsEntries, String(mine.demoEntryInMine)])].filter((id) => id !== String(mine.entryInBeds));
    const runsOfDemo = await ids('experiment_runs', 'demo OR experiment_id IN (SELECT id FROM experiments WHERE demo)');

    const answer = json<DemoRemoval>(await t.call('DELETE', DEMO));
    expect(answer.kept).toEqual({ datasets: 1, entries: keptEntries.length });
    expect(answer.removed).toEqual({
      ...demoBefore,
      datasets: demoBefore.datasets - 1,
      entries: demoBefore.entries - keptEntries.length,
      runs: runsOfDemo.length,
    });

    expect(await ids('datasets')).toEqual([...before.datasets, String(mine.beds)].sort());
    expect(await ids('dataset_entries')).toEqual([...before.dataset_entries, ...keptEntries].sort());
    for (const table of ['evaluation_scripts', 'experiments', 'golden_sets', 'products'] as const) {
      expect(await ids(table), table).toEqual(before[table]);
    }
    expect(await ids('experiment_runs')).toEqual(before.experiment_runs.filter((id) => !runsOfDemo.includes(id)));
    expect(await ids('experiment_runs')).toContain(String(mine.run));
    for (const table of DEMO_MARKED_TABLES) expect(await ids(table, 'demo'), table).toEqual([]);
    // The built-in script is back at the price it had before the demo gave it one.
    expect(
      Number(
        (await one<{ cost: string }>("SELECT cost_per_evaluation AS cost FROM evaluation_scripts WHERE engine = 'golden-set-relevance'"))
          .cost,
      ),
    ).toBe(0);

    const audit = json<{ results: { action: string; summary: string; actor: { sub: string } }[] }>(
      await t.call('GET', '/api/backend/audit/?action=demo.remove'),
    );
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0].actor.sub).toBe('test-user');
    expect(audit.results[0].summary).toContain(`removed ${answer.removed.datasets} datasets`);
    expect(audit.results[0].summary).toContain(`${answer.removed.products.toLocaleString('en')} products`);
    expect(json<DemoDataState>(await t.call('GET', DEMO)).present).toBe(false);
    expect(await leftDemoData(t.db)).toBeUndefined();
  });

  it('leaves every count and page of the lists right', async () => {
    const all = await ids('dataset_entries');
    const newestFirst = all.map(Number).sort((a, b) => b - a);
    for (const offset of [0, 50, 1500, Math.floor((newestFirst.length - 1) / 10) * 10 - 10]) {
      const page = await t.call('GET', `/api/service/dataset-entries/?page=${offset / 10 + 1}&page_size=10`);
      expect(Number(page.headers['x-total-count'])).toBe(newestFirst.length);
      expect(page.json<{ id: number }[]>().map((e) => e.id)).toEqual(newestFirst.slice(offset, offset + 10));
    }
    for (const dataset of [mine.dataset, mine.beds]) {
      const members = (
        await ids('dataset_entries', `id IN (SELECT dataset_entry_id FROM dataset_entry_mappings WHERE dataset_id = ${dataset})`)
      )
        .map(Number)
        .sort((a, b) => b - a);
      const page = await t.call('GET', `/api/service/dataset-entries/?in_dataset=${dataset}&page_size=100`);
      expect(Number(page.headers['x-total-count'])).toBe(members.length);
      expect(page.json<{ id: number }[]>().map((e) => e.id)).toEqual(members);
      const notIn = await t.call('GET', `/api/service/dataset-entries/?not_in_dataset=${dataset}&page_size=1`);
      expect(Number(notIn.headers['x-total-count'])).toBe(newestFirst.length - members.length);
    }
    const datasets = json<{ id: number; entry_count: number }[]>(await t.call('GET', '/api/service/datasets/?page_size=100'));
    for (const dataset of datasets) {
      const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM dataset_entry_mappings WHERE dataset_id = $1', [dataset.id]);
      expect(dataset.entry_count).toBe(n);
    }
    const sets = json<{ results: { id: number; query_count: number; judgement_count: number }[] }>(
      await t.call('GET', '/api/backend/golden-sets/?page_size=100'),
    );
    for (const set of sets.results) {
      expect(set).toMatchObject(
        await one<object>(
          'SELECT count(DISTINCT query_key)::int AS query_count, count(*)::int AS judgement_count FROM golden_set_judgements WHERE golden_set_id = $1',
          [set.id],
        ),
      );
    }
    const products = json<{ count: number; results: { product_id: string }[] }>(
      await t.call('GET', '/api/backend/catalogue/products/?page_size=100'),
    );
    expect(products.count).toBe((await ids('products')).length);
    expect(products.results.map((p) => p.product_id)).toEqual(['MY-1', 'MY-2', demoProduct(firstQuery, 1).product_id].sort());
  });

  it('removes nothing when asked again', async () => {
    const again = json<DemoRemoval>(await t.call('DELETE', DEMO));
    expect(Object.values(again.removed)).toEqual(Object.values(again.removed).map(() => 0));
    expect(again.kept).toEqual({ datasets: 0, entries: 0 });
  });
});

describe('the demo data state with DEMO_DATA=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { DEMO_DATA: 'false' });
  });
  afterAll(() => t?.close());

  it('says the server does not seed, and that nothing is present', async () => {
    const state = (await t.call('GET', DEMO)).json<DemoDataState>();
    expect(state).toMatchObject({ present: false, seeds_empty_database: false });
    expect(Object.values(state.counts).every((n) => n === 0)).toBe(true);
  });
});
