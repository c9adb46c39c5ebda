/**
 * Grades from clicks at scale: `npm run bench:click-logs -- [--events N]`.
 *
 * Writes a UBI JSON Lines log of N events (1,000,000 by default) to a temporary file: 2,000 queries, each
 * search showing 10 of its query's 30 products at positions 1 to 10, clicks likelier near the top and on better
 * products, now and then another action. Then times the click-log preview's computation as the route runs
 * it (server/golden-sets/click-logs/): the file streamed, parsed and aggregated, COEC and grades computed,
 * and samples the memory meanwhile: it should grow with the distinct pairs, not the events.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { previewClickGrades } from '../server/golden-sets/click-logs/click-grades';
import { readClickLog } from '../server/golden-sets/click-logs/read-click-log';
import { seededRandom } from './generate-csv';
import { positive } from './run-setup';

const QUERIES = 2000;
const PRODUCTS_PER_QUERY = 30;
const SHOWN = 10;

const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' } } });
const events = positive(values.events, '--events');

/** Writes the log; answers the lines written. */
async function writeLog(path: string, count: number): Promise<number> {
  const random = seededRandom(20261128);
  const out = createWriteStream(path);
  const quality = Array.from({ length: QUERIES * PRODUCTS_PER_QUERY }, () => random());
  let written = 0;
  let lines = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!out.write(batch.join(''))) await once(out, 'drain');
    batch = [];
  };
  const event = (action: string, queryId: string, product: number, index: number) => {
    written++;
    batch.push(
      `${JSON.stringify({
        action_name: action,
        query_id: queryId,
        client_id: 'bench',
        timestamp: '2026-11-28T02:00:00Z',
        event_attributes: { object: { object_id: `SKU-${product}`, object_id_field: 'sku' }, position: { ordinal: { index } } },
      })}\n`,
    );
  };
  for (let search = 0; written < count; search++) {
    const query = Math.floor(random() * QUERIES);
    const queryId = `search-${search}`;
    batch.push(`${JSON.stringify({ query_id: queryId, user_query: `query number ${query}`, timestamp: '2026-11-28T02:00:00Z' })}\n`);
    lines++;
    const first = Math.floor(random() * (PRODUCTS_PER_QUERY - SHOWN));
    for (let index = 1; index <= SHOWN && written < count; index++) {
      const product = query * PRODUCTS_PER_QUERY + first + index - 1;
      event('impression', queryId, product, index);
      if (written < count && random() < (quality[product] * 0.6) / index) event('click', queryId, product, index);
      if (written < count && random() < 0.01) event('add_to_cart', queryId, product, index);
    }
    if (batch.length > 5000) await flush();
  }
  await flush();
  out.end();
  await once(out, 'finish');
  return lines + written;
}

const folder = await mkdtemp(join(tmpdir(), 'bench-click-logs-'));
try {
  const path = join(folder, 'ubi.jsonl');
  const lines = await writeLog(path, events);
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
  const log = await readClickLog(createReadStream(path), 'ubi');
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
