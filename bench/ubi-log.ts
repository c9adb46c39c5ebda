/**
 * A generated UBI JSON Lines click log for the click benches: 2,000 queries, each search showing 10 of its
 * query's 30 products at positions 1 to 10, clicks likelier near the top and on better products, now and then
 * another action.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { seededRandom } from './generate-csv';

const QUERIES = 2000;
const PRODUCTS_PER_QUERY = 30;
const SHOWN = 10;

/** Writes a log of `count` events to `path`; answers the lines written (searches and events). */
export async function writeUbiLog(path: string, count: number): Promise<number> {
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
