import type { User } from 'oidc-client-ts';
import { AuthError, toAuthError, type AuthOperation } from '../domain/shell/auth-errors';
import type { ConsoleUserManager } from './console-user-manager';
import { identityDefaults } from './identity-defaults';
import { logoutUrl } from '../domain/shell/logout-url';
import { createRenewalLock } from './renewal-lock';
import type { RuntimeConfig } from './runtime-config';
import { createSessionHint } from './session-hint';
import type { AuthUser, CallbackResult } from '../domain/shell/auth-user';

export type AuthClient = {
  /** After a reload: a silent authorization when the session hint says there was a session, else null. */
  restoreSession(): Promise<AuthUser | null>;
  handleRedirectCallback(url: string): Promise<CallbackResult>;
  loginWithRedirect(options?: { returnTo?: string }): Promise<void>;
  loginWithPopup(): Promise<AuthUser>;
  /** Forgets the local session, then leaves for the provider's end-session endpoint. */
  logout(): Promise<void>;
  /** Local logout: drops the tokens and the session hint, no call to the provider. */
  forgetSession(): void;
  getAccessToken(options?: { forceRenewal?: boolean }): Promise<string>;
  /** Starts loading the sign-in library, so that a sign-in does not wait for it. */
  preload(): void;
};

export type BrowserEnvironment = {
  origin: string;
  /** Holds the session hint and the login transactions (never tokens). */
  storage: Storage;
  locks?: LockManager;
  /** How login and logout leave the page for the provider. */
  assign(url: string): void;
  now?: () => number;
};

export function createAuthClient(config: RuntimeConfig, env: BrowserEnvironment): AuthClient {
  const now = env.now ?? (() => Date.now());
  // The sign-in library (oidc-client-ts and our checks over it) is a chunk of its own, loaded when first needed or
  // preloaded: a signed-out visit to /login shows the page without waiting for it. A failed load is not kept.
  let loaded: ConsoleUserManager | undefined;
  let loading: Promise<ConsoleUserManager> | undefined;
  const manager = (): Promise<ConsoleUserManager> => {
    loading ??= import('./console-user-manager').then(
      ({ createConsoleUserManager }) => (loaded = createConsoleUserManager(config, env, now)),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const hint = createSessionHint(env.storage, identityDefaults.sessionHintLifetimeMs, now);
  const lock = createRenewalLock(env.locks, `sec.auth.renew:${config.client_id}`, identityDefaults.renewalLockTimeoutMs);

  // Every outcome leaves as an AuthError with a code the auth machine knows; a success refreshes the session hint.
  async function signedIn(operation: AuthOperation, work: () => Promise<User | null>): Promise<User | null> {
    try {
      const user = await work();
      if (user) hint.renew();
      return user;
    } catch (error) {
      throw toAuthError(error, operation);
    }
  }

  // A token counts as expired 60 s before it does.
  const isFresh = (user: User | null): user is User =>
    user !== null && (user.expires_at === undefined || user.expires_at - identityDefaults.expiryMarginSeconds > now() / 1000);

  // A silent authorization in a hidden iframe (prompt=none), which the provider answers from its session cookie.
  const authorizeSilently = async () => (await manager()).signinSilent({ forceIframeAuth: true, nonce: createNonce() });

  async function renew(user: User | null): Promise<User | null> {
    if (!user) throw new AuthError({ code: 'login_required', message: 'Login required' });
    if (!config.useRefreshTokens || !user.refresh_token) return authorizeSilently();
    try {
      return await (await manager()).signinSilent();
    } catch (error) {
      // A refresh token that expired or was revoked is not the end while the provider's session lives.
      if ((error as { error?: unknown }).error === 'invalid_grant') return authorizeSilently();
      throw error;
    }
  }

  function forgetSession() {
    hint.clear();
    void loaded?.removeUser(); // in-memory store: done before the promise settles; not loaded, nothing to remove
  }

  return {
    async restoreSession() {
      if (!hint.isFresh()) return null;
      const user = await signedIn('login', () => lock.run(authorizeSilently));
      return user && toAuthUser(user);
    },

    async handleRedirectCallback(url) {
      const user = await signedIn('login', async () => {
        const users = await manager();
        await users.clearStaleState(); // a login transaction lives 1 day
        return users.signinRedirectCallback(url);
      });
      if (!user) throw new AuthError({ code: 'login_failed', message: 'Login failed' });
      return { user: toAuthUser(user), ...returnToOf(user.state) };
    },

    async loginWithRedirect({ returnTo } = {}) {
      await signedIn('login', async () => {
        await (await manager()).signinRedirect({ nonce: createNonce(), ...(returnTo !== undefined && { state: { returnTo } }) });
        return null;
      });
    },

    async loginWithPopup() {
      // oidc-client-ts waits for a popup forever; the console gives it 60 s.
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), identityDefaults.popupTimeoutMs);
      try {
        const user = await signedIn('login', async () =>
          (await manager()).signinPopup({ nonce: createNonce(), popupSignal: timeout.signal, popupAbortOnClose: true }),
        );
        if (!user) throw new AuthError({ code: 'login_failed', message: 'Login failed' });
        return toAuthUser(user);
      } catch (error) {
        if (timeout.signal.aborted) throw new AuthError({ code: 'timeout', message: 'Timeout' });
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },

    async logout() {
      const user = await loaded?.getUser();
      forgetSession();
      let endSessionEndpoint: string | undefined;
      try {
        endSessionEndpoint = await (await manager()).metadataService.getEndSessionEndpoint();
      } catch {
        endSessionEndpoint = undefined; // the provider is unreachable: the local logout above still stands
      }
      env.assign(
        logoutUrl({
          endSessionEndpoint,
          authority: config.authority,
          clientId: config.client_id,
          idToken: user?.id_token,
          returnTo: `${env.origin}/`,
          auth0Style: config.audienceParam === 'audience',
        }),
      );
    },

    forgetSession,

    async getAccessToken({ forceRenewal = false } = {}) {
      const current = (await loaded?.getUser()) ?? null;
      if (!forceRenewal && isFresh(current)) return current.access_token;
      const user = await signedIn('token', () =>
        lock.run(async () => {
          // Another caller may have renewed while this one waited for the lock.
          const latest = (await loaded?.getUser()) ?? null;
          const renewedMeanwhile = latest !== null && latest.access_token !== current?.access_token;
          if (isFresh(latest) && (!forceRenewal || renewedMeanwhile)) return latest;
          return renew(latest);
        }),
      );
      if (!user) throw new AuthError({ code: 'login_required', message: 'Login required' });
      return user.access_token;
    },

    preload() {
      manager().catch(() => undefined); // met again, and told, by the sign-in that needs it
    },
  };
}

// oidc-client-ts 3.5 sends a nonce only when given one (SigninRequest.create); we always give one.
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function toAuthUser(user: User): AuthUser {
  const { sub, name, preferred_username, email } = user.profile;
  return {
    sub,
    name: name ?? preferred_username ?? email ?? sub,
    ...(email !== undefined && { email }),
  };
}

function returnToOf(state: unknown): { returnTo?: string } {
  const returnTo = (state as { returnTo?: unknown } | undefined)?.returnTo;
  // Only a path on this site: a crafted state must not send the user elsewhere.
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? { returnTo } : {};
}
