// A full disk answers every change with a 507 that says so and writes nothing, the health check reports
// it, and once there is room again everything works and nothing acknowledged was lost.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, pkcePair } from './helpers/sign-in-flow';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { fillDisk } from './helpers/full-disk';

const ORIGIN = 'http://console.test';
const FULL = /^The database's disk is full.*: nothing was written\. Free space on that disk, then try again\.$/;

const datasetNames = async (t: TestApp) =>
  (await t.db.query<{ name: string }>('SELECT name FROM datasets ORDER BY name')).rows.map((row) => row.name);

describe('the embedded database on a full disk', () => {
  let t: TestApp;
  let disk: { free(): void } | undefined;
  beforeAll(async () => {
    // No reserve: the disk itself refuses, as when something else filled it between two checks.
    t = await startTestApp('pglite', { DISK_RESERVE_MB: '0' }, { onDisk: true });
  });
  afterEach(() => disk?.free());
  afterAll(() => t?.close());

  it('answers 507 to a change and an upload, reports it in /healthz, and works again once there is room', async () => {
    expect((await t.call('POST', '/api/service/datasets/', { name: 'Before', description: 'A dataset' })).statusCode).toBe(201);
    disk = fillDisk(t.dataDir);

    const rows = Array.from({ length: 3_000 }, (_, i) => `a query that needs room ${i},Full`);
    const upload = await t.upload('/api/service/dataset-entries/bulk-upload', [['file', { file: ['input,datasets', ...rows].join('\n') }]]);
    expect(upload.statusCode, upload.body).toBe(507);
    expect(upload.json()).toMatchObject({ error: 'Insufficient Storage', message: expect.stringMatching(FULL) });

    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'ok', disk: 'full', message: expect.stringMatching(FULL) });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', disk: 'full' });

    // Reads are served meanwhile; changes are refused before they start.
    const refused = await t.call('POST', '/api/service/datasets/', { name: 'During', description: 'A dataset' });
    expect(refused.statusCode).toBe(507);
    expect(refused.json().message).toMatch(FULL);
    expect((await t.call('GET', '/api/service/datasets/?page=1&page_size=10')).statusCode).toBe(200);

    disk.free();
    disk = undefined;
    await new Promise((resolve) => setTimeout(resolve, 10_100));
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok', disk: 'ok' });
    expect((await t.call('POST', '/api/service/datasets/', { name: 'After', description: 'A dataset' })).statusCode).toBe(201);
    expect(await datasetNames(t)).toEqual(['After', 'Before']);
    const { rows: entries } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM dataset_entries WHERE input LIKE 'a query that needs room%'",
    );
    expect(entries[0].n).toBe(0);
  }, 60_000);
});

describe('below the reserve of free space', () => {
  let t: TestApp;
  beforeAll(async () => {
    // More than any disk has free: the reserve is not met.
    t = await startTestApp('pglite', { DISK_RESERVE_MB: '1000000000' }, { onDisk: true });
  });
  afterAll(() => t?.close());

  it('refuses changes before they reach the database, naming the room there is, and still serves reads', async () => {
    const refused = await t.call('POST', '/api/service/datasets/', { name: 'Refused', description: 'A dataset' });
    expect(refused.statusCode).toBe(507);
    expect(refused.json().message).toMatch(
      /^The database's disk is full \([\d,]+ MB free; the server keeps 1,000,000,000 MB in reserve\): nothing was written/,
    );
    expect(await datasetNames(t)).not.toContain('Refused');
    expect((await t.call('GET', '/api/service/datasets/?page=1&page_size=10')).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ disk: 'full', free_bytes: expect.any(Number) });
  });
});

describe.each(backends)("the database's own disk-full error (%s)", (backend) => {
  let t: TestApp;
  let full = false;
  /** PostgreSQL's answer when its disk has no room, as a write meets it. */
  const diskFullOnWrites = (db: Database): Database => ({
    ...db,
    transaction: (work) => {
      if (full)
        return Promise.reject(
          Object.assign(new Error('could not extend file "base/16384/16385": No space left on device'), { code: '53100' }),
        );
      return db.transaction(work);
    },
  });
  beforeAll(async () => {
    t = await startTestApp(backend, {}, { appDatabase: diskFullOnWrites });
  });
  afterAll(() => t?.close());

  it('is a 507 saying the disk is full and nothing was written, and /healthz says so', async () => {
    full = true;
    const response = await t.call('POST', '/api/service/datasets/', { name: 'No room', description: 'A dataset' });
    expect(response.statusCode).toBe(507);
    expect(response.json().message).toMatch(FULL);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'unavailable', disk: 'full' });
    full = false;
  });
});

describe.each(backends)('signing in on a full disk (%s)', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** The database, whose writes of sign-in state fail as on a disk with no room. */
  const noRoomForSignIns = (db: Database): Database => ({
    ...db,
    query: (sql, params) =>
      /INSERT INTO oidc_payloads/.test(sql)
        ? Promise.reject(Object.assign(new Error('could not extend file "base/16384/16390": No space left on device'), { code: '53100' }))
        : db.query(sql, params),
  });
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp(readConfig({ PUBLIC_URL: ORIGIN, CONSOLE_ADMIN_PASSWORD: 'full-disk-sign-in' }), {
      db: noRoomForSignIns(database.db),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('says the disk is full instead of server_error', async () => {
    const browser = new Browser(app, ORIGIN);
    const authorize = new URLSearchParams({
      client_id: 'search-evaluation-console',
      response_type: 'code',
      redirect_uri: `${ORIGIN}/`,
      scope: 'openid',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      resource: `${ORIGIN}/api`,
    });
    const { response } = await browser.follow(await browser.request('GET', `/oidc/auth?${authorize}`));
    expect(response.statusCode).toBe(507);
    expect(response.body).toContain('The server&#39;s disk is full, so your sign-in could not be recorded.');
    expect(response.body).not.toContain('server_error');
  });
});
