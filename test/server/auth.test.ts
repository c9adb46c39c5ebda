import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { startTestApp, type TestApp } from './helpers/test-app';

// Token checks do not depend on the storage backend: PGlite only.
describe('bearer token checks on /api/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  const list = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/service/datasets/', headers: authorization ? { authorization } : {} });

  it('lets a valid RS256 token through', async () => {
    const response = await list(`Bearer ${await t.issuer.token()}`);
    expect(response.statusCode).toBe(200);
  });

  it('asks for a token when none is sent', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({ error: 'Unauthorized', message: 'Missing bearer token in the Authorization header' });
  });

  it('rejects a non-bearer Authorization header', async () => {
    expect((await list('Basic dXNlcjpwYXNz')).statusCode).toBe(401);
  });

  it('rejects an expired token, allowing 60 s of clock skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await list(`Bearer ${await t.issuer.token({}, { expiresIn: now - 120 })}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Invalid bearer token: expired');
    const withinLeeway = await list(`Bearer ${await t.issuer.token({}, { expiresIn: now - 30 })}`);
    expect(withinLeeway.statusCode).toBe(200);
  });

  it('rejects a token for another audience', async () => {
    const response = await list(`Bearer ${await t.issuer.token({ aud: 'https://other.example/api' })}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid bearer token: claim "aud" check_failed');
  });

  it('rejects a token from another issuer', async () => {
    const response = await list(`Bearer ${await t.issuer.token({ iss: 'https://evil.example' })}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid bearer token: claim "iss" check_failed');
  });

  it('rejects a token signed by a key the issuer does not publish', async () => {
    const response = await list(`Bearer ${await t.issuer.token({}, { signWith: 'stranger' })}`);
    expect(response.statusCode).toBe(401);
  });

  it('rejects an unsigned (alg none) token', async () => {
    const unsigned = new UnsecuredJWT({ sub: 'x' })
      .setIssuer(t.issuer.issuer)
      .setAudience(t.issuer.audience)
      .setExpirationTime('10m')
      .encode();
    const response = await list(`Bearer ${unsigned}`);
    expect(response.statusCode).toBe(401);
  });

  it('rejects an HS256 token, even one keyed with public material', async () => {
    const hs256 = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .setIssuer(t.issuer.issuer)
      .setAudience(t.issuer.audience)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a shared secret anyone could guess'));
    const response = await list(`Bearer ${hs256}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid bearer token: algorithm not allowed');
  });

  it('rejects a token without exp', async () => {
    const response = await list(`Bearer ${await t.issuer.token({}, { expiresIn: null })}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid bearer token: claim "exp" missing');
  });

  it('keeps the docs and health check public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });
});
