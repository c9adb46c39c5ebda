// The real server (server/main.ts) as a child process for the API benchmarks, trusting a test issuer
// run by the benchmark so it can mint valid tokens.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestIssuer } from '../test/server/helpers/test-issuer';

const root = fileURLToPath(new URL('..', import.meta.url));
const MiB = 1024 * 1024;

export interface BenchServer {
  child: ChildProcess;
  origin: string;
}

/** Starts the server with `env` and an upload limit that fits `uploadBytes`; resolves once /healthz answers. */
export async function startBenchServer(env: Record<string, string>, issuer: TestIssuer, uploadBytes: number): Promise<BenchServer> {
  const port = await freePort();
  // As `npm start` runs it, with the young generation and the heap's growth held small (see the README's note on
  // memory). BENCH_SERVER_NODE_ARGS adds Node options, as "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the
  // server (NODE_OPTIONS refuses --cpu-prof).
  const profiling = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const memory = ['--max-semi-space-size=4', '--heap-growing-percent=60'];
  const child = spawn(process.execPath, [...profiling, ...memory, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: issuer.audience,
      OIDC_CLIENT_ID: 'bench',
      UPLOAD_LIMIT_MB: String(Math.max(200, Math.ceil((uploadBytes * 1.1) / MiB))),
      EVALUATION_UPLOAD_LIMIT_MB: String(Math.max(512, Math.ceil((uploadBytes * 1.1) / MiB))),
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the server exited with code ${code} before it was ready`);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  exited.catch(() => undefined);
  return { child, origin };
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type BenchBackend = 'pglite' | 'postgres';

/** What `--only` asks for: PGlite, and PostgreSQL when DATABASE_URL is set (said when it is not). */
export function benchBackends(only: string | undefined): BenchBackend[] {
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error(`--only must be pglite or postgres, got ${only}`);
  const backends = (['pglite', 'postgres'] as const).filter((backend) => only === undefined || only === backend);
  if (!backends.includes('postgres') || process.env.DATABASE_URL) return backends;
  console.log('DATABASE_URL is not set: PostgreSQL is skipped.');
  return backends.filter((backend) => backend !== 'postgres');
}

/** A fresh database beside DATABASE_URL's for one benchmark, dropped afterwards whatever happens. */
export async function withScratchDatabase<T>(label: string, work: (url: string) => Promise<T>): Promise<T> {
  const adminUrl = new URL(process.env.DATABASE_URL!);
  const name = `bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch((error) => console.error(`could not drop ${name}:`, error));
    await admin.end();
  }
}

/** VmRSS and VmHWM of a process, in bytes (Linux /proc). */
export async function memory(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** Samples a process's RSS every `everyMs` until stopped; `stop` answers the peak seen, in bytes. */
export function sampleRss(pid: number, everyMs = 100) {
  let peak = 0;
  const take = () =>
    memory(pid).then(
      (m) => (peak = Math.max(peak, m.rss)),
      () => peak,
    );
  void take();
  const timer = setInterval(take, everyMs);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await take();
      return peak;
    },
  };
}
