import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { ConfigError, readConfig } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './helpers/test-databases';
import { Browser, signIn } from './helpers/sign-in-flow';

const PASSWORD = 'correct horse battery staple';
const CLIENT_ID = 'search-evaluation-console';

describe('behind a proxy: TRUST_PROXY, PUBLIC_URL and cookies', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.drop();
    app = undefined;
    database = undefined;
  });
  const start = async (env: Record<string, string>) => {
    database = await createTestDatabase('pglite');
    app = await buildApp(readConfig({ CONSOLE_ADMIN_PASSWORD: PASSWORD, ...env }), { db: database.db });
    await app.ready();
    return app;
  };
  const attempt = (server: FastifyInstance, origin: string, client: string, password: string) =>
    signIn(new Browser(server, origin, { 'x-forwarded-for': client }), {
      clientId: CLIENT_ID,
      audience: `${origin}/api`,
      username: 'admin',
      password,
    });
  const setCookies = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat().map(String);

  it('reads TRUST_PROXY as true, false or a list of proxy addresses', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toBe('10.0.0.1,192.168.0.0/16');
    expect(() => readConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(
      new ConfigError('TRUST_PROXY must be true, false or a comma-separated list of proxy addresses (IP or CIDR), got "my-proxy"'),
    );
  });

  it('with TRUST_PROXY, throttles each client behind the proxy on its own', async () => {
    const origin = 'https://console.test';
    const server = await start({ PUBLIC_URL: origin, TRUST_PROXY: 'true' });
    for (let i = 0; i < 5; i += 1) await attempt(server, origin, '203.0.113.7', 'wrong password');
    expect((await attempt(server, origin, '203.0.113.7', 'wrong password')).loginResponse.statusCode).toBe(429);
    const other = await attempt(server, origin, '198.51.100.2', PASSWORD);
    expect(other.loginResponse.statusCode).toBe(303);
    expect(other.token?.statusCode).toBe(200);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For: a client cannot dodge the throttle by changing it', async () => {
    const origin = 'http://console.test';
    const server = await start({ PUBLIC_URL: origin });
    for (let i = 0; i < 5; i += 1) await attempt(server, origin, `203.0.113.${i}`, 'wrong password');
    expect((await attempt(server, origin, '203.0.113.99', PASSWORD)).loginResponse.statusCode).toBe(429);
  });

  it('builds the discovery document from PUBLIC_URL, whatever Host or X-Forwarded-Host say', async () => {
    const server = await start({ PUBLIC_URL: 'https://console.test', TRUST_PROXY: 'true' });
    for (const headers of [
      { host: 'evil.example' },
      { host: 'console.test', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    ]) {
      const response = await server.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers });
      expect(response.statusCode).toBe(200);
      const discovery = response.json();
      expect(discovery.issuer).toBe('https://console.test/oidc');
      expect(discovery.authorization_endpoint).toBe('https://console.test/oidc/auth');
      expect(discovery.token_endpoint).toBe('https://console.test/oidc/token');
      expect(discovery.jwks_uri).toBe('https://console.test/oidc/jwks');
    }
  });

  it('marks sign-in cookies Secure when PUBLIC_URL is https, without X-Forwarded-Proto', async () => {
    const server = await start({ PUBLIC_URL: 'https://console.test' });
    const { landed } = await attempt(server, 'https://console.test', '203.0.113.7', PASSWORD);
    expect(landed.url.searchParams.has('code')).toBe(true);
    const auth = await server.inject({
      method: 'GET',
      url: `/oidc/auth?client_id=${CLIENT_ID}&response_type=code&scope=openid&code_challenge=${'x'.repeat(43)}&code_challenge_method=S256&redirect_uri=${encodeURIComponent('https://console.test/')}`,
      headers: { host: 'console.test' },
    });
    const cookies = setCookies(auth.headers);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });

  it('trusts X-Forwarded-Proto for Secure only with TRUST_PROXY', async () => {
    const auth = (server: FastifyInstance) =>
      server.inject({
        method: 'GET',
        url: `/oidc/auth?client_id=${CLIENT_ID}&response_type=code&scope=openid&code_challenge=${'x'.repeat(43)}&code_challenge_method=S256&redirect_uri=${encodeURIComponent('http://console.test/')}`,
        headers: { host: 'console.test', 'x-forwarded-proto': 'https' },
      });
    const untrusted = await start({ PUBLIC_URL: 'http://console.test' });
    const plain = setCookies((await auth(untrusted)).headers);
    expect(plain.length).toBeGreaterThan(0);
    for (const cookie of plain) expect(cookie).not.toMatch(/;\s*secure/i);
    await app!.close();
    await database!.drop();
    const trusted = await start({ PUBLIC_URL: 'http://console.test', TRUST_PROXY: 'true' });
    for (const cookie of setCookies((await auth(trusted)).headers)) expect(cookie).toMatch(/;\s*secure/i);
  });
});
