// A worker thread of `npm run metrics`: scores one share of the queries and posts them back, or the
// error that stopped it. Plain JavaScript because worker threads do not inherit tsx's loader.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { scoreShare } = await tsImport('../evaluation/trec-eval-share.ts', import.meta.url);
try {
  parentPort.postMessage({ scored: scoreShare(workerData) });
} catch (error) {
  const { name, message, file, line, detail, code, path } = error;
  parentPort.postMessage({ error: { name, message, file, line, detail, code, path } });
}
