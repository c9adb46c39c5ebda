import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionHint } from '../../../src/services/session-hint';

const day = 24 * 60 * 60 * 1000;

beforeEach(() => window.localStorage.clear());

describe('session hint (lasts 1 day)', () => {
  it('is fresh for a day after the last sign-in or renewal, then gone', () => {
    let now = 1_000_000;
    const storage = window.localStorage;
    const hint = createSessionHint(storage, day, () => now);
    expect(hint.isFresh()).toBe(false);
    hint.renew();
    now += day - 1;
    expect(hint.isFresh()).toBe(true);
    now += 1;
    expect(hint.isFresh()).toBe(false);
    expect(storage.length).toBe(0); // an expired hint is removed, not left behind
  });

  it('holds a time, never a token', () => {
    const hint = createSessionHint(window.localStorage, day, () => 5);
    hint.renew();
    expect(Object.entries(window.localStorage)).toEqual([['sec.auth.session-hint', String(5 + day)]]);
    hint.clear();
    expect(hint.isFresh()).toBe(false);
  });
});
