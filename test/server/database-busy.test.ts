/**
 * When every PostgreSQL connection stays busy past the pool's wait (10 s), pg-pool fails the request
 * with 'timeout exceeded when trying to connect'. That is overload, not a defect or bad input: the
 * caller gets a 503 saying so, with Retry-After, instead of a bare 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let busy = false;

/** The test database, but while `busy` every statement fails as pg-pool fails a request that waited too long. */
const sometimesBusy = (db: Database): Database => {
  const noConnection = () => Promise.reject(new Error('timeout exceeded when trying to connect'));
  return {
    ...db,
    query: (sql, params) => (busy ? noConnection() : db.query(sql, params)),
    // A list takes one connection for its reads: that is where pg-pool's wait runs out.
    connection: (work) => (busy ? noConnection() : db.connection(work)),
  };
};

beforeAll(async () => {
  t = await startTestApp('pglite', {}, { appDatabase: sometimesBusy });
}, 60_000);
afterAll(() => t?.close());

it('answers 503 with Retry-After while no database connection comes free, and 200 once one does', async () => {
  const headers = await t.auth();
  busy = true;
  const refused = await t.app.inject({ method: 'GET', url: '/api/service/datasets/', headers });
  expect(refused.statusCode).toBe(503);
  expect(refused.headers['retry-after']).toBe('5');
  expect(refused.json()).toMatchObject({ error: 'Service Unavailable', message: expect.stringMatching(/database is busy.*try again/) });

  busy = false;
  expect((await t.app.inject({ method: 'GET', url: '/api/service/datasets/', headers })).statusCode).toBe(200);
});
