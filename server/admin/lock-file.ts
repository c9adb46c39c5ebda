/**
 * An exclusive lock file naming its holder's pid. Taking it is one atomic link(2): of two processes
 * starting at the same moment exactly one gets it. A holder that died (its pid is gone) loses it to
 * the next claim; no time-based staleness, so a holder busy for minutes keeps it.
 */
import { randomUUID } from 'node:crypto';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';

/** The lock files this process holds: a lock naming our own pid and not in here is a former life's (pid 1 in a restarted container). */
const held = new Set<string>();

export type LockAttempt = { taken: true } | { taken: false; holderPid: number };

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Writes the whole file aside, then links it into place: the lock never exists half-written. */
async function createExclusive(path: string): Promise<boolean> {
  const draft = `${path}.${randomUUID()}`;
  await writeFile(draft, `${process.pid}\n`, { mode: 0o600 });
  try {
    await link(draft, path);
    // Marked held before anything else may run: another claim in this process must see a live holder.
    held.add(path);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft);
  }
}

async function readText(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch((error: unknown) => {
    if (code(error) === 'ENOENT') return undefined;
    throw error;
  });
}

/**
 * Removes the lock when it still holds `staleText`. Moved aside first, atomically: when two claims
 * both found it stale, the one that moved a newer (live) lock instead puts it back.
 */
async function removeStale(path: string, staleText: string): Promise<void> {
  const aside = `${path}.stale.${randomUUID()}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (code(error) === 'ENOENT') return;
    throw error;
  }
  if ((await readText(aside)) !== staleText) await link(aside, path).catch(() => undefined);
  await unlink(aside);
}

/** Claims in flight in this process, per path: they go one at a time, so a claim never judges a lock mid-take. */
const claiming = new Map<string, Promise<unknown>>();

export function takeLockFile(path: string): Promise<LockAttempt> {
  const previous = claiming.get(path) ?? Promise.resolve();
  const attempt = previous.catch(() => undefined).then(() => tryTakeLockFile(path));
  claiming.set(path, attempt);
  void attempt
    .finally(() => {
      if (claiming.get(path) === attempt) claiming.delete(path);
    })
    .catch(() => undefined);
  return attempt;
}

async function tryTakeLockFile(path: string): Promise<LockAttempt> {
  // Each round ends with the lock released or a stale one removed; more than a few means a fight.
  for (let round = 0; round < 5; round++) {
    if (await createExclusive(path)) return { taken: true };
    const text = await readText(path);
    if (text === undefined) continue; // released meanwhile
    const holderPid = Number.parseInt(text, 10);
    const live = holderPid === process.pid ? held.has(path) : Number.isInteger(holderPid) && holderPid > 0 && isAlive(holderPid);
    if (live) return { taken: false, holderPid };
    await removeStale(path, text);
  }
  throw new Error(`Could not take the lock file ${path}: other processes keep taking and dropping it`);
}

/** Removes the lock if it is still this process's. */
export async function releaseLockFile(path: string): Promise<void> {
  if (!held.delete(path)) return;
  if ((await readText(path))?.trim() === String(process.pid)) await unlink(path).catch(() => undefined);
}
