/**
 * API keys with an external identity provider: made up to one's role (service keys by admins), used as a
 * bearer on reads and writes with the key's role, the secret sent once and stored only as its sha256,
 * refused once expired or revoked, and every use in the audit trail under the key and its owner.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/log-destination';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('API keys on %s', (backend) => {
  let t: TestApp;
  let viewer: { authorization: string };
  let curator: { authorization: string };

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const makeKey = async (body: object, headers?: { authorization: string }) => {
    const response = await t.call('POST', '/api/backend/api-keys/', body, headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; prefix: string; secret: string; owner: string; role: string }>();
  };
  const newDataset = (headers: { authorization: string }, name: string) => t.call('POST', '/api/service/datasets/', { name }, headers);

  beforeAll(async () => {
    t = await startTestApp(backend);
    viewer = { authorization: `Bearer ${await t.issuer.token({ sub: 'vera', name: 'Vera', roles: ['viewer'] })}` };
    curator = { authorization: `Bearer ${await t.issuer.token({ sub: 'cora', name: 'Cora', roles: ['curator'] })}` };
  }, 60_000);
  afterAll(() => t.close());

  it('sends the secret once, stores only its sha256, and lists the key without it, newest first', async () => {
    const created = await makeKey({ name: ' ci ', role: 'curator' }, curator);
    expect(created).toEqual({
      id: expect.any(Number),
      prefix: created.secret.slice(0, 12),
      secret: expect.stringMatching(/^sek_[A-Za-z0-9_-]{51}$/),
      name: 'ci',
      role: 'curator',
      owner: 'Cora',
      service: false,
      created_at: expect.any(String),
      expires_at: null,
      last_used_at: null,
    });
    const later = await makeKey({ name: 'nightly', role: 'viewer' }, curator);

    const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [created.id]);
    expect(Object.values(rows[0]).filter((value) => String(value).includes(created.secret.slice(12)))).toEqual([]);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));

    const listed = await t.call('GET', '/api/backend/api-keys/', undefined, curator);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.secret.slice(12));
    expect(listed.json().results.map((key: { id: number }) => key.id)).toEqual([later.id, created.id]);
    expect(listed.headers['x-total-count']).toBe('2');
    // Someone else sees only their own; an admin sees everyone's.
    expect((await t.call('GET', '/api/backend/api-keys/', undefined, viewer)).json()).toEqual({ count: 0, results: [] });
    const all = (await t.call('GET', '/api/backend/api-keys/?page_size=1')).json();
    expect(all).toMatchObject({ count: 2, results: [{ id: later.id, owner: 'Cora' }] });
  });

  it("reads and writes with the key's role, and the audit trail names the key and its owner", async () => {
    const key = await makeKey({ name: 'loader', role: 'curator' }, curator);
    expect((await t.call('GET', '/api/service/datasets/', undefined, bearer(key.secret))).statusCode).toBe(200);
    const made = await newDataset(bearer(key.secret), 'Made by a key');
    expect(made.statusCode, made.body).toBe(201);

    const audit = (await t.call('GET', `/api/backend/audit/?action=dataset.create&target_id=${made.json().id}`)).json().results;
    expect(audit).toEqual([expect.objectContaining({ actor: { sub: `apikey:${key.id}`, name: 'key "loader" (Cora)' } })]);
    const minted = (await t.call('GET', `/api/backend/audit/?action=api_key.create&target_id=${key.id}`)).json().results;
    expect(minted).toEqual([
      expect.objectContaining({ actor: { sub: 'cora', name: 'Cora' }, summary: `personal key "loader" ${key.prefix}, role curator` }),
    ]);

    const me = (await t.call('GET', '/api/backend/me', undefined, bearer(key.secret))).json();
    expect(me).toMatchObject({ sub: `apikey:${key.id}`, name: 'key "loader" (Cora)', role: 'curator' });
  });

  it("refuses a viewer key's write with 403, and a key managing keys", async () => {
    const key = await makeKey({ name: 'reader', role: 'viewer' }, viewer);
    const refused = await newDataset(bearer(key.secret), 'Not allowed');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This needs the curator role; you are signed in as a viewer');
    const minting = await t.call('POST', '/api/backend/api-keys/', { name: 'more', role: 'viewer' }, bearer(key.secret));
    expect(minting.statusCode).toBe(403);
    expect(minting.json().message).toMatch(/An API key cannot list, make or revoke API keys/);
  });

  it('makes keys only up to the maker’s role, and service keys only for admins, naming why', async () => {
    const above = await t.call('POST', '/api/backend/api-keys/', { name: 'x', role: 'curator' }, viewer);
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe("A personal key has at most its owner's role: you are a viewer, not a curator");
    const service = await t.call('POST', '/api/backend/api-keys/', { name: 'x', role: 'viewer', service: true }, curator);
    expect(service.statusCode).toBe(403);
    expect(service.json().message).toBe('Only an admin may make a service key');
    const adminService = await t.call('POST', '/api/backend/api-keys/', { name: 'x', role: 'admin', service: true });
    expect(adminService.statusCode).toBe(400);
    expect(adminService.json().message).toMatch(/^body\.role/);
    const deploy = await makeKey({ name: 'deploy', role: 'curator', service: true });
    expect(deploy).toMatchObject({ service: true, owner: 'test-user' });
    const made = await newDataset(bearer(deploy.secret), 'Deployed');
    const audit = (await t.call('GET', `/api/backend/audit/?target_type=dataset&target_id=${made.json().id}`)).json().results;
    expect(audit[0].actor.name).toBe('service key "deploy" (test-user)');
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ name: '   ', role: 'viewer' }, /^body\.name/],
      [{ name: '', role: 'viewer' }, /name/],
      [{ name: 'x', role: 'owner' }, /role/],
      [{ name: 'x', role: 'viewer', expires_at: 'next tuesday' }, /^body\.expires_at must be a date and time/],
      [{ name: 'x', role: 'viewer', expires_at: '2020-01-01T00:00:00Z' }, /^body\.expires_at must be in the future/],
      [{ name: 'x', role: 'viewer', colour: 'red' }, /colour/],
    ];
    for (const [body, message] of cases) {
      const response = await t.call('POST', '/api/backend/api-keys/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await t.call('DELETE', '/api/backend/api-keys/abc')).statusCode).toBe(400);
  });

  it('refuses an expired key with 401 "API key expired"', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const key = await makeKey({ name: 'brief', role: 'viewer', expires_at: soon }, viewer);
    expect(key).toMatchObject({ expires_at: soon });
    expect((await t.call('GET', '/api/service/datasets/', undefined, bearer(key.secret))).statusCode).toBe(200);
    await t.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [key.id]);
    const expired = await t.call('GET', '/api/service/datasets/', undefined, bearer(key.secret));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('API key expired');
  });

  it('stops a revoked key at once; only its owner or an admin revokes it', async () => {
    const key = await makeKey({ name: 'temp', role: 'viewer' }, viewer);
    expect((await t.call('DELETE', `/api/backend/api-keys/${key.id}`, undefined, curator)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/backend/api-keys/${key.id}`, undefined, viewer)).statusCode).toBe(204);
    const after = await t.call('GET', '/api/service/datasets/', undefined, bearer(key.secret));
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('API key revoked');
    expect((await t.call('DELETE', `/api/backend/api-keys/${key.id}`, undefined, viewer)).statusCode).toBe(404);
    const ids = (await t.call('GET', '/api/backend/api-keys/', undefined, viewer)).json().results.map((k: { id: number }) => k.id);
    expect(ids).not.toContain(key.id);
    const revoked = (await t.call('GET', `/api/backend/audit/?action=api_key.revoke&target_id=${key.id}`)).json().results;
    expect(revoked).toEqual([
      expect.objectContaining({ actor: { sub: 'vera', name: 'Vera' }, summary: `key "temp" ${key.prefix} of Vera` }),
    ]);
  });

  it('refuses a wrong secret under a real prefix, and notes the last use at most once a minute', async () => {
    const key = await makeKey({ name: 'poller', role: 'viewer' }, viewer);
    const forged = `${key.prefix}${'A'.repeat(43)}`;
    const refused = await t.call('GET', '/api/service/datasets/', undefined, bearer(forged));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid API key');

    await t.call('GET', '/api/service/datasets/', undefined, bearer(key.secret));
    const first = (await t.db.query<{ last_used_at: Date }>('SELECT last_used_at FROM api_keys WHERE id = $1', [key.id])).rows[0];
    expect(first.last_used_at).not.toBeNull();
    await t.call('GET', '/api/service/datasets/', undefined, bearer(key.secret));
    const second = (await t.db.query<{ last_used_at: Date }>('SELECT last_used_at FROM api_keys WHERE id = $1', [key.id])).rows[0];
    expect(new Date(second.last_used_at).getTime()).toBe(new Date(first.last_used_at).getTime());
    const listed = (await t.call('GET', '/api/backend/api-keys/', undefined, viewer)).json().results;
    expect(listed.find((k: { id: number }) => k.id === key.id).last_used_at).toBe(new Date(first.last_used_at).toISOString());
  });
});

describe("the server's log", () => {
  it('shows an Authorization header, should a line carry one, as [redacted]', () => {
    let written = '';
    const sink = new Writable({ write: (chunk, _encoding, done) => ((written += String(chunk)), done()) });
    const secret = `sek_AbCdEfGh${'s'.repeat(43)}`;
    const app = Fastify({ logger: { ...(loggerOptions('info', 'json') as object), stream: sink } });
    app.log.info({ req: { headers: { authorization: `Bearer ${secret}` } } }, 'a call');
    app.log.warn({ headers: { authorization: `Bearer ${secret}` } }, 'a refused call');
    expect(written).toContain('"authorization":"[redacted]"');
    expect(written).not.toContain(secret);
  });
});
