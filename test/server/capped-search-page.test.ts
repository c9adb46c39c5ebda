// A capped search's page (more matches than the count cap) is read by walking ids or through the trigram
// index, whichever the planner's estimate of the matches says costs less (server/db/capped-search-page.ts):
// either way it is the plain query's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedSearchPageKeys } from '../../server/db/capped-search-page';
import type { Queryable } from '../../server/db/database';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const ENTRIES = 6_000;

describe.each(backends)('capped search pages (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
    // "maple" in every third entry; "walnut" in about 1 of 75, none among the newest 1,000.
    await t.db.query(
      `INSERT INTO dataset_entries (input)
       SELECT CASE WHEN n % 3 = 0 THEN 'maple desk ' || n WHEN n % 50 = 1 AND n < $1 - 1000 THEN 'walnut shelf ' || n ELSE 'pine bed ' || n END
       FROM generate_series(1, $1) AS n`,
      [ENTRIES],
    );
    await t.db.exec('ANALYZE entry_search_texts');
  });
  afterAll(() => t?.close());

  /** The page as the plain query reads it, the capped read's page, and whether it read through the trigram index. */
  async function both(word: string, limit: number, offset: number) {
    const pattern = `%${word}%`;
    const { rows } = await t.db.query<{ id: number | string }>(
      'SELECT id FROM dataset_entries WHERE input ILIKE $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
      [pattern, limit, offset],
    );
    const sent: string[] = [];
    const spy = { ...t.db, query: (sql: string, params?: unknown[]) => (sent.push(sql), t.db.query(sql, params)) } as Queryable;
    const keys = await cappedSearchPageKeys(spy, 'e.text LIKE lower($1)', [pattern], ENTRIES, limit, offset);
    return { expected: rows.map((row) => Number(row.id)), keys, throughIndex: sent.some((sql) => sql.includes('e.id + 0')) };
  }

  it('a common word walks the ids, near and deep', async () => {
    for (const offset of [0, 1_500]) {
      const { expected, keys, throughIndex } = await both('maple', 20, offset);
      expect(keys).toHaveLength(20);
      expect(keys).toEqual(expected);
      expect(throughIndex).toBe(false);
    }
  });

  it('a rare word is read through the trigram index, in the same order', async () => {
    const { expected, keys, throughIndex } = await both('walnut', 20, 20);
    expect(keys).toHaveLength(20);
    expect(keys).toEqual(expected);
    expect(throughIndex).toBe(true);
  });

  it('pages past the last match are empty either way', async () => {
    for (const word of ['maple', 'walnut']) {
      const { expected, keys } = await both(word, 20, 5_000);
      expect(expected).toEqual([]);
      expect(keys).toEqual([]);
    }
  });
});
