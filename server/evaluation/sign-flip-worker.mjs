// @ts-check
// A worker thread of sign-flip-pool.ts: sums the sign flips of the metrics it is sent, off the main thread.
import { parentPort } from 'node:worker_threads';
import { sampledSums } from './sign-flip-sums.mjs';

parentPort?.on('message', (/** @type {{ id: number, metrics: Float64Array[] }} */ { id, metrics }) => {
  const sums = sampledSums(metrics);
  parentPort?.postMessage(
    { id, sums },
    sums.map((sum) => sum.buffer),
  );
});
