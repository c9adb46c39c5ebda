import { describe, expect, it } from 'vitest';
import { scopeFor, userManagerSettings } from '../../../src/services/auth-settings';
import { identityDefaults } from '../../../src/services/identity-defaults';
import type { RuntimeConfig } from '../../../src/services/runtime-config';

const config: RuntimeConfig = {
  authority: 'https://console.test/oidc',
  client_id: 'search-evaluation-console',
  audience: 'https://console.test/api',
  audienceParam: 'resource',
  scope: 'openid profile email offline_access',
  useRefreshTokens: true,
  evaluationServiceUrl: 'https://console.test/api/service',
  evaluationBackendUrl: 'https://console.test/api/backend',
};

describe('identity settings', () => {
  it('asks for offline access exactly when refresh tokens are used', () => {
    expect(scopeFor({ scope: 'openid profile email', useRefreshTokens: true })).toBe('openid profile email offline_access');
    expect(scopeFor({ scope: 'openid profile email offline_access', useRefreshTokens: false })).toBe('openid profile email');
    expect(scopeFor({ scope: 'profile', useRefreshTokens: false })).toBe('openid profile');
  });

  it('uses the default settings', () => {
    expect(identityDefaults).toEqual({
      tokenRequestTimeoutMs: 10_000,
      tokenRequestRetries: 3,
      popupTimeoutMs: 60_000,
      popupWidth: 400,
      popupHeight: 600,
      expiryMarginSeconds: 60,
      renewalLockTimeoutMs: 5_000,
      sessionHintLifetimeMs: 86_400_000,
      loginTransactionLifetimeSeconds: 86_400,
      idTokenLeewaySeconds: 60,
    });
  });

  it('comes back to the origin, sends the audience as resource, keeps tokens in memory', () => {
    const settings = userManagerSettings(config, 'https://console.test', window.localStorage);
    expect(settings).toMatchObject({
      redirect_uri: 'https://console.test/',
      post_logout_redirect_uri: 'https://console.test/',
      popup_redirect_uri: 'https://console.test/silent-callback.html',
      silent_redirect_uri: 'https://console.test/silent-callback.html',
      response_type: 'code',
      resource: 'https://console.test/api',
      extraTokenParams: { resource: 'https://console.test/api' },
      extraQueryParams: {},
      staleStateAgeInSeconds: 86_400,
      requestTimeoutInSeconds: 10,
      popupWindowFeatures: { width: 400, height: 600 },
      automaticSilentRenew: false,
    });
    expect(settings.userStore?.constructor.name).toBe('WebStorageStateStore');
    expect(settings.disablePKCE).toBeUndefined();
  });

  it('sends audience (and organization) on the authorize request for Auth0-style providers', () => {
    const settings = userManagerSettings(
      { ...config, audienceParam: 'audience', organization: 'org_1' },
      'https://c.test',
      window.localStorage,
    );
    expect(settings.resource).toBeUndefined();
    expect(settings.extraTokenParams).toBeUndefined();
    expect(settings.extraQueryParams).toEqual({ audience: 'https://console.test/api', organization: 'org_1' });
  });
});
