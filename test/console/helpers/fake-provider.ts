import { vi } from 'vitest';
import { fakeJwt } from './jwt';

// A stand-in OpenID provider behind a stubbed fetch: discovery plus a token endpoint whose answers the
// test chooses. Every token request is recorded as its form parameters.
export const authority = 'https://id.console.test/oidc';
export const clientId = 'search-evaluation-console';
export const audience = 'https://console.test/api';

export type TokenAnswer = (params: URLSearchParams) => Response | Promise<Response>;

export function stubProvider(tokenAnswer: TokenAnswer) {
  const tokenRequests: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url === `${authority}/.well-known/openid-configuration`) {
      return Response.json({
        issuer: authority,
        authorization_endpoint: `${authority}/auth`,
        token_endpoint: `${authority}/token`,
        end_session_endpoint: `${authority}/session/end`,
        jwks_uri: `${authority}/jwks`,
      });
    }
    if (request.url === `${authority}/token` && request.method === 'POST') {
      const params = new URLSearchParams(await request.text());
      tokenRequests.push(params);
      return tokenAnswer(params);
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, tokenRequests };
}

export function idToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({ iss: authority, sub: 'admin', aud: clientId, iat: now, exp: now + 600, name: 'Admin', ...claims });
}

export function tokenResponse(fields: Record<string, unknown>): Response {
  return Response.json({ token_type: 'Bearer', expires_in: 600, ...fields });
}
