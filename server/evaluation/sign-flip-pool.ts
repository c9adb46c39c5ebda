/**
 * The sign-flip sums of several metrics spread over worker threads: two runs of 100,000 queries take
 * about a second of arithmetic on one core, which would also stall every other request for that second.
 * The workers start on first use and stay (unref'd, so they never keep the process alive); a metric's
 * sums are the same whichever worker computes them (sign-flip-sums.mjs).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const MAX_WORKERS = 4;

interface Pending {
  resolve: (sums: Float64Array[]) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

let workers: PoolWorker[] = [];
let nextId = 0;

function startWorker(): PoolWorker {
  const worker = new Worker(new URL('./sign-flip-worker.mjs', import.meta.url));
  worker.unref();
  const entry: PoolWorker = { worker, pending: new Map() };
  worker.on('message', ({ id, sums }: { id: number; sums: Float64Array[] }) => {
    entry.pending.get(id)?.resolve(sums);
    entry.pending.delete(id);
  });
  const fail = (error: Error) => {
    workers = workers.filter((w) => w !== entry);
    for (const { reject } of entry.pending.values()) reject(error);
    entry.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`sign-flip worker stopped (exit code ${code})`)));
  return entry;
}

function poolOf(size: number): PoolWorker[] {
  while (workers.length < size) workers.push(startWorker());
  return workers.slice(0, size);
}

function inWorker(entry: PoolWorker, metrics: Float64Array[]): Promise<Float64Array[]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    entry.pending.set(id, { resolve, reject });
    entry.worker.postMessage({ id, metrics });
  });
}

const poolSize = (metrics: number) => Math.min(metrics, MAX_WORKERS, Math.max(1, availableParallelism()));

/** Starts the workers for `metrics` metrics ahead of use: a comparison does so while it reads its runs. */
export function startSignFlipWorkers(metrics: number): void {
  poolOf(poolSize(metrics));
}

/** sampledSums(metrics), the metrics shared out over up to one worker per core, longest first. */
export async function sampledSumsInWorkers(metrics: Float64Array[]): Promise<Float64Array[]> {
  if (metrics.length === 0) return [];
  const pool = poolOf(poolSize(metrics.length));
  // Each metric to the worker with the least work so far: the work is the number of differences.
  const groups = pool.map(() => ({ indexes: [] as number[], work: 0 }));
  const byLength = metrics.map((_, i) => i).sort((a, b) => metrics[b].length - metrics[a].length);
  for (const i of byLength) {
    const group = groups.reduce((least, g) => (g.work < least.work ? g : least));
    group.indexes.push(i);
    group.work += metrics[i].length;
  }
  const answers = await Promise.all(
    groups.map((group, w) =>
      group.indexes.length === 0
        ? []
        : inWorker(
            pool[w],
            group.indexes.map((i) => metrics[i]),
          ),
    ),
  );
  const sums = new Array<Float64Array>(metrics.length);
  groups.forEach((group, w) => group.indexes.forEach((i, k) => (sums[i] = answers[w][k])));
  return sums;
}
