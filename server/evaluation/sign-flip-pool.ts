/**
 * The sign-flip sums of several metrics spread over worker threads: a metric of two runs of 100,000 queries
 * takes about half a second of arithmetic on one core, which would also stall every other request meanwhile.
 * Each worker sums some of the parts of every metric (sign-flip-sums.mjs), so one metric's test is shared out
 * too. The workers start on first use and stay (unref'd, so they never keep the process alive).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { addParts, PARTS } from './sign-flip-sums.mjs';

const MAX_WORKERS = 4;

interface Pending {
  resolve: (sums: Float64Array[][]) => void;
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
  worker.on('message', ({ id, sums }: { id: number; sums: Float64Array[][] }) => {
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

function inWorker(entry: PoolWorker, metrics: Float64Array[], parts: number[]): Promise<Float64Array[][]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    entry.pending.set(id, { resolve, reject });
    entry.worker.postMessage({ id, metrics, parts });
  });
}

const poolSize = () => Math.min(PARTS, MAX_WORKERS, Math.max(1, availableParallelism()));

/** Starts the workers ahead of use: a comparison does so while it reads its runs. */
export function startSignFlipWorkers(): void {
  poolOf(poolSize());
}

/** sampledSums(metrics), its parts shared out over up to one worker per core. */
export async function sampledSumsInWorkers(metrics: Float64Array[]): Promise<Float64Array[]> {
  if (metrics.length === 0) return [];
  const pool = poolOf(poolSize());
  const partsOf = pool.map((_, w) => Array.from({ length: PARTS }, (_, part) => part).filter((part) => part % pool.length === w));
  const answers = await Promise.all(pool.map((worker, w) => inWorker(worker, metrics, partsOf[w])));
  const byPart = new Array<Float64Array[]>(PARTS);
  partsOf.forEach((parts, w) => parts.forEach((part, k) => (byPart[part] = answers[w][k])));
  return addParts(byPart, metrics.length);
}
