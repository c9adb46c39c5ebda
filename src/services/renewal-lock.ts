import { AuthError } from '../domain/shell/auth-errors';

// oidc-client-ts has no cross-tab lock: two tabs renewing at once would race their silent authorizations
// (and rotate each other's refresh tokens). The Web Locks API serialises them; a tab waits 5 s at most.

export type RenewalLock = {
  run<T>(work: () => Promise<T>): Promise<T>;
};

export function createRenewalLock(locks: LockManager | undefined, name: string, timeoutMs: number): RenewalLock {
  if (!locks) return createTabLock();
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      let granted = false;
      try {
        return await locks.request(name, { signal: AbortSignal.timeout(timeoutMs) }, async () => {
          granted = true;
          return work();
        });
      } catch (error) {
        // Only a lock that never came is a lock timeout; what the work threw passes through as it is.
        if (!granted) throw new AuthError({ code: 'timeout', message: 'Timeout', detail: 'Waiting for another tab to renew the session' });
        throw error;
      }
    },
  };
}

// Without Web Locks (old browsers, jsdom) the tab still runs one renewal at a time.
function createTabLock(): RenewalLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const result = tail.then(work, work);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
