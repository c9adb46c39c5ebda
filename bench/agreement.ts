/**
 * Agreement between raters at scale: `npm run bench:agreement -- [--pairs N]`.
 *
 * Generates N (query, product) pairs (200,000 by default) each graded 0..3 by two people and a language model,
 * each rater off the pair's true grade now and then, and one pair in ten graded by a third person; then times
 * the whole agreement report (server/golden-sets/agreement/agreement-report.ts), best of 3. Target < 1 s.
 * Then the same ratings stored in a golden set, on PGlite and on PostgreSQL when DATABASE_URL is set
 * (`--only pglite|postgres`): the report as GET golden-sets/{id}/agreement makes it, reading included, right
 * after the insert and again after the upkeep that ends an upload (VACUUM ANALYZE, server/db/after-import.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { settleImport } from '../server/db/after-import';
import { goldenSetAgreement } from '../server/golden-sets/set-agreement';
import { openDatabase } from '../server/storage/open-database';
import { migrate } from '../server/storage/migrate';
import { benchBackends, withScratchDatabase } from './bench-server';
import { agreementReport } from '../server/golden-sets/agreement/agreement-report';
import type { Rating } from '../server/golden-sets/agreement/ratings-by-pair';
import { seededRandom } from './generate-csv';
import { positive } from './run-setup';

const TARGET_MS = 1000;
const MAX_GRADE = 3;
const [PERSON_A, PERSON_B, PERSON_C, MODEL] = [11, 12, 13, 90];

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '200000' }, only: { type: 'string' } } });
const pairs = positive(values.pairs, '--pairs');

function generate(count: number): Rating[] {
  const random = seededRandom(20261128);
  const near = (truth: number, slip: number) => {
    if (random() >= slip) return truth;
    return Math.min(MAX_GRADE, Math.max(0, truth + (random() < 0.5 ? -1 : 1) * (random() < 0.8 ? 1 : 2)));
  };
  const ratings: Rating[] = [];
  for (let p = 0; p < count; p++) {
    const pair = `query ${Math.floor(p / 20)}|product ${p}`;
    const truth = Math.floor(random() * (MAX_GRADE + 1));
    ratings.push({ pair, rater: PERSON_A, grade: near(truth, 0.2) }, { pair, rater: PERSON_B, grade: near(truth, 0.25) });
    ratings.push({ pair, rater: MODEL, grade: near(truth, 0.35) });
    if (p % 10 === 0) ratings.push({ pair, rater: PERSON_C, grade: near(truth, 0.2) });
  }
  return ratings;
}

const ratings = generate(pairs);
const times: number[] = [];
let report: ReturnType<typeof agreementReport> | undefined;
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  report = agreementReport(ratings, { maxGrade: MAX_GRADE, humans: [PERSON_A, PERSON_B, PERSON_C] });
  times.push(performance.now() - started);
}
const best = Math.min(...times);
const kappas = report!.pairs.map((p) => `${p.rater_a}–${p.rater_b} κ ${p.kappa_quadratic?.toFixed(3)}`).join(', ');
console.log(
  `agreement: ${pairs.toLocaleString('en')} pairs, ${ratings.length.toLocaleString('en')} ratings, ${report!.raters.length} raters`,
);
console.log(`  ${kappas}; α ordinal ${report!.alpha_ordinal?.toFixed(3)} over ${report!.pairable.toLocaleString('en')} values`);
console.log(`  ${report!.disagreements.length.toLocaleString('en')} pairs graded differently`);
console.log(`  best of 3: ${best.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms; target < ${TARGET_MS} ms)`);
if (best >= TARGET_MS) process.exitCode = 1;

/** The generated ratings stored as a golden set's (one INSERT … SELECT per rater), then the report timed from the database. */
async function throughDatabase(connection: { databaseUrl?: string; dataDir: string }, label: string): Promise<void> {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    const set = await db.query<{ id: number }>("INSERT INTO golden_sets (name) VALUES ('Agreement bench') RETURNING id");
    const setId = set.rows[0].id;
    const byRater = new Map<number, Rating[]>();
    for (const rating of ratings) {
      if (!byRater.has(rating.rater)) byRater.set(rating.rater, []);
      byRater.get(rating.rater)!.push(rating);
    }
    for (const [rater, theirs] of byRater) {
      const made = await db.query<{ id: number }>('INSERT INTO raters (kind, name, subject) VALUES ($1, $2, $3) RETURNING id', [
        rater === MODEL ? 'model' : 'person',
        `Rater ${rater}`,
        rater === MODEL ? null : `bench-${rater}`,
      ]);
      await db.query(
        `INSERT INTO golden_set_ratings (golden_set_id, query, query_key, product_id, rater_id, grade)
         SELECT $1, split_part(pair, '|', 1), split_part(pair, '|', 1), split_part(pair, '|', 2), $2, grade
         FROM unnest($3::text[], $4::int[]) AS r (pair, grade)`,
        [setId, made.rows[0].id, theirs.map((r) => r.pair), theirs.map((r) => r.grade)],
      );
    }
    await timeReport(`${label}, read from the database`, () => goldenSetAgreement(db, setId, 50));
    await settleImport(db, 'judgements', ratings.length, console);
    await timeReport(`${label}, after an upload's VACUUM ANALYZE`, () => goldenSetAgreement(db, setId, 50));
  } finally {
    await db.close();
  }
}

async function timeReport(label: string, report: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    await report();
    times.push(performance.now() - started);
  }
  const best = Math.min(...times);
  console.log(
    `  ${label}: best of 3 ${best.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms; target < ${TARGET_MS} ms)`,
  );
  if (best >= TARGET_MS) process.exitCode = 1;
}

const work = await mkdtemp(join(tmpdir(), 'bench-agreement-'));
try {
  for (const backend of benchBackends(values.only)) {
    if (backend === 'pglite') await throughDatabase({ dataDir: join(work, 'pglite') }, 'PGlite');
    else
      await withScratchDatabase('agreement', (url) => throughDatabase({ databaseUrl: url, dataDir: join(work, 'unused') }, 'PostgreSQL'));
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
