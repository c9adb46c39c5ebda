// @ts-check
// A worker thread of sign-flip-pool.ts: sums the sign flips of the parts it is sent, off the main thread.
import { parentPort } from 'node:worker_threads';
import { partSums } from './sign-flip-sums.mjs';

parentPort?.on('message', (/** @type {{ id: number, metrics: Float64Array[], parts: number[] }} */ { id, metrics, parts }) => {
  const sums = parts.map((part) => partSums(metrics, part));
  parentPort?.postMessage(
    { id, sums },
    sums.flatMap((part) => part.map((sum) => sum.buffer)),
  );
});
