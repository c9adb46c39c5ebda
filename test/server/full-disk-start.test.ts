// A restart while the data folder's disk is still full says so, instead of PGlite's "failed to initialize
// properly", and leaves what was stored intact for a start once there is room.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../browser/server-process';
import { openPGlite } from '../../server/db/pglite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const preload = fileURLToPath(new URL('./fixtures/full-disk-preload.mjs', import.meta.url));

/** Runs server/main.ts to its end on `dataDir`, with the disk under it full; its exit code and stderr. */
function startOnFullDisk(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'false' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', preload, 'server/main.ts'], { cwd: repoRoot, env });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('starting on a full disk', () => {
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('exits naming the full disk, and nothing stored is lost', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'evaltest-full-'));
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', CONSOLE_ADMIN_PASSWORD: 'full-disk-admin-password' };
    server = await startServer({ env });
    await server.stop();

    const full = await startOnFullDisk(dataDir);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(`Cannot open the embedded database in ${dataDir}: its disk is full (0 MB free).`);
    expect(full.stderr).not.toContain('failed to initialize properly');

    const db = await openPGlite({ dataDir });
    const { rows } = await db.query<{ username: string }>('SELECT username FROM accounts');
    await db.close();
    expect(rows).toEqual([{ username: 'admin' }]);
  }, 150_000);
});
