/**
 * A search's total is counted up to 10,000 (server/db/capped-matches.ts): past that the API says
 * "at least 10,000" with X-Total-Count-Capped, and every page is still served, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';

const API = '/api/service';
const COMMON = 10_050; // entries holding 'oak': more than the cap
const RARE = 30; // entries holding 'velvet'

describe.each(backends)('capped search totals (%s)', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };

  const list = (query: string) => t.app.inject({ method: 'GET', url: `${API}/dataset-entries/?${query}`, headers });

  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
    const rows = ['input,datasets'];
    for (let i = 0; i < COMMON; i++) rows.push(`oak table ${i},${i % 2 === 0 ? 'Even' : ''}`);
    for (let i = 0; i < RARE; i++) rows.push(`velvet chair ${i},Even`);
    const { payload, contentType } = await multipart([['file', { file: rows.join('\n') }]]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/dataset-entries/bulk-upload`,
      payload,
      headers: { ...headers, 'content-type': contentType },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  it('says "at least 10,000" for a search matching more, and still serves every page in order', async () => {
    const first = await list('search=oak&page_size=20');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('10000');
    expect(first.headers['x-total-count-capped']).toBe('true');
    expect(first.json<Array<{ input: string }>>()[0].input).toBe(`oak table ${COMMON - 1}`);

    // Past the cap: page 503 of 20 holds the 10,041st to 10,050th newest matches, the oldest last.
    const beyond = await list('search=oak&page_size=20&page=503');
    expect(beyond.statusCode, beyond.body).toBe(200);
    expect(beyond.json<Array<{ input: string }>>().map((e) => e.input)).toEqual(Array.from({ length: 10 }, (_, i) => `oak table ${9 - i}`));
    expect((await list('search=oak&page_size=20&page=504')).json()).toEqual([]);
  });

  it('counts exactly up to the cap, and kept counts are never capped', async () => {
    const rare = await list('search=velvet&page_size=20');
    expect(rare.headers['x-total-count']).toBe(String(RARE));
    expect(rare.headers['x-total-count-capped']).toBeUndefined();

    const datasetId = Number((await t.db.query<{ id: number }>(`SELECT id FROM datasets WHERE name = 'Even'`)).rows[0].id);
    const inEven = await list(`in_dataset=${datasetId}&page_size=1`);
    expect(inEven.headers['x-total-count']).toBe(String(COMMON / 2 + RARE));
    expect(inEven.headers['x-total-count-capped']).toBeUndefined();
    const all = await list('page_size=1');
    expect(all.headers['x-total-count']).toBe(String(COMMON + RARE));
    // A dataset filter with a search is counted, and capped only past 10,000.
    const evenOak = await list(`in_dataset=${datasetId}&search=oak&page_size=1`);
    expect(evenOak.headers['x-total-count']).toBe(String(COMMON / 2));
    expect(evenOak.headers['x-total-count-capped']).toBeUndefined();
    const notEvenOak = await list(`not_in_dataset=${datasetId}&search=oak&page_size=1`);
    expect(notEvenOak.headers['x-total-count']).toBe(String(COMMON / 2));
  });
});
