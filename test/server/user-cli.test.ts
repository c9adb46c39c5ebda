import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../browser/server-process';
import { openDatabase } from '../../server/storage/open-database';
import { parseUserArgs, USAGE, UsageError } from '../../server/cli/user-args';

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

  /** The audit rows the CLI wrote in the folder (read once nothing holds it): action target summary. */
  async function cliAuditRows(dataDir: string): Promise<string[]> {
    const db = await openDatabase({ dataDir });
    try {
      const { rows } = await db.query<{ action: string; target_id: string; summary: string; actor_name: string }>(
        "SELECT action, target_id, summary, actor_name FROM audit_events WHERE actor_sub = 'cli' ORDER BY id",
      );
      return rows.map((row) => `${row.actor_name}: ${row.action} ${row.target_id} ${row.summary}`.trim());
    } finally {
      await db.close();
    }
  }

  it('manages accounts and their roles with no server running, refusing short passwords and the last admin going', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sec-cli-'));
    folders.push(dataDir);
    expect(await runCli(dataDir, ['add', 'ana'], 'password-one\n')).toMatchObject({
      code: 0,
      stdout: 'Added account "ana" (admin, as the first account)',
    });
    expect(await runCli(dataDir, ['add', 'ana'], 'password-two\n')).toMatchObject({
      code: 1,
      stderr: 'An account named "ana" already exists',
    });
    expect(await runCli(dataDir, ['add', 'bo'], 'short\n')).toMatchObject({ code: 1, stderr: 'A password needs at least 8 characters' });
    expect(await runCli(dataDir, ['add', 'bo'], 'password-bo\n')).toMatchObject({ code: 0, stdout: 'Added account "bo" (viewer)' });
    expect(await runCli(dataDir, ['add', 'cy', '--role', 'curator'], 'password-cy\n')).toMatchObject({
      code: 0,
      stdout: 'Added account "cy" (curator)',
    });
    expect(await runCli(dataDir, ['role', 'ana', 'viewer'])).toMatchObject({
      code: 1,
      stderr: '"ana" is the last admin: make another account admin first',
    });
    expect(await runCli(dataDir, ['role', 'cy', 'admin'])).toMatchObject({ code: 0, stdout: 'Changed the role of "cy": curator → admin' });
    expect(await runCli(dataDir, ['role', 'ana', 'viewer'])).toMatchObject({
      code: 0,
      stdout: 'Changed the role of "ana": admin → viewer',
    });
    expect(await runCli(dataDir, ['list'])).toMatchObject({ code: 0, stdout: 'ana\tviewer\nbo\tviewer\ncy\tadmin' });
    // A command line that is not one exits with 2 and the usage; the others are read the same way, in-process below.
    const usage = await runCli(dataDir, ['frobnicate']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(`Unknown command "frobnicate"\n${USAGE}`);
    expect(await cliAuditRows(dataDir)).toEqual([
      'npm run user: account.create ana role admin',
      'npm run user: account.create bo role viewer',
      'npm run user: account.create cy role curator',
      'npm run user: account.role cy curator → admin',
      'npm run user: account.role ana admin → viewer',
    ]);
  }, 180_000);

  it('names what is wrong with a command line that is not one', () => {
    const refusal = (args: string[]) => {
      try {
        parseUserArgs(args);
      } catch (error) {
        return { usage: error instanceof UsageError, message: (error as Error).message };
      }
      return undefined;
    };
    expect(refusal([])).toEqual({ usage: true, message: 'No command given' });
    expect(refusal(['role', 'ana'])).toEqual({ usage: true, message: '"role" takes a name and a role' });
    expect(refusal(['add', 'x', '--colour', 'red'])).toEqual({ usage: true, message: 'Unknown option "--colour"' });
    expect(refusal(['list', 'ana'])).toEqual({ usage: true, message: '"list" takes no name' });
    expect(refusal(['add', 'dee', '--role=boss'])).toEqual({ usage: false, message: 'A role is viewer, curator, admin; got "boss"' });
    expect(parseUserArgs(['add', 'cy', '--role', 'curator'])).toEqual({ command: 'add', username: 'cy', role: 'curator' });
    expect(parseUserArgs(['role', 'cy', 'admin'])).toEqual({ command: 'role', username: 'cy', role: 'admin' });
  });

  it('works through the running server, which holds the data folder alone', async () => {
    server = await startServer({ env: { CONSOLE_ADMIN_PASSWORD: 'first-admin-password' } });
    const second = await runCli(server.dataDir, ['add', 'carla', '--role', 'curator'], 'password-three\n');
    expect(second).toMatchObject({ code: 0, stdout: 'Added account "carla" (curator)' });
    expect(await runCli(server.dataDir, ['passwd', 'admin'], 'another-password\n')).toMatchObject({ code: 0 });
    expect(await runCli(server.dataDir, ['role', 'carla', 'viewer'])).toMatchObject({
      code: 0,
      stdout: 'Changed the role of "carla": curator → viewer',
    });
    expect(await runCli(server.dataDir, ['remove', 'nobody'])).toMatchObject({ code: 1, stderr: 'No account named "nobody"' });
    expect(await runCli(server.dataDir, ['remove', 'admin'])).toMatchObject({
      code: 1,
      stderr: '"admin" is the last admin: make another account admin first',
    });
    expect((await runCli(server.dataDir, ['list'])).stdout.split('\n')).toEqual(['admin\tadmin', 'carla\tviewer']);
  }, 180_000);
});
