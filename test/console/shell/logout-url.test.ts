import { describe, expect, it } from 'vitest';
import { logoutUrl, type LogoutTarget } from '../../../src/domain/shell/logout-url';

const target: LogoutTarget = {
  endSessionEndpoint: 'https://console.test/oidc/session/end',
  authority: 'https://console.test/oidc',
  clientId: 'search-evaluation-console',
  idToken: 'id.token.sig',
  returnTo: 'https://console.test/',
  auth0Style: false,
};

describe('logout URL', () => {
  it("goes to the provider's end-session endpoint with client id, return-to and the ID token hint", () => {
    const url = new URL(logoutUrl(target));
    expect(url.origin + url.pathname).toBe('https://console.test/oidc/session/end');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'search-evaluation-console',
      post_logout_redirect_uri: 'https://console.test/',
      id_token_hint: 'id.token.sig',
    });
  });

  it('leaves the hint out when no ID token is held', () => {
    expect(new URL(logoutUrl({ ...target, idToken: undefined })).searchParams.has('id_token_hint')).toBe(false);
  });

  it("uses Auth0's v2 logout when the provider has no end-session endpoint", () => {
    const url = logoutUrl({ ...target, endSessionEndpoint: undefined, authority: 'https://tenant.eu.auth0.com/', auth0Style: true });
    expect(url).toBe('https://tenant.eu.auth0.com/v2/logout?client_id=search-evaluation-console&returnTo=https%3A%2F%2Fconsole.test%2F');
  });

  it('just comes home when there is no way to end the provider session', () => {
    expect(logoutUrl({ ...target, endSessionEndpoint: undefined })).toBe('https://console.test/');
  });
});
