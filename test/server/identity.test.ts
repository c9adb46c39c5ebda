import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { loadProviderSecrets } from '../../server/identity/secrets';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, signIn } from './helpers/sign-in-flow';

const ORIGIN = 'http://console.test';
const AUDIENCE = `${ORIGIN}/api`;
const PASSWORD = 'correct horse battery staple';

describe('embedded OpenID provider', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const start = async () => {
    const config = readConfig({ PUBLIC_URL: ORIGIN, CONSOLE_ADMIN_PASSWORD: PASSWORD });
    const built = await buildApp(config, { db: database.db });
    await built.ready();
    return built;
  };
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await start();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const credentials = (password = PASSWORD) => ({ clientId: 'search-evaluation-console', audience: AUDIENCE, username: 'admin', password });

  it('publishes its discovery document with PKCE S256 and RS256', async () => {
    const response = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: 'console.test' } });
    expect(response.statusCode).toBe(200);
    const discovery = response.json();
    expect(discovery.issuer).toBe(`${ORIGIN}/oidc`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(discovery.end_session_endpoint).toBe(`${ORIGIN}/oidc/session/end`);
  });

  it("advertises only what the console's client can use: the code flow with PKCE, refresh tokens, no client secret", async () => {
    const response = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: 'console.test' } });
    const discovery = response.json();
    expect(discovery).toMatchObject({
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    });
    // No implicit or hybrid flow, device flow, client credentials, pushed requests, DPoP or userinfo (its
    // access tokens are for the API, which userinfo refuses), and no signed client authentication.
    expect(Object.keys(discovery).sort()).toEqual([
      'authorization_endpoint',
      'authorization_response_iss_parameter_supported',
      'claim_types_supported',
      'claims_parameter_supported',
      'claims_supported',
      'code_challenge_methods_supported',
      'end_session_endpoint',
      'grant_types_supported',
      'id_token_signing_alg_values_supported',
      'issuer',
      'jwks_uri',
      'request_uri_parameter_supported',
      'response_modes_supported',
      'response_types_supported',
      'revocation_endpoint',
      'scopes_supported',
      'subject_types_supported',
      'token_endpoint',
      'token_endpoint_auth_methods_supported',
    ]);
    expect(discovery).toMatchObject({ claims_parameter_supported: false, request_uri_parameter_supported: false });
  });

  it('serves the console its runtime configuration', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toEqual({
      authority: `${ORIGIN}/oidc`,
      client_id: 'search-evaluation-console',
      audience: AUDIENCE,
      audienceParam: 'resource',
      scope: 'openid profile email offline_access',
      useRefreshTokens: true,
      evaluationServiceUrl: `${ORIGIN}/api/service`,
      evaluationBackendUrl: `${ORIGIN}/api/backend`,
    });
  });

  it('signs in with a password and issues RS256 JWT access tokens for the API that the API accepts', async () => {
    const result = await signIn(new Browser(app, ORIGIN), credentials());
    expect(result.token?.statusCode).toBe(200);
    const tokens = result.tokens!;
    expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: `${ORIGIN}/oidc`, aud: AUDIENCE, sub: 'admin', client_id: 'search-evaluation-console' });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: 'admin', aud: 'search-evaluation-console', nonce: result.nonce });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const api = await app.inject({
      method: 'GET',
      url: '/api/service/datasets/',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.statusCode).toBe(200);
  });

  it('refuses forged, expired and wrong-audience tokens on the API', async () => {
    const { tokens } = await signIn(new Browser(app, ORIGIN), credentials());
    const claims = decodeJwt(tokens!.access_token);
    const stranger = (await generateKeyPair('RS256')).privateKey;
    // The provider's own signing key, from the database: expiry and audience are checked on their own.
    const own = await importJWK((await loadProviderSecrets(database.db)).signingKeys[0], 'RS256');
    const header = { alg: 'RS256', kid: decodeProtectedHeader(tokens!.access_token).kid };
    const sign = (payload: JWTPayload, key: CryptoKey | Uint8Array) => new SignJWT(payload).setProtectedHeader(header).sign(key);
    const [head, , signature] = tokens!.access_token.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 'mallory' })).toString('base64url')}.${signature}`;
    expect(
      (await app.inject({ method: 'GET', url: '/api/service/datasets/', headers: { authorization: `Bearer ${await sign(claims, own)}` } }))
        .statusCode,
    ).toBe(200);
    const cases = {
      'signed by a key the provider does not hold': await sign(claims, stranger),
      'payload changed after signing': tampered,
      expired: await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 120 }, own),
      'for another audience': await sign({ ...claims, aud: 'https://elsewhere.example/api' }, own),
      'from another issuer': await sign({ ...claims, iss: 'https://evil.example/oidc' }, own),
    };
    for (const [name, token] of Object.entries(cases)) {
      const response = await app.inject({ method: 'GET', url: '/api/service/datasets/', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, name).toBe(401);
    }
  });

  it('rotates refresh tokens: the new one works, the old one is refused', async () => {
    const browser = new Browser(app, ORIGIN);
    const { tokens } = await signIn(browser, credentials());
    const refresh = (token: string) =>
      browser.request('POST', '/oidc/token', { grant_type: 'refresh_token', refresh_token: token, client_id: 'search-evaluation-console' });
    const first = await refresh(tokens!.refresh_token!);
    expect(first.statusCode).toBe(200);
    expect(first.json().refresh_token).not.toBe(tokens!.refresh_token);
    expect(decodeJwt(first.json().access_token).aud).toBe(AUDIENCE);
    const reused = await refresh(tokens!.refresh_token!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });

  it('refuses a wrong password and an unknown user with the same generic message', async () => {
    const wrong = await signIn(new Browser(app, ORIGIN), credentials('not the password'));
    expect(wrong.loginResponse.statusCode).toBe(401);
    expect(wrong.loginResponse.body).toContain('Invalid username or password');
    const unknown = await signIn(new Browser(app, ORIGIN), { ...credentials(), username: 'nobody' });
    expect(unknown.loginResponse.statusCode).toBe(401);
    expect(unknown.loginResponse.body).toContain('Invalid username or password');
  });

  it('throttles repeated failures for one user', async () => {
    const attempts = [];
    for (let i = 0; i < 6; i += 1) {
      attempts.push((await signIn(new Browser(app, ORIGIN), { ...credentials('wrong password'), username: 'throttled' })).loginResponse);
    }
    expect(attempts.slice(0, 5).map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(attempts[5].statusCode).toBe(429);
    expect(attempts[5].body).toContain('Too many failed sign-ins. Try again in 15 minutes.');
  });

  it('requires PKCE', async () => {
    const browser = new Browser(app, ORIGIN);
    const url = `/oidc/auth?client_id=search-evaluation-console&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`;
    const { url: landed } = await browser.follow(await browser.request('GET', url), (u) => u.origin === ORIGIN && u.pathname === '/');
    expect(landed.searchParams.get('error')).toBe('invalid_request');
    expect(landed.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it("signs out without a confirmation click and revokes the session's refresh token", async () => {
    const browser = new Browser(app, ORIGIN);
    const { tokens } = await signIn(browser, credentials());
    const query = new URLSearchParams({
      client_id: 'search-evaluation-console',
      post_logout_redirect_uri: `${ORIGIN}/`,
      id_token_hint: tokens!.id_token,
    });
    const page = await browser.request('GET', `/oidc/session/end?${query}`);
    expect(page.statusCode).toBe(200);
    // The page submits its own form from an external script: no click, no inline script.
    expect(page.body).toContain('<script src="/auth-assets/logout.js" defer></script>');
    expect(page.body).not.toMatch(/<script>/);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(page.body)!;
    const fields = Object.fromEntries([...form[2].matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(fields.logout).toBe('yes');
    const confirmed = await browser.request('POST', form[1], fields);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${ORIGIN}/`);
    const refreshed = await browser.request('POST', '/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens!.refresh_token!,
      client_id: 'search-evaluation-console',
    });
    expect(refreshed.statusCode).toBe(400);
  });

  it('keeps sessions, signing keys and refresh tokens across a restart', async () => {
    const { tokens } = await signIn(new Browser(app, ORIGIN), credentials());
    await app.close();
    app = await start();
    const api = await app.inject({
      method: 'GET',
      url: '/api/service/datasets/',
      headers: { authorization: `Bearer ${tokens!.access_token}` },
    });
    expect(api.statusCode).toBe(200);
    const refreshed = await new Browser(app, ORIGIN).request('POST', '/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens!.refresh_token!,
      client_id: 'search-evaluation-console',
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('sends security headers with a strict content security policy', async () => {
    for (const url of ['/config.json', '/oidc/.well-known/openid-configuration', '/api/service/datasets/']) {
      const response = await app.inject({ method: 'GET', url, headers: { host: 'console.test' } });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(String(response.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });
});
