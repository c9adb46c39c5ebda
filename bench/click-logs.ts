/**
 * Grades from clicks at scale: `npm run bench:click-logs -- [--events N]`.
 *
 * Writes a UBI JSON Lines log of N events (1,000,000 by default, see ubi-log.ts) to a temporary file. Then times the click-log preview's computation as the route runs
 * it (server/golden-sets/click-logs/): the file streamed, parsed and aggregated, COEC and grades computed,
 * and samples the memory meanwhile: it should grow with the distinct pairs, not the events.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { previewClickGrades } from '../server/golden-sets/click-logs/click-grades';
import { readClickLog } from '../server/golden-sets/click-logs/read-click-log';
import { writeUbiLog } from './ubi-log';
import { positive } from './run-setup';

const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' } } });
const events = positive(values.events, '--events');

const folder = await mkdtemp(join(tmpdir(), 'bench-click-logs-'));
try {
  const path = join(folder, 'ubi.jsonl');
  const lines = await writeUbiLog(path, events);
  const bytes = (await stat(path)).size;
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 10);
  const started = performance.now();
  const log = await readClickLog(createReadStream(path), 'ubi', 'Nothing was graded');
  const read = performance.now();
  const preview = previewClickGrades(log.tally, { minImpressions: 20, priorClicks: 5, thresholds: [0.5, 1, 1.5] });
  const ended = performance.now();
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakHeap = Math.max(peakHeap, after.heapUsed);
  peakRss = Math.max(peakRss, after.rss);
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
  console.log(
    `click logs: ${events.toLocaleString('en')} events (${log.counted_events.toLocaleString('en')} impressions and clicks, ` +
      `${log.skipped_events.toLocaleString('en')} other), ${lines.toLocaleString('en')} lines, ${mb(bytes)}`,
  );
  console.log(
    `  ${log.tally.pairCount.toLocaleString('en')} pairs, ${preview.positions.length} positions; grades ${JSON.stringify(preview.grade_counts)}, ${preview.ungraded.toLocaleString('en')} ungraded`,
  );
  console.log(
    `  parse + aggregate ${(read - started).toFixed(0)} ms (${((lines / (read - started)) * 1000).toLocaleString('en', { maximumFractionDigits: 0 })} lines/s); ` +
      `COEC + grades ${(ended - read).toFixed(0)} ms; total ${(ended - started).toFixed(0)} ms`,
  );
  console.log(
    `  memory: heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)}); rss peak ${mb(peakRss)} (+${mb(peakRss - before.rss)})`,
  );
} finally {
  await rm(folder, { recursive: true, force: true });
}
