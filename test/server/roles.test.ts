/**
 * The roles on every route the API documents (read from the OpenAPI document, so a new route is
 * held to them too), with tokens of a test issuer carrying the roles claim and with the embedded provider's
 * own tokens of accounts of each role: a viewer reads and changes
 * nothing but their own API keys, a curator changes everything but accounts, scripts' cost, the audit trail and the demo data, an admin does all;
 * a token mapping to no role gets nothing but who it is. Each refusal is a 403 naming the role needed,
 * given before the request's body or parameters are looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../server/auth/roles';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { runAccountCommand } from '../../server/admin/account-admin';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, signIn } from './helpers/sign-in-flow';

type Needed = Role | 'signed-in';
type Route = { method: string; path: string };

/**
 * The role a route needs: admin for accounts, the audit trail, scripts' cost and removing the demo data; any
 * signed-in token for /me; any role for one's own API keys.
 */
function neededFor({ method, path }: Route): Needed {
  if (path === '/api/backend/me' || path === '/api/backend/me/password') return 'signed-in';
  if (path.startsWith('/api/backend/api-keys')) return 'viewer';
  if (path.startsWith('/api/backend/accounts') || path.startsWith('/api/backend/audit')) return 'admin';
  if (path.startsWith('/api/backend/evaluation-scripts') && method !== 'GET') return 'admin';
  if (path === '/api/backend/demo-data' && method !== 'GET') return 'admin';
  return method === 'GET' ? 'viewer' : 'curator';
}

const RANK: Record<Needed, number> = { 'signed-in': 0, viewer: 1, curator: 2, admin: 3 };
const allowed = (role: Role | null, needed: Needed) => needed === 'signed-in' || (role !== null && RANK[role] >= RANK[needed]);

/** The documented API routes of an app. */
function apiRoutes(app: FastifyInstance): Route[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
}

/** Every route called with `token`: what was refused that the role may do, or let through that it may not. */
async function sweep(app: FastifyInstance, token: string, role: Role | null): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of apiRoutes(app)) {
    const needed = neededFor(route);
    const response = await app.inject({
      method: route.method as 'GET',
      url: route.path.replace(/\{\w+\}/g, '1'),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
    });
    const refused = response.statusCode === 403 && /needs the \w+ role/.test(response.json().message ?? '');
    if (allowed(role, needed) === refused || response.statusCode >= 500) {
      wrong.push(`${route.method} ${route.path}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    } else if (refused && !response.json().message.includes(`needs the ${needed} role`)) {
      wrong.push(`${route.method} ${route.path}: does not name ${needed}: ${response.json().message}`);
    }
  }
  return wrong;
}

describe.each(backends)('roles on every route (%s)', (backend) => {
  let t: TestApp;
  let routes: Route[];

  beforeAll(async () => {
    t = await startTestApp(backend);
    routes = apiRoutes(t.app);
  });
  afterAll(() => t?.close());

  const call = async (route: Route, role: Role | null) => {
    const token = await t.issuer.token(role === null ? { roles: ['someone-else'] } : { roles: [role] });
    return t.app.inject({
      method: route.method as 'GET',
      url: route.path.replace(/\{\w+\}/g, '1'),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
    });
  };

  it.each([['viewer'], ['curator'], ['admin'], [null]] as Array<[Role | null]>)(
    '%s: refused exactly what the role may not do',
    async (role) => {
      expect(routes.length).toBeGreaterThan(40);
      const token = await t.issuer.token(role === null ? { roles: ['someone-else'] } : { roles: [role] });
      expect(await sweep(t.app, token, role)).toEqual([]);
    },
  );

  it("names the caller's role in the refusal, or says it has none", async () => {
    const change = { method: 'POST', path: '/api/service/datasets/' };
    expect((await call(change, 'viewer')).json().message).toBe('This needs the curator role; you are signed in as a viewer');
    expect((await call(change, null)).json().message).toBe(
      'This needs the curator role, and your sign-in carries no role in this console: ask an admin for one',
    );
    const me = await call({ method: 'GET', path: '/api/backend/me' }, null);
    expect(me.json()).toEqual({ sub: 'test-user', name: 'test-user', role: null, local_account: false });
  });
});

describe.each(backends)('roles on every route with the embedded provider’s tokens (%s)', (backend) => {
  const ORIGIN = 'http://console.test';
  const PASSWORD = 'correct horse battery staple';
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp(readConfig({ PUBLIC_URL: ORIGIN, CONSOLE_ADMIN_PASSWORD: PASSWORD }), { db: database.db });
    await app.ready();
    for (const role of ['viewer', 'curator'] as const) {
      await runAccountCommand(database.db, { command: 'add', username: role, password: PASSWORD, role });
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it.each([['viewer'], ['curator'], ['admin']] as Array<[Role]>)('%s: refused exactly what the role may not do', async (role) => {
    const { tokens } = await signIn(new Browser(app, ORIGIN), {
      clientId: 'search-evaluation-console',
      audience: `${ORIGIN}/api`,
      username: role,
      password: PASSWORD,
    });
    expect(await sweep(app, tokens!.access_token!, role)).toEqual([]);
  });
});
