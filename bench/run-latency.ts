/**
 * How long requests wait while a run is worked on PGlite:
 * `npm run bench:run-latency -- [--entries N] [--products N] [--interval MS]`.
 *
 * The real server (server/main.ts, PGlite, its own worker) with a generated catalogue, golden set and a
 * dataset of N queries; an experiment on the built-in search. Two probes each send a light request every
 * ~interval ms — the experiments list and the run's own progress — first for 2 s with no run (the
 * baseline), then from POST …/runs until the run ends. Prints each probe's median, p95 and max wait and
 * the run's duration. PGlite has one connection: every statement waits for the one before it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer } from '../test/server/helpers/test-issuer';
import { startBenchServer, stopBenchServer } from './bench-server';
import { apiCaller, createBenchExperiment, positive, writeRunFiles, type ApiCall } from './run-setup';

const BASELINE_MS = 2000;
const LIST = '/api/backend/experiments/?page=1&page_size=20';

interface Probe {
  name: string;
  path: () => string | undefined;
  waits: number[];
  /** Answers slower than SLOW_MS: when (s after the probing began) and how long. */
  slow: Array<{ at: number; ms: number }>;
}

const SLOW_MS = 200;

async function main() {
  const { values } = parseArgs({
    options: {
      entries: { type: 'string', default: '20000' },
      products: { type: 'string', default: '20000' },
      interval: { type: 'string', default: '50' },
    },
  });
  const entryCount = positive(values.entries!, '--entries');
  const productCount = positive(values.products!, '--products');
  const intervalMs = positive(values.interval!, '--interval');
  const work = await mkdtemp(join(tmpdir(), 'bench-run-latency-'));
  const issuer = await startTestIssuer();
  try {
    const files = await writeRunFiles(work, productCount, entryCount);
    console.log(`PGlite, ${productCount.toLocaleString('en')} generated products, a run over ${entryCount.toLocaleString('en')} entries`);
    const server = await startBenchServer({ DATA_DIR: join(work, 'pglite-data'), DEMO_DATA: 'false' }, issuer, files.bytes);
    try {
      const call = await apiCaller('pglite', server, issuer);
      console.log('importing the catalogue, the golden set and the queries…');
      const experimentId = await createBenchExperiment(call, files);
      let runId: number | undefined;
      const probes: Probe[] = [
        { name: 'experiments list', path: () => LIST, waits: [], slow: [] },
        {
          name: "the run's progress",
          path: () => (runId === undefined ? undefined : `/api/backend/experiment-runs/${runId}`),
          waits: [],
          slow: [],
        },
      ];

      const baseline: Probe = { name: 'experiments list, no run', path: () => LIST, waits: [], slow: [] };
      await probeUntil(call, [baseline], intervalMs, sleep(BASELINE_MS));

      console.log('running…');
      const started = performance.now();
      let startWait = 0;
      // Probed from the POST on: copying the dataset's entries into the run is part of the run's work.
      const ended = (async () => {
        runId = (await call<{ id: number }>('POST', `/api/backend/experiments/${experimentId}/runs`, { tags: ['bench'] })).id;
        startWait = performance.now() - started;
        return waitForEnd(call, runId);
      })();
      await probeUntil(call, probes, intervalMs, ended);
      const { status, done } = await ended;
      const runSeconds = (performance.now() - started) / 1000;
      if (status !== 'success') throw new Error(`the run ended ${status}`);
      console.log(
        `${done.toLocaleString('en')} entries in ${runSeconds.toFixed(2)} s (POST …/runs answered in ${Math.round(startWait)} ms)`,
      );
      console.table(
        [baseline, ...probes].map(({ name, waits }) => ({
          request: name,
          requests: waits.length,
          'median ms': Math.round(percentile(waits, 0.5)),
          'p95 ms': Math.round(percentile(waits, 0.95)),
          'max ms': Math.round(Math.max(...waits)),
        })),
      );
      for (const { name, slow } of probes) {
        if (slow.length > 0)
          console.log(`${name}, answers over ${SLOW_MS} ms: ${slow.map(({ at, ms }) => `${ms} ms at ${at} s`).join(', ')}`);
      }
    } finally {
      await stopBenchServer(server.child);
    }
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** Each probe sends its request, waits for the answer, and sends again `intervalMs` after the last send. */
async function probeUntil(call: ApiCall, probes: Probe[], intervalMs: number, stop: Promise<unknown>): Promise<void> {
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const began = performance.now();
  await Promise.all(
    probes.map(async (probe) => {
      while (!stopped) {
        const sent = performance.now();
        const path = probe.path();
        if (path !== undefined) {
          await call('GET', path);
          const wait = performance.now() - sent;
          probe.waits.push(wait);
          if (wait > SLOW_MS) probe.slow.push({ at: Math.round((sent - began) / 100) / 10, ms: Math.round(wait) });
        }
        await sleep(Math.max(0, intervalMs - (performance.now() - sent)));
      }
    }),
  );
}

/** Polls the run (not measured) until it is no longer pending or running. */
async function waitForEnd(call: ApiCall, runId: number): Promise<{ status: string; done: number }> {
  for (;;) {
    const run = await call<{ status: string; progress: { done: number } }>('GET', `/api/backend/experiment-runs/${runId}`);
    if (!['pending', 'running'].includes(run.status)) return { status: run.status, done: run.progress.done };
    await sleep(250);
  }
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
