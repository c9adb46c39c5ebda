import { InMemoryWebStorage, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { identityDefaults } from './identity-defaults';
import type { RuntimeConfig } from './runtime-config';

/** The static page (public/silent-callback.html) that hands popup and iframe answers back to this window. */
const childCallbackPath = '/silent-callback.html';

/** Offline access is asked for exactly when refresh tokens are used. */
export function scopeFor(config: Pick<RuntimeConfig, 'scope' | 'useRefreshTokens'>): string {
  const scopes = config.scope.split(/\s+/).filter((scope) => scope !== '' && scope !== 'offline_access');
  if (!scopes.includes('openid')) scopes.unshift('openid');
  if (config.useRefreshTokens) scopes.push('offline_access');
  return scopes.join(' ');
}

export function userManagerSettings(config: RuntimeConfig, origin: string, transactionStorage: Storage): UserManagerSettings {
  const byResource = config.audienceParam === 'resource';
  return {
    authority: config.authority,
    client_id: config.client_id,
    response_type: 'code',
    scope: scopeFor(config),
    // Login and logout both come back to the site's origin.
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    popup_redirect_uri: `${origin}${childCallbackPath}`,
    silent_redirect_uri: `${origin}${childCallbackPath}`,
    // RFC 8707 resource on both the authorize and the token request; Auth0 wants `audience` on authorize only.
    ...(byResource && { resource: config.audience, extraTokenParams: { resource: config.audience } }),
    extraQueryParams: {
      ...(!byResource && { audience: config.audience }),
      ...(config.organization !== undefined && { organization: config.organization }),
    },
    // Tokens only in memory; the login transaction (state, PKCE verifier, nonce) must outlive the redirect.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: transactionStorage, prefix: 'sec.oidc.' }),
    staleStateAgeInSeconds: identityDefaults.loginTransactionLifetimeSeconds,
    requestTimeoutInSeconds: identityDefaults.tokenRequestTimeoutMs / 1000,
    silentRequestTimeoutInSeconds: identityDefaults.tokenRequestTimeoutMs / 1000,
    popupWindowFeatures: {
      width: identityDefaults.popupWidth,
      height: identityDefaults.popupHeight,
      location: false,
      toolbar: false,
    },
    // Renewal happens on demand under our cross-tab lock (auth-client.ts), not on the library's timer.
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    validateSubOnSilentRenew: true,
  };
}
