/**
 * A work queue (runs, judge jobs) opened the first time it is used. On PostgreSQL opening one starts a pg-boss
 * instance (its own connections and maintenance timers): an app that never queues anything, as most API
 * calls and most test apps do, needn't pay for it.
 */
import type { Queryable } from '../db/database';

export interface WorkQueue {
  enqueue(tx: Queryable, id: number): Promise<void>;
  committed(id: number): void;
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export function openedOnFirstUse(open: () => Promise<WorkQueue>): WorkQueue {
  let opening: Promise<WorkQueue> | undefined;
  let opened: WorkQueue | undefined;
  const queue = () => {
    opening ??= open().then((ready) => (opened = ready));
    return opening;
  };
  return {
    enqueue: async (tx, id) => (await queue()).enqueue(tx, id),
    // Only ever called after enqueue, which opened the queue.
    committed: (id) => opened?.committed(id),
    startWorker: async () => (await queue()).startWorker(),
    close: async () => {
      // A queue that could not open (pg-boss could not connect) has nothing to close, and the use that opened it
      // was already told why: the app's shutdown goes on.
      const ready = await opening?.catch(() => undefined);
      await ready?.close();
    },
  };
}
