/**
 * The embedded database's folder: one process at a time holds it (claimed atomically), and nothing in
 * it (the folder, the database files, the admin socket) is open to other users, whatever the umask.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { adminSocketPath, claimDataDir, DataDirBusyError, type DataDirLock } from '../../server/admin/data-dir-lock';
import { startServer, type RunningServer } from '../browser/server-process';

const folders: string[] = [];
async function freshFolder() {
  const folder = await mkdtemp(join(tmpdir(), 'sec-lock-'));
  folders.push(folder);
  return join(folder, 'data');
}
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('claiming the data folder', () => {
  const locks: DataDirLock[] = [];
  afterEach(async () => {
    await Promise.all(locks.splice(0).map((lock) => lock.release()));
  });

  it('gives the folder to one of two claims made at the same moment, every time', async () => {
    for (let round = 0; round < 25; round++) {
      const dataDir = await freshFolder();
      const claims = await Promise.allSettled([claimDataDir(dataDir, 'first'), claimDataDir(dataDir, 'second')]);
      const won = claims.flatMap((claim) => (claim.status === 'fulfilled' ? [claim.value] : []));
      locks.push(...won);
      expect(won, `round ${round}`).toHaveLength(1);
      const lost = claims.find((claim) => claim.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(DataDirBusyError);
      await Promise.all(locks.splice(0).map((lock) => lock.release()));
    }
  });

  it('names the holder to a later claim, and is free again once released', async () => {
    const dataDir = await freshFolder();
    const lock = await claimDataDir(dataDir, 'the server (pid 1)');
    await expect(claimDataDir(dataDir, 'npm run user')).rejects.toThrow(/in use by the server \(pid 1\)/);
    await lock.release();
    locks.push(await claimDataDir(dataDir, 'npm run user'));
  });

  it.each([
    ['whose pid is gone', deadPid],
    // A restarted container's server has the pid its former life had (often 1).
    ['whose pid is now this process', async () => process.pid],
  ])('takes over a folder whose holder died without releasing it, %s', async (_, holderPid) => {
    const dataDir = await freshFolder();
    const lock = await claimDataDir(dataDir, 'a process that dies');
    // What a killed process leaves: its lock file naming it, and its socket file with nobody listening.
    const leftovers = (await readdir(dataDir)).filter((name) => name !== 'admin.sock');
    await lock.release();
    for (const name of leftovers) await writeFile(join(dataDir, name), `${await holderPid()}\n`);
    await writeFile(adminSocketPath(dataDir), '');
    locks.push(await claimDataDir(dataDir, 'the restarted server'));
  });

  it('makes the folder 0700 and the admin socket 0600 even with umask 000', async () => {
    const dataDir = await freshFolder();
    const umask = process.umask(0);
    try {
      locks.push(await claimDataDir(dataDir, 'the server'));
    } finally {
      process.umask(umask);
    }
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(adminSocketPath(dataDir))).mode & 0o777).toBe(0o600);
  });
});

describe('the server on a fresh data folder with umask 000', () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop());

  it('writes no file that group or others may write or read', async () => {
    const umask = process.umask(0);
    try {
      server = await startServer({ env: { CONSOLE_ADMIN_PASSWORD: 'first-admin-password', DEMO_DATA: 'false' } });
    } finally {
      process.umask(umask);
    }
    expect((await stat(server.dataDir)).mode & 0o777).toBe(0o700);
    const open: string[] = [];
    for (const entry of await readdir(server.dataDir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if ((await stat(path)).mode & 0o077) open.push(path);
    }
    expect(open.slice(0, 5), `${open.length} files open to others`).toEqual([]);
  });
});
