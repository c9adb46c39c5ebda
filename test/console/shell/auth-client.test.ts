import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient, type AuthClient } from '../../../src/services/auth-client';
import type { RuntimeConfig } from '../../../src/services/runtime-config';
import { audience, authority, clientId, idToken, stubProvider, tokenResponse, type TokenAnswer } from '../helpers/fake-provider';

// The auth client over the real oidc-client-ts, against a stubbed provider: what leaves the browser
// (authorize and token parameters), what is checked, and where tokens are (not) kept.

const config: RuntimeConfig = {
  authority,
  client_id: clientId,
  audience,
  audienceParam: 'resource',
  scope: 'openid profile email offline_access',
  useRefreshTokens: true,
  evaluationServiceUrl: 'https://console.test/api/service/',
  evaluationBackendUrl: 'https://console.test/api/backend/',
};
const origin = window.location.origin;

let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

function client(overrides: Partial<RuntimeConfig> = {}): AuthClient {
  return createAuthClient({ ...config, ...overrides }, { origin, storage: window.localStorage, assign });
}

/** The login transactions oidc-client-ts stored (state id → stored state). */
function transactions(): Array<{ id: string; nonce?: string; data?: unknown; request_type: string }> {
  return Object.keys(window.localStorage)
    .filter((key) => key.startsWith('sec.oidc.'))
    .map((key) => JSON.parse(window.localStorage.getItem(key)!));
}

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not met');
}

/** Starts a redirect login (the page "leaves", so the call never settles) and returns its transaction. */
async function startRedirectLogin(auth: AuthClient, options?: { returnTo?: string }) {
  const leftBefore = assign.mock.calls.length;
  void auth.loginWithRedirect(options);
  await waitFor(() => (assign.mock.calls.length > leftBefore ? true : undefined));
  const authorizeUrl = new URL(assign.mock.calls.at(-1)![0]);
  const transaction = transactions().find((t) => t.id === authorizeUrl.searchParams.get('state'))!;
  return { ...transaction, authorizeUrl };
}

const answerWithNonceOf =
  (nonce: () => string | undefined, extra: Record<string, unknown> = {}): TokenAnswer =>
  () =>
    tokenResponse({ access_token: 'access-1', refresh_token: 'refresh-1', id_token: idToken({ nonce: nonce() }), ...extra });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  assign = vi.fn<(url: string) => void>();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('redirect login and its callback', () => {
  it('stores a transaction with a fresh nonce, then redeems the code with PKCE, resource and that nonce', async () => {
    let nonce: string | undefined;
    const { tokenRequests } = stubProvider(answerWithNonceOf(() => nonce));
    const auth = client();
    const transaction = await startRedirectLogin(auth, { returnTo: '/datasets' });
    nonce = transaction.nonce;
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { authorizeUrl } = transaction;
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${authority}/auth`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      client_id: clientId,
      redirect_uri: `${origin}/`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      nonce,
      state: transaction.id,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      resource: audience,
    });

    const result = await auth.handleRedirectCallback(`${origin}/?code=the-code&state=${transaction.id}`);
    expect(result).toEqual({ user: { sub: 'admin', name: 'Admin' }, returnTo: '/datasets' });
    expect(Object.fromEntries(tokenRequests[0])).toMatchObject({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: `${origin}/`,
      client_id: clientId,
      resource: audience,
    });
    expect(tokenRequests[0].get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    await expect(auth.getAccessToken()).resolves.toBe('access-1');
  });

  it('sends a different nonce on every sign-in', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    const auth = client();
    const first = await startRedirectLogin(auth);
    window.localStorage.removeItem(`sec.oidc.${first.id}`);
    const second = await startRedirectLogin(auth);
    expect(second.nonce).not.toBe(first.nonce);
  });

  it('keeps tokens in memory only: storage holds the session hint and nothing else', async () => {
    let nonce: string | undefined;
    stubProvider(answerWithNonceOf(() => nonce));
    const auth = client();
    const transaction = await startRedirectLogin(auth);
    nonce = transaction.nonce;
    await auth.handleRedirectCallback(`${origin}/?code=c&state=${transaction.id}`);
    expect(Object.keys(window.localStorage)).toEqual(['sec.auth.session-hint']);
    expect(window.sessionStorage.length).toBe(0);
  });

  it("refuses a replayed callback as 'Invalid state' (the transaction is gone)", async () => {
    let nonce: string | undefined;
    stubProvider(answerWithNonceOf(() => nonce));
    const auth = client();
    const transaction = await startRedirectLogin(auth);
    nonce = transaction.nonce;
    const url = `${origin}/?code=c&state=${transaction.id}`;
    await auth.handleRedirectCallback(url);
    await expect(auth.handleRedirectCallback(url)).rejects.toMatchObject({ code: 'missing_transaction', message: 'Invalid state' });
  });

  it("refuses a state it never issued as 'Invalid state'", async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    await expect(client().handleRedirectCallback(`${origin}/?code=c&state=forged`)).rejects.toMatchObject({
      code: 'missing_transaction',
      message: 'Invalid state',
    });
  });

  it('drops login transactions older than a day before reading the answer', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    const auth = client();
    const transaction = await startRedirectLogin(auth);
    const key = `sec.oidc.${transaction.id}`;
    const stored = JSON.parse(window.localStorage.getItem(key)!);
    window.localStorage.setItem(key, JSON.stringify({ ...stored, created: stored.created - 86_400 - 1 }));
    await expect(auth.handleRedirectCallback(`${origin}/?code=c&state=${transaction.id}`)).rejects.toMatchObject({
      code: 'missing_transaction',
    });
  });

  it('says sign-in needs HTTPS on a page that is not a secure context (plain http, not localhost)', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    // What a browser offers over http://host:8080/: no Web Crypto digest, so no PKCE challenge.
    vi.spyOn(globalThis.crypto, 'subtle', 'get').mockReturnValue(undefined as unknown as SubtleCrypto);
    await expect(client().loginWithRedirect()).rejects.toMatchObject({
      code: 'insecure_context',
      message: 'Sign-in needs HTTPS: open this console over https:// or on localhost.',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('passes the provider’s error answer on with its code', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    const auth = client();
    const transaction = await startRedirectLogin(auth);
    await expect(
      auth.handleRedirectCallback(`${origin}/?error=access_denied&error_description=No%20thanks&state=${transaction.id}`),
    ).rejects.toMatchObject({ code: 'access_denied', message: 'No thanks' });
  });

  it('refuses an ID token that breaks a rule, stores no user, and says which rule', async () => {
    stubProvider(() => tokenResponse({ access_token: 'a', id_token: idToken({ nonce: 'someone-elses' }) }));
    const auth = client();
    const transaction = await startRedirectLogin(auth);
    await expect(auth.handleRedirectCallback(`${origin}/?code=c&state=${transaction.id}`)).rejects.toMatchObject({
      code: 'invalid_id_token',
      message: expect.stringMatching(/^Nonce \(nonce\) claim mismatch in the ID token/),
    });
    await expect(auth.getAccessToken()).rejects.toMatchObject({ code: 'login_required' });
    expect(window.localStorage.getItem('sec.auth.session-hint')).toBeNull();
  });

  it('refuses an answer that another issuer signed (RFC 9207 iss parameter)', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    const auth = client();
    const transaction = await startRedirectLogin(auth);
    await expect(
      auth.handleRedirectCallback(`${origin}/?code=c&state=${transaction.id}&iss=${encodeURIComponent('https://evil.test')}`),
    ).rejects.toMatchObject({ code: 'state_mismatch', message: 'Invalid state' });
  });
});

describe('access tokens', () => {
  async function signedIn(answer: TokenAnswer, overrides: Partial<RuntimeConfig> = {}) {
    let nonce: string | undefined;
    let calls = 0;
    const provider = stubProvider((params) => (calls++ === 0 ? answerWithNonceOf(() => nonce)(params) : answer(params)));
    const auth = client(overrides);
    const transaction = await startRedirectLogin(auth);
    nonce = transaction.nonce;
    await auth.handleRedirectCallback(`${origin}/?code=c&state=${transaction.id}`);
    return { auth, ...provider };
  }

  it('renews with the refresh token and keeps the rotated one', async () => {
    let round = 0;
    const { auth, tokenRequests } = await signedIn(() => {
      round += 1;
      return tokenResponse({ access_token: `access-${round + 1}`, refresh_token: `refresh-${round + 1}`, id_token: idToken() });
    });
    await expect(auth.getAccessToken({ forceRenewal: true })).resolves.toBe('access-2');
    await expect(auth.getAccessToken({ forceRenewal: true })).resolves.toBe('access-3');
    expect(tokenRequests.slice(1).map((params) => Object.fromEntries(params))).toEqual([
      expect.objectContaining({ grant_type: 'refresh_token', refresh_token: 'refresh-1', client_id: clientId, resource: audience }),
      expect.objectContaining({ grant_type: 'refresh_token', refresh_token: 'refresh-2' }),
    ]);
  });

  it('treats a token as expired 60 s early', async () => {
    const { auth, tokenRequests } = await signedIn(() => tokenResponse({ access_token: 'renewed', refresh_token: 'r2' }), {});
    await expect(auth.getAccessToken()).resolves.toBe('access-1'); // 600 s left: used as is
    expect(tokenRequests).toHaveLength(1);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + (600 - 60) * 1000);
    await expect(auth.getAccessToken()).resolves.toBe('renewed');
    expect(tokenRequests).toHaveLength(2);
  });

  it('refuses a refreshed ID token for another subject and maps the refusal', async () => {
    const { auth } = await signedIn(() => tokenResponse({ access_token: 'x', id_token: idToken({ sub: 'mallory' }) }));
    await expect(auth.getAccessToken({ forceRenewal: true })).rejects.toMatchObject({
      code: 'invalid_id_token',
      message: 'Subject (sub) claim changed on refresh',
    });
  });

  it("maps an unexplained renewal failure to 'Get access token failed'", async () => {
    const { auth } = await signedIn(() => Response.json({ nonsense: true }));
    await expect(auth.getAccessToken({ forceRenewal: true })).rejects.toMatchObject({
      code: 'token_failed',
      message: 'Get access token failed',
    });
  });
});

describe('popup login', () => {
  it('opens a 400×600 popup on the callback page and signs in from its answer', async () => {
    let nonce: string | undefined;
    stubProvider(answerWithNonceOf(() => nonce));
    let authorizeUrl: string | undefined;
    const popup = { closed: false, focus: vi.fn(), close: vi.fn(), location: { replace: (url: string) => (authorizeUrl = url) } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);

    const login = client().loginWithPopup();
    const url = new URL(await waitFor(() => authorizeUrl));
    nonce = url.searchParams.get('nonce') ?? undefined;
    expect(String(open.mock.calls[0][2])).toMatch(/(^|,)width=400(,|$)/);
    expect(String(open.mock.calls[0][2])).toMatch(/(^|,)height=600(,|$)/);
    expect(url.origin + url.pathname).toBe(`${authority}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: clientId,
      redirect_uri: `${origin}/silent-callback.html`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      code_challenge_method: 'S256',
      resource: audience,
      display: 'popup',
    });
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // What public/silent-callback.js posts from the popup.
    const answer = `${origin}/silent-callback.html?code=c&state=${url.searchParams.get('state')}`;
    window.dispatchEvent(new MessageEvent('message', { origin, data: { source: 'oidc-client', url: answer, keepOpen: false } }));
    await expect(login).resolves.toEqual({ sub: 'admin', name: 'Admin' });
  });

  it("says 'Popup closed' when the person closes it", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      stubProvider(() => new Response(null, { status: 500 }));
      const popup = { closed: false, focus: vi.fn(), close: vi.fn(), location: { replace: vi.fn() } };
      vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
      const login = client().loginWithPopup();
      const outcome = login.catch((error: unknown) => error);
      await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
      popup.closed = true;
      await vi.advanceTimersByTimeAsync(600);
      await expect(outcome).resolves.toMatchObject({ code: 'cancelled', message: 'Popup closed' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up after 60 s with 'Timeout'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      stubProvider(() => new Response(null, { status: 500 }));
      const popup = { closed: false, focus: vi.fn(), close: vi.fn(), location: { replace: vi.fn() } };
      vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
      const outcome = client()
        .loginWithPopup()
        .catch((error: unknown) => error);
      await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
      await vi.advanceTimersByTimeAsync(59_000);
      expect(popup.close).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(outcome).resolves.toMatchObject({ code: 'timeout', message: 'Timeout' });
      expect(popup.close).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('session restore after a reload', () => {
  it('does nothing without a fresh session hint', async () => {
    const { fetchMock } = stubProvider(() => new Response(null, { status: 500 }));
    await expect(client().restoreSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  // signinSilent always asks with prompt=none (UserManager.signinSilent in oidc-client-ts 3.5).
  it('with a hint, authorizes silently in a hidden iframe', async () => {
    let nonce: string | undefined;
    const { tokenRequests } = stubProvider(answerWithNonceOf(() => nonce));
    window.localStorage.setItem('sec.auth.session-hint', String(Date.now() + 60_000));
    const restoring = client().restoreSession();
    const transaction = await waitFor(() => transactions().find((t) => t.request_type === 'si:s'));
    nonce = transaction.nonce;
    const iframe = document.querySelector('iframe');
    expect(iframe?.style.visibility).toBe('hidden');
    const answer = `${origin}/silent-callback.html?code=c&state=${transaction.id}`;
    window.dispatchEvent(new MessageEvent('message', { origin, data: { source: 'oidc-client', url: answer, keepOpen: false } }));
    await expect(restoring).resolves.toEqual({ sub: 'admin', name: 'Admin' });
    expect(tokenRequests[0].get('redirect_uri')).toBe(`${origin}/silent-callback.html`);
  });

  it('passes login_required on, so the machine logs out locally', async () => {
    stubProvider(() => new Response(null, { status: 500 }));
    window.localStorage.setItem('sec.auth.session-hint', String(Date.now() + 60_000));
    const restoring = client().restoreSession();
    const transaction = await waitFor(() => transactions().find((t) => t.request_type === 'si:s'));
    const answer = `${origin}/silent-callback.html?error=login_required&state=${transaction.id}`;
    window.dispatchEvent(new MessageEvent('message', { origin, data: { source: 'oidc-client', url: answer, keepOpen: false } }));
    await expect(restoring).rejects.toMatchObject({ code: 'login_required' });
  });
});

describe('logout', () => {
  it("forgets the session and leaves for the provider's end-session endpoint", async () => {
    let nonce: string | undefined;
    stubProvider(answerWithNonceOf(() => nonce));
    const auth = client();
    const transaction = await startRedirectLogin(auth);
    nonce = transaction.nonce;
    await auth.handleRedirectCallback(`${origin}/?code=c&state=${transaction.id}`);

    await auth.logout();
    const url = new URL(assign.mock.calls.at(-1)![0]);
    expect(url.origin + url.pathname).toBe(`${authority}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(window.localStorage.getItem('sec.auth.session-hint')).toBeNull();
    await expect(auth.getAccessToken()).rejects.toMatchObject({ code: 'login_required' });
  });
});
