import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../browser/server-process';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function runCli(dataDir: string, args: string[], stdin = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/user.ts', ...args], { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
    child.stdin.end(stdin);
  });
}

describe('npm run user (accounts CLI) on the embedded database', () => {
  let server: RunningServer | undefined;
  const folders: string[] = [];
  afterAll(async () => {
    await server?.stop();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('manages accounts with no server running, refusing short passwords', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sec-cli-'));
    folders.push(dataDir);
    expect(await runCli(dataDir, ['add', 'ana'], 'password-one\n')).toMatchObject({ code: 0, stdout: 'Added account "ana"' });
    expect(await runCli(dataDir, ['add', 'ana'], 'password-two\n')).toMatchObject({
      code: 1,
      stderr: 'An account named "ana" already exists',
    });
    expect(await runCli(dataDir, ['add', 'bo'], 'short\n')).toMatchObject({ code: 1, stderr: 'A password needs at least 8 characters' });
    expect(await runCli(dataDir, ['list'])).toMatchObject({ code: 0, stdout: 'ana' });
    expect((await runCli(dataDir, ['frobnicate'])).code).toBe(2);
  });

  it('works through the running server, which holds the data folder alone', async () => {
    server = await startServer({ env: { CONSOLE_ADMIN_PASSWORD: 'first-admin-password' } });
    const second = await runCli(server.dataDir, ['add', 'carla'], 'password-three\n');
    expect(second).toMatchObject({ code: 0, stdout: 'Added account "carla"' });
    expect(await runCli(server.dataDir, ['passwd', 'admin'], 'another-password\n')).toMatchObject({ code: 0 });
    expect(await runCli(server.dataDir, ['remove', 'nobody'])).toMatchObject({ code: 1, stderr: 'No account named "nobody"' });
    expect((await runCli(server.dataDir, ['list'])).stdout.split('\n')).toEqual(['admin', 'carla']);
  });
});
