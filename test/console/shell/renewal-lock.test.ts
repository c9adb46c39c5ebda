import { describe, expect, it, vi } from 'vitest';
import { createRenewalLock } from '../../../src/services/renewal-lock';

// A LockManager with one named lock, enough to see what the renewal lock asks of it.
function fakeLocks() {
  let held: Promise<unknown> = Promise.resolve();
  const request = vi.fn(
    (_name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const previous = held;
        let granted = false;
        options.signal?.addEventListener('abort', () => {
          if (!granted) reject(options.signal?.reason);
        });
        held = previous.then(async () => {
          if (options.signal?.aborted) return;
          granted = true;
          try {
            resolve(await callback());
          } catch (error) {
            reject(error);
          }
        });
      }),
  );
  return { request } as unknown as LockManager & { request: typeof request };
}

describe('renewal lock (cross-tab, 5 s)', () => {
  it('runs renewals one at a time under one name', async () => {
    const locks = fakeLocks();
    const lock = createRenewalLock(locks, 'sec.auth.renew:console', 5_000);
    const order: string[] = [];
    let release!: () => void;
    const first = lock.run(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
      return 1;
    });
    const second = lock.run(async () => {
      order.push('second runs');
      return 2;
    });
    await Promise.resolve();
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
    expect(locks.request.mock.calls[0][0]).toBe('sec.auth.renew:console');
  });

  it("gives up with 'Timeout' when the lock does not come within the limit", async () => {
    const locks = fakeLocks();
    const lock = createRenewalLock(locks, 'renew', 30);
    const blocker = lock.run(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await expect(lock.run(async () => 'never')).rejects.toMatchObject({ code: 'timeout', message: 'Timeout' });
    await blocker;
  });

  it("passes on the renewal's own error untouched", async () => {
    const lock = createRenewalLock(fakeLocks(), 'renew', 5_000);
    const failure = new Error('login_required');
    await expect(lock.run(async () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('still serialises renewals in one tab without Web Locks', async () => {
    const lock = createRenewalLock(undefined, 'renew', 5_000);
    const order: number[] = [];
    await Promise.all([
      lock.run(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(1);
      }),
      lock.run(async () => {
        order.push(2);
      }),
    ]);
    expect(order).toEqual([1, 2]);
  });
});
