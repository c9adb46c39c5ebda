/**
 * Grades written in bulk and a set regraded: `npm run bench:regrade -- [--pairs N] [--only pglite|postgres]`.
 *
 * A golden set of N (query, product) pairs (200,000 by default): two people's grades and then a model's are
 * written with rateInBulk (as a model judge's job or a click log does: every pair new to the set the first
 * time, the model's moving about a third of the grades), each in one transaction; then the set's rule
 * changes from single to median and every pair is regraded (as PATCH golden-sets/{id} does). Each step
 * timed once, on PGlite and on PostgreSQL when DATABASE_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/storage/open-database';
import { migrate } from '../server/storage/migrate';
import { clicksRater, modelRater, rateInBulk, type RaterGrade } from '../server/golden-sets/rater-grades';
import { regradeSet } from '../server/golden-sets/aggregate-recount';
import { benchBackends, withScratchDatabase } from './bench-server';
import { seededRandom } from './generate-csv';
import { positive } from './run-setup';

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '200000' }, only: { type: 'string' } } });
const pairs = positive(values.pairs, '--pairs');

function grades(seed: number, slip: number): RaterGrade[] {
  const truth = seededRandom(7);
  const random = seededRandom(seed);
  const out: RaterGrade[] = [];
  for (let p = 0; p < pairs; p++) {
    const grade = Math.floor(truth() * 4);
    out.push({ query: `query ${Math.floor(p / 20)}`, product_id: `product-${p}`, grade: random() < slip ? (grade + 1) % 4 : grade });
  }
  return out;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}

async function bench(connection: { databaseUrl?: string; dataDir: string }, label: string): Promise<void> {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    console.log(`${label}, ${pairs.toLocaleString('en')} pairs:`);
    const set = await db.query<{ id: number }>("INSERT INTO golden_sets (name) VALUES ('Regrade bench') RETURNING id");
    const setId = set.rows[0].id;
    const person = async (sub: string) =>
      (await db.query<{ id: number }>("INSERT INTO raters (kind, name, subject) VALUES ('person', $1, $1) RETURNING id", [sub])).rows[0].id;
    const [alice, bob] = [await person('alice'), await person('bob')];
    const judge = await db.query<{ id: number }>(
      `INSERT INTO model_judges (name, base_url, model, temperature, prompt_template, product_fields, products_per_call, concurrency,
         requests_per_minute, price_per_1k_input, price_per_1k_output)
       VALUES ('Bench model', 'http://127.0.0.1:9/v1', 'm', 0, 'p', '{name}', 1, 1, 60, 0, 0) RETURNING id`,
    );
    const write = (rater: number, given: RaterGrade[], replace = false) =>
      db.transaction((tx) => rateInBulk(tx, setId, rater, given, { who: 'bench', replace }));
    const first = await timed("first person's grades, every pair new", () => write(alice, grades(1, 0.2)));
    await timed("second person's grades", () => write(bob, grades(2, 0.25)));
    const model = await db.transaction((tx) => modelRater(tx, judge.rows[0].id, 'Bench model'));
    const moved = await timed("a model's grades", () => write(model, grades(3, 0.35)));
    const clicks = await db.transaction((tx) => clicksRater(tx, setId));
    await timed('click grades replacing, half the pairs', () => write(clicks, grades(4, 0.3).slice(0, pairs / 2), true));
    await db.query("UPDATE golden_sets SET aggregate = 'median' WHERE id = $1", [setId]);
    const regraded = await timed('every pair regraded by a new rule', () => db.transaction((tx) => regradeSet(tx, setId, 'bench')));
    console.log(
      `  (${first.changed.toLocaleString('en')} pairs added, ${moved.changed.toLocaleString('en')} moved by the model, ${regraded.toLocaleString('en')} by the rule)`,
    );
  } finally {
    await db.close();
  }
}

const work = await mkdtemp(join(tmpdir(), 'bench-regrade-'));
try {
  for (const backend of benchBackends(values.only)) {
    if (backend === 'pglite') await bench({ dataDir: join(work, 'pglite') }, 'PGlite');
    else await withScratchDatabase('regrade', (url) => bench({ databaseUrl: url, dataDir: join(work, 'unused') }, 'PostgreSQL'));
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
