import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// A fresh server (initdb, migrations, demo data) starts in about 10 s alone, but above 30 s beside a full test run on two cores.
const startTimeoutMs = 90_000;
const stopTimeoutMs = 5_000;

/** The first admin's password on every server startServer makes (the copied data folders carry it). */
export const ADMIN_PASSWORD = 'browser-test-admin-password';

/** Stopped servers' data folders (demo data, or none) that the browser tests copy instead of starting afresh. */
type ServerTemplates = { demo: string; empty: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplates: ServerTemplates | undefined;
  }
}

export type RunningServer = {
  url: string;
  dataDir: string;
  /** What the server wrote so far (the last 20,000 characters of each stream). */
  output(): { stdout: string; stderr: string };
  /** Whether the process has ended (crashed, or after stop). */
  exited(): boolean;
  stop(): Promise<void>;
};

export type StartServerOptions = {
  /** Extra environment for the server, e.g. DATABASE_URL or OIDC_* settings. */
  env?: Record<string, string>;
  /** Start from an empty data folder (initdb, migrations, demo data) even where a migrated copy is at hand. */
  fresh?: boolean;
};

/** Starts the real reference server (server/main.ts) on a free port with a fresh data folder. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'sec-browser-'));
  // A copy of a stopped server's folder starts in under half the time of initdb, migrations and demo data (12 s, not 25, under load).
  const template = options.fresh ? undefined : templateFor(options.env ?? {});
  if (template) await cp(template, dataDir, { recursive: true });

  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL; // each run gets its own embedded database unless a test asks otherwise
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...(template ? { CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD } : {}),
    ...options.env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const streams = { stdout: '', stderr: '' };
  const keep = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000); // the tail is what explains a crash
    streams[stream] = (streams[stream] + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep('stdout'));
  child.stderr.on('data', keep('stderr'));
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(`exit code ${code ?? signal}`));
    child.once('error', (error) => resolve(`spawn error: ${error.message}`));
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealthy(url, exited);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output || '(none)'}`);
  }
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  return { url, dataDir, output: () => ({ ...streams }), exited: hasExited, stop };
}

function templateFor(env: Record<string, string>): string | undefined {
  if (env.DATA_DIR || env.DATABASE_URL) return undefined;
  // Outside the test runner (the benches start servers too) there are no templates to ask for.
  if (!process.env.VITEST) return undefined;
  // Only the browser project's global setup makes templates; elsewhere every server starts afresh.
  const templates = inject('serverTemplates');
  if (!templates) return undefined;
  if (env.CONSOLE_ADMIN_PASSWORD !== undefined && env.CONSOLE_ADMIN_PASSWORD !== ADMIN_PASSWORD) {
    throw new Error('A copied data folder already has its admin, with ADMIN_PASSWORD: pass `fresh: true` for another password.');
  }
  return env.DEMO_DATA === 'false' ? templates.empty : templates.demo;
}

async function waitForHealthy(url: string, exited: Promise<string>): Promise<void> {
  let died: string | undefined;
  void exited.then((reason) => {
    died = reason;
  });
  const deadline = Date.now() + startTimeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (died) throw new Error(`The reference server stopped before it was healthy (${died}).`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /healthz answered ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The reference server was not healthy at ${url} within ${startTimeoutMs / 1000} s (${lastProblem}).`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
