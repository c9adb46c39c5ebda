/**
 * What the big-run benchmarks share: for each backend asked for, a big run stored (big-run.ts), the real
 * server started on it, and each request timed one at a time, best of 3, against its target if it has one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer } from '../../test/server/helpers/test-issuer';
import { getChecked } from '../api-mix';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchBackend } from '../bench-server';
import { positive } from '../run-setup';
import { storeBigRun } from './big-run';

interface TimedRequest {
  name: string;
  path: string;
  /** Slower than this (best of 3) is reported SLOW; no verdict without one. */
  targetMs?: number;
}

interface BigRunBench {
  /** Names the scratch database and the work folder. */
  label: string;
  /** Said after the number of results, e.g. "(target < 100 ms)". */
  targets: string;
  requests(runId: number, results: number): TimedRequest[];
}

/** Reads `--results N` (100,000 by default) and `--only pglite|postgres`, and runs the bench on each backend. */
export async function runBigRunBench(bench: BigRunBench): Promise<void> {
  const { values } = parseArgs({ options: { results: { type: 'string', default: '100000' }, only: { type: 'string' } } });
  const results = positive(values.results!, '--results');
  const issuer = await startTestIssuer();
  const work = await mkdtemp(join(tmpdir(), `bench-${bench.label}-`));
  const timeOn = async (backend: BenchBackend, connection: { databaseUrl?: string; dataDir: string }, env: Record<string, string>) => {
    const started = performance.now();
    const runId = await storeBigRun(connection, results);
    console.log(`stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const server = await startBenchServer({ ...env, DEMO_DATA: 'false' }, issuer, 0);
    try {
      const token = await issuer.token();
      console.log(`${backend}: ${results.toLocaleString('en')} results; each request 3 times, one at a time ${bench.targets}`);
      for (const { name, path, targetMs } of bench.requests(runId, results)) {
        const times: number[] = [];
        for (let i = 0; i < 3; i++) times.push((await getChecked(server, token, path)).ms);
        const best = Math.min(...times);
        const verdict = targetMs === undefined ? '' : best < targetMs ? 'ok' : 'SLOW';
        console.log(`  ${name.padEnd(40)} ${times.map((ms) => ms.toFixed(1).padStart(7)).join(' /')} ms  ${verdict}`);
      }
    } finally {
      await stopBenchServer(server.child);
    }
  };
  try {
    for (const backend of benchBackends(values.only)) {
      if (backend === 'pglite') {
        const dataDir = join(work, 'pglite-data');
        await timeOn(backend, { dataDir }, { DATA_DIR: dataDir });
      } else {
        await withScratchDatabase(bench.label.replaceAll('-', '_'), (url) =>
          timeOn(backend, { databaseUrl: url, dataDir: join(work, 'unused') }, { DATABASE_URL: url, DATA_DIR: join(work, 'pg-data') }),
        );
      }
    }
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}
