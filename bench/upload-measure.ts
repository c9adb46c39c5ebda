// One bulk upload over HTTP, timed, with the server's RSS sampled from /proc and other requests probed
// meanwhile: shared by the upload and API benchmarks.
import { openAsBlob } from 'node:fs';
import type { TestIssuer } from '../test/server/helpers/test-issuer';
import type { GeneratedCsv } from './generate-csv';
import { memory, type BenchServer } from './bench-server';

export const mb = (bytes: number) => Math.round(bytes / 1e6);

export interface UploadResult {
  backend: string;
  seconds: number;
  rowsPerSecond: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  hwmMb: number;
  /** Other requests (GET datasets/) made while the upload ran, and how long they took. */
  probes: number;
  probeMaxMs: number;
  probeMedianMs: number;
}

export async function measureUpload(
  backend: string,
  server: BenchServer,
  csvPath: string,
  csv: GeneratedCsv,
  issuer: TestIssuer,
): Promise<UploadResult> {
  const pid = server.child.pid!;
  const baseline = await memory(pid);
  let peak = baseline.rss;
  const sampler = setInterval(() => {
    memory(pid).then(
      (m) => (peak = Math.max(peak, m.rss)),
      () => undefined,
    );
  }, 50);

  const form = new FormData();
  form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'upload.csv');
  const token = await issuer.token({}, { expiresIn: '2h' });
  console.log(`\n${backend}: uploading…`);
  const probe = probeOtherRequests(server.origin, token);
  const started = performance.now();
  const response = await fetch(`${server.origin}/api/service/dataset-entries/bulk-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.json();
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const latencies = (await probe.stop()).sort((a, b) => a - b);
  const end = await memory(pid);
  peak = Math.max(peak, end.rss);

  if (response.status !== 200 || body.created_entries !== csv.rows || body.created_mappings !== csv.mappings) {
    throw new Error(`${backend}: unexpected answer ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  const result: UploadResult = {
    backend,
    seconds: elapsed,
    rowsPerSecond: csv.rows / elapsed,
    baselineMb: mb(baseline.rss),
    peakMb: mb(peak),
    growthMb: mb(peak - baseline.rss),
    hwmMb: mb(end.hwm),
    probes: latencies.length,
    probeMedianMs: Math.round(latencies[Math.floor(latencies.length / 2)] ?? NaN),
    probeMaxMs: Math.round(latencies.at(-1) ?? NaN),
  };
  console.log(
    `${backend}: ${JSON.stringify(body)} in ${elapsed.toFixed(2)} s = ${Math.round(result.rowsPerSecond).toLocaleString('en')} rows/s; ` +
      `server RSS ${result.baselineMb} → peak ${result.peakMb} MB (+${result.growthMb} MB)`,
  );
  return result;
}

/**
 * Lists datasets every 250 ms while the upload runs, as the console would: shows whether the server
 * keeps answering (PostgreSQL) or holds requests until the upload's transaction ends (PGlite).
 */
function probeOtherRequests(origin: string, token: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (running) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/service/datasets/?page_size=5`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET datasets/ answered ${response.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}
