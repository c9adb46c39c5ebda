/**
 * A golden set's coverage of a big dataset: `npm run bench:coverage -- [--entries N] [--queries Q]
 * [--judged J] [--only pglite|postgres]`.
 *
 * Stores N entries (1,000,000 by default) written as the server writes them (input and JS query key), each
 * one of Q distinct queries (N / 4) in one of four spellings that differ by case and spaces, about half of
 * them in the measured dataset and the rest in another; and a golden set judging J queries (5,000) above 0
 * and J / 10 at 0 only. Then times GET .../coverage's work, best of 3, as it is (SQL on the stored keys,
 * server/golden-sets/coverage.ts) and as it was before migration 014 (every entry read and keyed in JS),
 * as loaded and after VACUUM, checks both give the same answer, and times filling every key again (what
 * migrate() does at the first start after migration 014: server/db/entry-query-keys.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import type { Database } from '../server/db/database';
import { fillEntryQueryKeys } from '../server/db/entry-query-keys';
import { openDatabase } from '../server/storage/open-database';
import { queryKey } from '../server/evaluation/query-key';
import { coverage, NOT_JUDGED_LISTED, type Coverage } from '../server/golden-sets/coverage';
import { copyLine } from '../server/import/copy-text';
import { benchBackends, withScratchDatabase, type BenchBackend } from './bench-server';
import { seededRandom } from './generate-csv';
import { positive } from './run-setup';

const NOUNS = ['velvet sofa', 'oak table', 'floor lamp', 'bar stool', 'wool rug', 'bed frame', 'desk chair', 'wall mirror'];
const SPELLINGS = [
  (q: string) => q,
  (q: string) => q.toUpperCase(),
  (q: string) => `  ${q.replace(' ', '   ')} `,
  (q: string) => q[0].toUpperCase() + q.slice(1),
];
/** As the bulk upload's benchmark rows carry (bench/generate-csv.ts): entries are read from a table this wide. */
const METADATA = ['search-log', 'manual', 'support-ticket', 'merchandising'].map((source, i) =>
  JSON.stringify({ source, query_class: NOUNS[i], ...(i % 2 ? { priority: i } : {}) }),
);
const COPY_ROWS = 50_000;

/** The query of key number `k`, as the golden set writes it (already its own key). */
const query = (k: number) => `${NOUNS[k % NOUNS.length]} ${k}`;

interface Sizes {
  entries: number;
  queries: number;
  judged: number;
}

async function store(db: Database, sizes: Sizes): Promise<{ setId: number; datasetId: number; inDataset: number }> {
  const random = seededRandom(14);
  const datasets = await db.query<{ id: number }>(
    `INSERT INTO datasets (name, description) VALUES ('Covered', ''), ('Other', '') RETURNING id`,
  );
  const [covered, other] = datasets.rows.map((row) => String(row.id));
  let inDataset = 0;
  for (let from = 1; from <= sizes.entries; from += COPY_ROWS) {
    let entries = '';
    let mappings = '';
    for (let id = from; id < from + COPY_ROWS && id <= sizes.entries; id++) {
      const input = SPELLINGS[Math.floor(random() * SPELLINGS.length)](query(Math.floor(random() * sizes.queries)));
      entries += copyLine([String(id), input, queryKey(input), METADATA[id % METADATA.length]]);
      const dataset = random() < 0.5 ? covered : other;
      if (dataset === covered) inDataset++;
      mappings += `${dataset},${id}\n`;
    }
    await db.copyCsv('dataset_entries', ['id', 'input', 'query_key', 'input_metadata'], entries);
    await db.copyCsv('dataset_entry_mappings', ['dataset_id', 'dataset_entry_id'], mappings);
  }
  await db.query(`SELECT setval(pg_get_serial_sequence('dataset_entries', 'id'), $1)`, [sizes.entries]);
  const set = await db.query<{ id: number }>(`INSERT INTO golden_sets (name) VALUES ('Bench coverage') RETURNING id`);
  const setId = Number(set.rows[0].id);
  let judgements = '';
  for (let k = 0; k < sizes.judged * 1.1; k++) {
    // 3 judgements each; the last tenth only at grade 0, which a run does not score.
    for (let j = 1; j <= 3; j++) {
      const grade = k < sizes.judged ? (k + j) % 4 : 0;
      judgements += copyLine([String(setId), query(k), query(k), `P${k}-${j}`, String(grade)]);
    }
  }
  await db.copyCsv('golden_set_judgements', ['golden_set_id', 'query', 'query_key', 'product_id', 'grade'], judgements);
  await db.query('ANALYZE');
  return { setId, datasetId: Number(covered), inDataset };
}

/** GET .../coverage before migration 014: every entry of the dataset read, 10,000 at a time, and keyed in JS. */
async function coverageBefore(db: Database, goldenSetId: number, datasetId: number): Promise<Coverage> {
  const { rows: judgedRows } = await db.query<{ query_key: string }>(
    'SELECT DISTINCT query_key FROM golden_set_judgements WHERE golden_set_id = $1 AND grade > 0',
    [goldenSetId],
  );
  const judgedKeys = new Set(judgedRows.map((row) => row.query_key));
  const seen = new Set<string>();
  const notJudged: string[] = [];
  let judged = 0;
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number; input: string }>(
      `WITH ids AS (
         SELECT dataset_entry_id AS id FROM dataset_entry_mappings WHERE dataset_id = $1 AND dataset_entry_id > $2
         ORDER BY dataset_entry_id LIMIT 10000)
       SELECT e.id, e.input FROM ids JOIN dataset_entries e ON e.id = ids.id ORDER BY e.id`,
      [datasetId, after],
    );
    for (const { input } of rows) {
      const key = queryKey(input);
      if (seen.has(key)) continue;
      seen.add(key);
      if (judgedKeys.has(key)) judged++;
      else if (notJudged.length < NOT_JUDGED_LISTED) notJudged.push(input.trim());
    }
    if (rows.length < 10000) break;
    after = Number(rows[rows.length - 1].id);
  }
  return { queries: seen.size, judged, not_judged: notJudged };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; answer: T }> {
  const started = performance.now();
  const answer = await work();
  return { ms: performance.now() - started, answer };
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

/** Times the work as it was and as it is, best of 3 each; both must give the same answer. */
async function compare(db: Database, setId: number, datasetId: number, state: string) {
  console.log(`  ${state}:`);
  const answers: Coverage[] = [];
  for (const [name, work] of [
    ['before (entries read, keyed in JS)', () => coverageBefore(db, setId, datasetId)],
    ['now (SQL on stored keys)', () => coverage(db, setId, datasetId)],
  ] as const) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await timed(work));
    const times = runs.map((run) => run.ms);
    answers.push(runs[0].answer);
    const { queries, judged } = runs[0].answer;
    const counts = `${queries.toLocaleString('en')} queries, ${judged.toLocaleString('en')} judged`;
    console.log(`    ${name.padEnd(36)} best ${ms(Math.min(...times))}, first ${ms(times[0])}  (${counts})`);
  }
  if (!isDeepStrictEqual(answers[0], answers[1])) throw new Error(`${state}: the two answers differ`);
}

async function bench(backend: BenchBackend, connection: { databaseUrl?: string; dataDir: string }, sizes: Sizes) {
  const db = await openDatabase(connection);
  try {
    const loading = await timed(() => store(db, sizes));
    const { setId, datasetId, inDataset } = loading.answer;
    console.log(
      `${backend}: ${sizes.entries.toLocaleString('en')} entries (${inDataset.toLocaleString('en')} in the dataset), ` +
        `${sizes.queries.toLocaleString('en')} queries in 4 spellings, ${sizes.judged.toLocaleString('en')} judged; ` +
        `stored in ${(loading.ms / 1000).toFixed(1)} s`,
    );
    // Right after a bulk load the tables' pages are not yet marked all-visible, so index-only scans still
    // read the table; autovacuum marks them soon after (PostgreSQL 13+ vacuums after inserts too).
    await compare(db, setId, datasetId, 'as loaded (not yet vacuumed)');
    await db.query('VACUUM ANALYZE');
    await compare(db, setId, datasetId, 'after VACUUM');
    await db.query('UPDATE dataset_entries SET query_key = NULL');
    await db.query('VACUUM ANALYZE dataset_entries');
    const fill = await timed(() => fillEntryQueryKeys(db));
    console.log(
      `  filling ${fill.answer.toLocaleString('en')} keys (an upgraded database's first start): ${(fill.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      entries: { type: 'string', default: '1000000' },
      queries: { type: 'string' },
      judged: { type: 'string', default: '5000' },
      only: { type: 'string' },
    },
  });
  const entries = positive(values.entries!, '--entries');
  const sizes = {
    entries,
    queries: positive(values.queries ?? String(Math.ceil(entries / 4)), '--queries'),
    judged: positive(values.judged!, '--judged'),
  };
  const work = await mkdtemp(join(tmpdir(), 'bench-coverage-'));
  try {
    for (const backend of benchBackends(values.only)) {
      if (backend === 'pglite') await bench(backend, { dataDir: join(work, 'pglite-data') }, sizes);
      else await withScratchDatabase('coverage', (url) => bench(backend, { databaseUrl: url, dataDir: join(work, 'unused') }, sizes));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
