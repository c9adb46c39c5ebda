// "Was signed in lately" survives a reload; the tokens themselves never leave memory. Only when this hint
// is fresh does a reload try a silent authorization (the hint lasts 1 day).

export type SessionHint = {
  isFresh(): boolean;
  /** Called after every sign-in and renewal: the day counts from the last proof of a session. */
  renew(): void;
  clear(): void;
};

const key = 'sec.auth.session-hint';

export function createSessionHint(storage: Storage, lifetimeMs: number, now: () => number = Date.now): SessionHint {
  return {
    isFresh() {
      if (Number(storage.getItem(key)) > now()) return true;
      storage.removeItem(key);
      return false;
    },
    renew() {
      storage.setItem(key, String(now() + lifetimeMs));
    },
    clear() {
      storage.removeItem(key);
    },
  };
}
