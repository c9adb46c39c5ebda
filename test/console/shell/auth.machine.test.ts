import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine } from '../../../src/machines/shell/auth.machine';
import { selectAccess, selectCanLogin, selectCanLogout } from '../../../src/machines/shell/auth.selectors';
import type { AuthUser, CallbackResult } from '../../../src/domain/shell/auth-user';

const user: AuthUser = { sub: 'admin', name: 'Admin' };

function start(url: string, overrides: Partial<Parameters<typeof authMachine.provide>[0]['actors']> = {}) {
  const replaceAddress = vi.fn();
  const forgetSession = vi.fn();
  const handleRedirectCallback = vi.fn(async (_input: { url: string }): Promise<CallbackResult> => ({ user, returnTo: '/datasets' }));
  const logic = authMachine.provide({
    actors: {
      restoreSession: fromPromise<AuthUser | null>(async () => null),
      handleRedirectCallback: fromPromise<CallbackResult, { url: string }>(({ input }) => handleRedirectCallback(input)),
      loginWithRedirect: fromPromise(() => new Promise<void>(() => undefined)),
      loginWithPopup: fromPromise<AuthUser>(async () => user),
      logout: fromPromise(() => new Promise<void>(() => undefined)),
      ...overrides,
    },
    actions: { replaceAddress: (_, params: { path: string }) => replaceAddress(params.path), forgetSession },
  });
  const actor = createActor(logic, { input: { url } }).start();
  return { actor, replaceAddress, forgetSession, handleRedirectCallback };
}

describe('auth machine', () => {
  it.each([
    ['a deep link', 'https://c.test/datasets/7/edit?tab=1', { returnTo: '/datasets/7/edit?tab=1' }],
    ['/login itself', 'https://c.test/login', { returnTo: null }],
  ])('opened signed out at %s, Log In asks to come back to where it was opened', async (_, url, expected) => {
    const loginWithRedirect = vi.fn((_input: { returnTo: string | null }) => new Promise<void>(() => undefined));
    const { actor } = start(url, {
      loginWithRedirect: fromPromise<void, { returnTo: string | null }>(({ input }) => loginWithRedirect(input)),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    actor.send({ type: 'user.login' });
    expect(loginWithRedirect).toHaveBeenCalledWith(expected);
  });

  it.each([
    ['code and state', 'https://c.test/?code=a&state=b', 'handlingCallback'],
    ['error and state', 'https://c.test/?error=access_denied&state=b', 'handlingCallback'],
    ['state alone (a logout answer)', 'https://c.test/?state=b', 'restoring'],
    ['code alone', 'https://c.test/datasets?code=a', 'restoring'],
    ['nothing', 'https://c.test/datasets', 'restoring'],
  ])('treats an address with %s as %s', (_, url, state) => {
    const { actor } = start(url, {
      restoreSession: fromPromise<AuthUser | null>(() => new Promise(() => undefined)),
      handleRedirectCallback: fromPromise<CallbackResult, { url: string }>(() => new Promise(() => undefined)),
    });
    expect(actor.getSnapshot().value).toBe(state);
    expect(selectAccess(actor.getSnapshot())).toBe('pending');
  });

  it('hands the callback its address and replaces the address with the return-to path', async () => {
    const url = 'https://c.test/?code=a&state=b';
    const { actor, replaceAddress, handleRedirectCallback } = start(url);
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
    expect(handleRedirectCallback).toHaveBeenCalledWith({ url });
    expect(replaceAddress).toHaveBeenCalledWith('/datasets');
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(selectCanLogout(actor.getSnapshot())).toBe(true);
  });

  it('logs out locally on entering signed-out, and offers login there', async () => {
    const { actor, forgetSession } = start('https://c.test/');
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(forgetSession).toHaveBeenCalledTimes(1);
    expect(selectAccess(actor.getSnapshot())).toBe('signedOut');
    expect(selectCanLogin(actor.getSnapshot())).toBe(true);
    expect(selectCanLogout(actor.getSnapshot())).toBe(false);
  });

  it('clears the user as soon as logout starts', async () => {
    const { actor } = start('https://c.test/', { restoreSession: fromPromise<AuthUser | null>(async () => user) });
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(selectAccess(actor.getSnapshot())).toBe('signingOut');
  });

  it('keeps what a non-AuthError said, under the login fallback code', async () => {
    const { actor } = start('https://c.test/', {
      restoreSession: fromPromise<AuthUser | null>(async () => {
        throw new Error('config.json: "authority" must be a non-empty string');
      }),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'login_failed',
      message: 'config.json: "authority" must be a non-empty string',
    });
  });

  it('keeps the mfa_token of an mfa_required failure', async () => {
    const { actor } = start('https://c.test/', {
      loginWithPopup: fromPromise<AuthUser>(async () => {
        throw { code: 'mfa_required', message: 'Multifactor authentication required', mfaToken: 'm' };
      }),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    actor.send({ type: 'user.loginWithPopup' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'mfa_required',
      message: 'Multifactor authentication required',
      mfaToken: 'm',
    });
  });

  it('has placeholder actors that say they were not provided', async () => {
    const actor = createActor(authMachine, { input: { url: 'https://c.test/' } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(String(actor.getSnapshot().context.error?.message ?? errors[0])).toMatch(/not provided/);
  });
});
