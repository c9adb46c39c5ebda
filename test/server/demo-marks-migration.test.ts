/**
 * Migration 019 on a database seeded before it: the demo's rows are marked exactly as the seeder marks
 * them now, and rows people made or changed are not, even those shaped like the demo's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { demoProduct } from '../../server/demo/demo-results';
import { readWandsQueries } from '../../server/demo/wands-queries';
import { migrate } from '../../server/storage/migrate';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { DEMO_MARKED, DEMO_MARKED_TABLES, type DemoMarkedTable } from './helpers/demo-tables';

describe.each(backends)('migration 019 on a database seeded before it, on %s', (backend) => {
  let t: TestApp;
  let seederMarks: Record<DemoMarkedTable, string[]>;
  let migrationMarks: Record<DemoMarkedTable, string[]>;
  const people: Partial<Record<DemoMarkedTable, string[]>> = {};

  const marked = async () =>
    Object.fromEntries(
      await Promise.all(
        DEMO_MARKED_TABLES.map(async (table) => {
          const { rows } = await t.db.query<{ id: string }>(`SELECT ${DEMO_MARKED[table]}::text AS id FROM ${table} WHERE demo`);
          return [table, rows.map((row) => row.id).sort()] as const;
        }),
      ),
    ) as Record<DemoMarkedTable, string[]>;
  const idOf = async (sql: string) => String((await t.db.query<{ id: string }>(sql)).rows[0].id);
  const ok = (response: { statusCode: number; body: string }, status = 200) => expect(response.statusCode, response.body).toBe(status);

  beforeAll(async () => {
    t = await startTestApp(backend);
    expect(await seedDemoData(t.db)).toBe(true);
    const [query] = readWandsQueries();

    // What a person did since: each of these is theirs, not the demo's.
    const edited = await idOf("SELECT id FROM experiments WHERE name = 'Rug synonyms'");
    ok(await t.call('PATCH', `/api/backend/experiments/${edited}`, { description: 'My synonyms' }));
    const judged = await idOf("SELECT id FROM golden_sets WHERE name = 'Golden set — Spain'");
    ok(await t.call('PUT', `/api/backend/golden-sets/${judged}/judgements/`, { query: 'wall art', product_id: 'X', grade: 1 }));
    const entry = await idOf('SELECT min(id) AS id FROM dataset_entries');
    ok(await t.call('PUT', `/api/service/dataset-entries/${entry}`, { input: 'my own wording' }));
    const lookalike = await t.call('POST', '/api/service/dataset-entries/', {
      input: query.query,
      input_metadata: { source: 'WANDS', query_id: query.id, query_class: query.queryClass },
    });
    ok(lookalike, 201);
    const replaced = demoProduct(query, 0).product_id;
    const csv = `product_id,name\n${replaced},My own product\n`;
    ok(await t.upload('/api/backend/catalogue/import', [['file', { file: csv, filename: 'mine.csv', type: '' }]]));
    const runnable = await idOf("SELECT id FROM experiments WHERE name LIKE 'Built-in search%'");
    const run = await t.call('POST', `/api/backend/experiments/${runnable}/runs`, {});
    ok(run, 202);
    ok(await t.call('POST', `/api/backend/experiment-runs/${run.json().id}/cancel`));
    Object.assign(people, {
      experiments: [edited],
      golden_sets: [judged],
      dataset_entries: [entry, String(lookalike.json().id)],
      products: [replaced],
      experiment_runs: [String(run.json().id)],
    });
    seederMarks = await marked();

    // The database as it was before 019: no marks at all.
    for (const table of DEMO_MARKED_TABLES) await t.db.exec(`ALTER TABLE ${table} DROP COLUMN demo`);
    // The seeder of then gave its entries WANDS's fields only (the generated traffic band and device came later).
    await t.db.query(`UPDATE dataset_entries SET input_metadata = input_metadata - 'traffic' - 'device' WHERE input_metadata ? 'traffic'`);
    await t.db.query('DELETE FROM schema_migrations WHERE version = 19');
    expect(await migrate(t.db)).toEqual(['019_demo_marks.sql']);
    migrationMarks = await marked();
  }, 120_000);
  afterAll(() => t?.close());

  it('marks each kind of row the demo made', () => {
    for (const table of DEMO_MARKED_TABLES) expect(seederMarks[table].length, table).toBeGreaterThan(0);
    expect(seederMarks.evaluation_scripts).toHaveLength(2);
    // Eight written by the seeder, and the one it started through the run queue.
    expect(seederMarks.experiment_runs).toHaveLength(9);
  });

  it('marks exactly the rows the seeder marks', () => {
    expect(migrationMarks).toEqual(seederMarks);
  });

  it("marks none of the rows people made or changed, even shaped like the demo's", () => {
    for (const [table, ids] of Object.entries(people) as [DemoMarkedTable, string[]][]) {
      expect(
        migrationMarks[table].filter((id) => ids.includes(id)),
        table,
      ).toEqual([]);
    }
  });
});
