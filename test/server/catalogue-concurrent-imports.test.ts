/**
 * Two catalogue imports at once whose product ids overlap, listed in opposite orders: on PostgreSQL
 * each import locks the rows it upserts, so unordered locking deadlocks (40P01) one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-databases';
import { startTestIssuer } from './helpers/test-issuer';

const IMPORT = '/api/backend/catalogue/import';
const PRODUCTS = 4_000;
const ROUNDS = 3;

const csv = (ids: number[], name: string) => `product_id,name\n${ids.map((id) => `P-${id},${name} ${id}`).join('\n')}\n`;

describe.each(backends)('concurrent catalogue imports (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('overlapping imports in opposite orders both succeed: neither deadlocks nor fails with a 500', async () => {
    const ids = Array.from({ length: PRODUCTS }, (_, i) => i + 1);
    expect((await t.upload(IMPORT, [['file', { file: csv(ids, 'first') }]])).statusCode).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const [up, down] = await Promise.all([
        t.upload(IMPORT, [['file', { file: csv(ids, `up ${round}`) }]]),
        t.upload(IMPORT, [['file', { file: csv([...ids].reverse(), `down ${round}`) }]]),
      ]);
      expect([up.statusCode, down.statusCode], `${up.body}\n${down.body}`).toEqual([200, 200]);
      expect(up.json()).toEqual({ imported: PRODUCTS, created: 0, updated: PRODUCTS });
      expect(down.json()).toEqual({ imported: PRODUCTS, created: 0, updated: PRODUCTS });
    }
  });

  it('overlapping imports of new products in opposite orders both succeed, each product created once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = Array.from({ length: PRODUCTS }, (_, i) => (round + 1) * 100_000 + i);
      const [up, down] = await Promise.all([
        t.upload(IMPORT, [['file', { file: csv(ids, 'up') }]]),
        t.upload(IMPORT, [['file', { file: csv([...ids].reverse(), 'down') }]]),
      ]);
      expect([up.statusCode, down.statusCode], `${up.body}\n${down.body}`).toEqual([200, 200]);
      expect(up.json().created + down.json().created).toBe(PRODUCTS);
    }
  });
});

describe('a conflict the database resolves by aborting a transaction', () => {
  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
  ])('%s answers 409 with a message to try again, not a 500', async (code, message) => {
    const issuer = await startTestIssuer();
    const test = await createTestDatabase('pglite');
    const query: Database['query'] = (sql, params) =>
      sql.includes('FROM products') ? Promise.reject(Object.assign(new Error(message), { code })) : test.db.query(sql, params);
    const db: Database = { ...test.db, query, connection: (work) => work({ ...test.db, query }) };
    const config = readConfig({ OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: issuer.audience, OIDC_CLIENT_ID: 'test-console' });
    const app = await buildApp(config, { db });
    try {
      const headers = { authorization: `Bearer ${await issuer.token()}` };
      const res = await app.inject({ method: 'GET', url: '/api/backend/catalogue/products/', headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/try again/);
    } finally {
      await app.close();
      await test.drop();
      await issuer.close();
    }
  });
});
