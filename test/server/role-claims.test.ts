/**
 * Where a token's role comes from: an external provider's claim, named by a dot path and mapped
 * to our roles (Keycloak, Auth0, Okta as the README shows them), with what a token mapping to no role gets;
 * and the embedded provider's accounts, whose role counts as it is now, on both storages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { runAccountCommand } from '../../server/admin/account-admin';
import { claimAt, describeRoleMapping, readRoleMapping, roleFromClaims } from '../../server/auth/role-mapping';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { backends as storages, createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, signIn } from './helpers/sign-in-flow';

describe('the role claim of an external provider', () => {
  it('reads a dot path, keeping a namespaced claim whole, and takes the highest role mapped', () => {
    const keycloak = readRoleMapping({
      OIDC_ROLES_CLAIM: 'realm_access.roles',
      OIDC_ROLE_MAP: 'search-curator=curator,search-admin=admin',
    });
    expect(roleFromClaims({ realm_access: { roles: ['offline_access', 'search-curator'] } }, keycloak)).toBe('curator');
    expect(roleFromClaims({ realm_access: { roles: ['search-curator', 'search-admin'] } }, keycloak)).toBe('admin');
    const auth0 = readRoleMapping({ OIDC_ROLES_CLAIM: 'https://search.example.com/roles', OIDC_ROLE_MAP: 'Search viewer=viewer' });
    expect(claimAt({ 'https://search.example.com/roles': ['Search viewer'] }, auth0.claim)).toEqual(['Search viewer']);
    expect(roleFromClaims({ 'https://search.example.com/roles': ['Search viewer'] }, auth0)).toBe('viewer');
    const okta = readRoleMapping({ OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: 'Search Admins=admin', OIDC_DEFAULT_ROLE: 'viewer' });
    expect(roleFromClaims({ groups: ['Everyone'] }, okta)).toBe('viewer');
    expect(roleFromClaims({ groups: 'Search Admins' }, okta)).toBe('admin');
  });

  it('gives a token mapping to no role nothing unless told, and says so at start', () => {
    const mapping = readRoleMapping({ OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: 'a=admin' });
    expect(roleFromClaims({ groups: ['b'] }, mapping)).toBeNull();
    expect(roleFromClaims({}, mapping)).toBeNull();
    expect(describeRoleMapping(mapping)).toBe(
      'Roles come from the token\'s "groups" claim (a → admin); a token mapping to no role gets no access (set OIDC_DEFAULT_ROLE=viewer to let them read)',
    );
  });

  it('refuses a mapping it cannot read, naming the setting', () => {
    const env = { OIDC_ISSUER: 'https://id.example.com', OIDC_AUDIENCE: 'api', OIDC_CLIENT_ID: 'console' };
    expect(() => readConfig({ ...env, OIDC_ROLE_MAP: 'admins=owner' })).toThrow(
      'OIDC_ROLE_MAP: "owner" (for "admins") is not viewer, curator or admin',
    );
    expect(() => readConfig({ ...env, OIDC_ROLE_MAP: 'admins' })).toThrow('OIDC_ROLE_MAP: "admins" is not VALUE=ROLE');
    expect(() => readConfig({ ...env, OIDC_DEFAULT_ROLE: 'everyone' })).toThrow('OIDC_DEFAULT_ROLE must be none, viewer, curator or admin');
  });
});

describe.each(backends)('an external provider’s roles on the API (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      OIDC_ROLES_CLAIM: 'realm_access.roles',
      OIDC_ROLE_MAP: 'search-viewer=viewer,search-curator=curator,search-admin=admin',
    });
  });
  afterAll(() => t?.close());

  const as = async (claims: Record<string, unknown>, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${await t.issuer.token({ roles: undefined, ...claims })}` } });

  it('lets a mapped curator change data and keeps the admins’ routes from it', async () => {
    const curator = { realm_access: { roles: ['offline_access', 'search-curator'] } };
    expect(
      (await as(curator, 'POST', '/api/service/datasets/', { name: 'By a curator', description: 'Made by a mapped curator' })).statusCode,
    ).toBe(201);
    const audit = await as(curator, 'GET', '/api/backend/audit/');
    expect(audit.statusCode).toBe(403);
    expect(audit.json().message).toBe('This needs the admin role; you are signed in as a curator');
  });

  it('gives a token whose values map to none no access, reads included', async () => {
    const stranger = { realm_access: { roles: ['offline_access'] } };
    expect((await as(stranger, 'GET', '/api/service/datasets/')).statusCode).toBe(403);
    expect((await as({ roles: ['admin'] }, 'GET', '/api/service/datasets/')).statusCode).toBe(403);
    expect((await as(stranger, 'GET', '/api/backend/me')).json()).toMatchObject({ role: null });
  });
});

describe.each(storages)('the embedded provider’s accounts (%s)', (backend) => {
  const ORIGIN = 'http://console.test';
  const PASSWORD = 'correct horse battery staple';
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp(readConfig({ PUBLIC_URL: ORIGIN, CONSOLE_ADMIN_PASSWORD: PASSWORD }), { db: database.db });
    await app.ready();
    await runAccountCommand(database.db, { command: 'add', username: 'vera', password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const tokenOf = async (username: string) => {
    const browser = new Browser(app, ORIGIN);
    const { tokens } = await signIn(browser, {
      clientId: 'search-evaluation-console',
      audience: `${ORIGIN}/api`,
      username,
      password: PASSWORD,
    });
    return tokens!.access_token!;
  };
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  it('signs the first account in as admin and a new one as viewer, the role in the token', async () => {
    const admin = await tokenOf('admin');
    expect((await call(admin, 'GET', '/api/backend/me')).json()).toEqual({
      sub: 'admin',
      name: 'admin',
      role: 'admin',
      local_account: true,
    });
    const vera = await tokenOf('vera');
    expect(JSON.parse(Buffer.from(vera.split('.')[1], 'base64url').toString()).roles).toEqual(['viewer']);
    expect((await call(vera, 'GET', '/api/service/datasets/')).statusCode).toBe(200);
    const refused = await call(vera, 'POST', '/api/service/datasets/', { name: 'By a viewer', description: '' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This needs the curator role; you are signed in as a viewer');
  });

  it('counts the account as it is now: a new role at once, and a removed account’s token no more', async () => {
    const vera = await tokenOf('vera');
    await database.db.query(`UPDATE accounts SET role = 'curator' WHERE username = 'vera'`);
    expect(
      (await call(vera, 'POST', '/api/service/datasets/', { name: 'By a curator now', description: 'Made after a role change' }))
        .statusCode,
    ).toBe(201);
    await runAccountCommand(database.db, { command: 'remove', username: 'vera' });
    const gone = await call(vera, 'GET', '/api/service/datasets/');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe('Invalid bearer token: the account no longer exists');
  });
});
