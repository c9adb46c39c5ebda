/**
 * Grades from clicks stored at scale: `npm run bench:click-import -- [--events N] [--only pglite|postgres]`.
 *
 * Writes a UBI JSON Lines log of N events (10,000,000 by default, see ubi-log.ts), then imports it into a golden
 * set as POST golden-sets/{id}/click-logs with preview=false does: the file streamed into the tally, COEC and
 * grades, then the grades stored as the set's rater "clicks" in one transaction, the set's grades made again.
 * Timed from the first byte read to the commit, with this process's peak RSS meanwhile; done twice, the
 * second import replacing the first's ratings. Targets: < 60 s and < 500 MB on PostgreSQL (DATABASE_URL).
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { previewClickGrades } from '../server/golden-sets/click-logs/click-grades';
import { readClickLog } from '../server/golden-sets/click-logs/read-click-log';
import { storeClickGrades } from '../server/golden-sets/click-logs/store-click-grades';
import { openDatabase } from '../server/storage/open-database';
import { migrate } from '../server/storage/migrate';
import { benchBackends, sampleRss, withScratchDatabase } from './bench-server';
import { positive } from './run-setup';
import { writeUbiLog } from './ubi-log';

const TARGET_MS = 60_000;
const TARGET_RSS = 500 * 2 ** 20;
const ACTOR = { sub: 'bench', name: 'Click import bench' };

const { values } = parseArgs({ options: { events: { type: 'string', default: '10000000' }, only: { type: 'string' } } });
const events = positive(values.events, '--events');
const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;

async function importInto(connection: { databaseUrl?: string; dataDir: string }, label: string, path: string): Promise<void> {
  const db = await openDatabase(connection);
  try {
    await migrate(db);
    const set = await db.query<{ id: number }>("INSERT INTO golden_sets (name, max_grade) VALUES ('Click import bench', 3) RETURNING id");
    for (const round of ['first import', 're-import']) {
      const rss = sampleRss(process.pid, 50);
      const started = performance.now();
      const log = await readClickLog(createReadStream(path), 'ubi', 'Nothing was stored');
      const read = performance.now();
      const graded = previewClickGrades(log.tally, { minImpressions: 20, priorClicks: 5, thresholds: [0.5, 1, 1.5] });
      const stored = await storeClickGrades(db, ACTOR, set.rows[0].id, graded.pairs);
      const ended = performance.now();
      const peak = await rss.stop();
      console.log(
        `  ${label}, ${round}: ${stored.rated.toLocaleString('en')} pairs rated (${graded.ungraded.toLocaleString('en')} below 20 impressions), ` +
          `${stored.changed.toLocaleString('en')} grades changed; parse ${((read - started) / 1000).toFixed(1)} s, ` +
          `grades + store ${((ended - read) / 1000).toFixed(1)} s, total ${((ended - started) / 1000).toFixed(1)} s ` +
          `(target < ${TARGET_MS / 1000} s); peak RSS ${mb(peak)} (target < ${mb(TARGET_RSS)})`,
      );
      if (ended - started >= TARGET_MS || peak >= TARGET_RSS) process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

const work = await mkdtemp(join(tmpdir(), 'bench-click-import-'));
try {
  const path = join(work, 'ubi.jsonl');
  const lines = await writeUbiLog(path, events);
  console.log(`click import: ${events.toLocaleString('en')} events, ${lines.toLocaleString('en')} lines, ${mb((await stat(path)).size)}`);
  for (const backend of benchBackends(values.only)) {
    if (backend === 'pglite') await importInto({ dataDir: join(work, 'pglite') }, 'PGlite', path);
    else await withScratchDatabase('clicks', (url) => importInto({ databaseUrl: url, dataDir: join(work, 'unused') }, 'PostgreSQL', path));
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
