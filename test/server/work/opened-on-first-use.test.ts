// A queue opened on first use: nothing is opened until it is used, and closing it never fails the app's
// shutdown, not even when opening it failed (pg-boss could not connect).
import { describe, expect, it, vi } from 'vitest';
import { openedOnFirstUse, type WorkQueue } from '../../../server/work/opened-on-first-use';

const fakeQueue = (): WorkQueue => ({
  enqueue: vi.fn(async () => undefined),
  committed: vi.fn(),
  startWorker: vi.fn(async () => undefined),
  close: vi.fn(async () => undefined),
});

describe('a queue opened on first use', () => {
  it('opens nothing when never used, and closes the one it opened', async () => {
    const ready = fakeQueue();
    const open = vi.fn(async () => ready);
    const unused = openedOnFirstUse(open);
    await unused.close();
    expect(open).not.toHaveBeenCalled();

    const used = openedOnFirstUse(open);
    await used.startWorker();
    await used.close();
    expect(open).toHaveBeenCalledTimes(1);
    expect(ready.close).toHaveBeenCalledTimes(1);
  });

  it('closes without throwing when opening it failed, while the use that opened it was told why', async () => {
    const queue = openedOnFirstUse(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    });
    await expect(queue.enqueue({ query: vi.fn() } as never, 1)).rejects.toThrow('ECONNREFUSED');
    await expect(queue.close()).resolves.toBeUndefined();
  });
});
