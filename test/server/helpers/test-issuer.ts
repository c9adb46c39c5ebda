import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

const TEST_AUDIENCE = 'https://evaluation.test/api';

export interface TestIssuer {
  issuer: string;
  audience: string;
  /**
   * A valid RS256 access token, an admin's unless `claims` say otherwise (`roles`); `claims` and `options`
   * (expiresIn null: no exp) bend it to test rejections.
   */
  token(claims?: JWTPayload, options?: { expiresIn?: string | number | null; signWith?: 'stranger' }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A minimal OpenID issuer on loopback: a discovery document and a JWKS for one test key pair,
 * so the server verifies tokens exactly as in production (discovery, JWKS fetch, signature).
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const keys = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let issuer = '';
  const server: Server = createServer((request, response) => {
    const body =
      request.url === '/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/jwks` }
        : request.url === '/jwks'
          ? { keys: [jwk] }
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    audience: TEST_AUDIENCE,
    async token(claims = {}, { expiresIn = '10m', signWith } = {}) {
      const jwt = new SignJWT({ iss: issuer, aud: TEST_AUDIENCE, sub: 'test-user', scope: 'openid', roles: ['admin'], ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuedAt();
      if (expiresIn !== null) jwt.setExpirationTime(expiresIn);
      return jwt.sign(signWith === 'stranger' ? stranger.privateKey : keys.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
