/**
 * Timestamps reach the API as ISO 8601 in UTC to the millisecond, whatever form the database writes them
 * in: a session in UTC (rearranged as text), or another time zone (read through a Date).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const SELECTED = `SELECT timestamptz '2026-11-22 04:24:00.123999+00' AS micro, timestamptz '2026-11-22 04:24:00+00' AS whole,
  timestamptz '2026-11-22 04:24:00.5+00' AS tenth, timestamptz '2026-02-28 23:59:59.999+00' AS last,
  timestamptz '1999-12-31 22:30:00-01:30' AS offset_given`;
const EXPECTED = {
  micro: '2026-11-22T04:24:00.123Z',
  whole: '2026-11-22T04:24:00.000Z',
  tenth: '2026-11-22T04:24:00.500Z',
  last: '2026-02-28T23:59:59.999Z',
  offset_given: '2000-01-01T00:00:00.000Z',
};

describe.each(backends)('timestamps as the API gives them (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('are ISO 8601 in UTC to the millisecond from a session in UTC', async () => {
    const { rows } = await t.db.transaction(async (tx) => {
      await tx.query("SET LOCAL TimeZone = 'UTC'");
      return tx.query(SELECTED);
    });
    expect(rows[0]).toEqual(EXPECTED);
  });

  it('are the same instants from a session in another time zone', async () => {
    const { rows } = await t.db.transaction(async (tx) => {
      await tx.query("SET LOCAL TimeZone = 'Asia/Kolkata'");
      const written = await tx.query<{ text: string }>("SELECT timestamptz '2026-11-22 04:24:00.123+00'::text AS text");
      expect(written.rows[0].text).toBe('2026-11-22 09:54:00.123+05:30');
      return tx.query(SELECTED);
    });
    expect(rows[0]).toEqual(EXPECTED);
  });
});
