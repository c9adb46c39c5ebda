// What the API benchmark (bench/api.ts) prints for one backend: each figure beside its target
// (on a 2-core machine), the missed ones marked.
import type { UploadResult } from './upload-measure';
import type { RawCopyResult } from './api-copy';
import type { KindCost, MixResult, RequestKind, SweepStep } from './api-mix';
import type { OpenLoopStep } from './api-open-loop';
import { percentile } from './support/percentile';

export interface BackendReport {
  backend: 'pglite' | 'postgres';
  connections: number;
  rows: number;
  mappings: number;
  upload: UploadResult;
  rawCopy: RawCopyResult;
  /** The whole mix, sent at steady rates. */
  kinds: RequestKind[];
  /** The light requests, driven by `connections` closed-loop clients. */
  lightKinds: RequestKind[];
  mix: MixResult;
  rates: OpenLoopStep[];
  sweep: SweepStep[];
  kindCosts: KindCost[];
  loadRssPeakMb: number;
}

interface Targets {
  /** The light requests with the closed-loop clients. */
  requestsPerSecond?: number;
  p99Ms?: number;
  /** The whole mix at this steady rate: p99 below openP99Ms and no error. */
  openRate: number;
  openP99Ms: number;
  pageMs: number;
  searchMs: number;
  rssMb?: number;
  uploadToCopy: number;
}

/** The targets: PostgreSQL with 50 concurrent clients on the light requests, PGlite (10 clients) with none there. */
const TARGETS: Record<BackendReport['backend'], Targets> = {
  postgres: { requestsPerSecond: 1000, p99Ms: 60, openRate: 60, openP99Ms: 250, pageMs: 100, searchMs: 100, rssMb: 300, uploadToCopy: 0.8 },
  pglite: { openRate: 20, openP99Ms: 300, pageMs: 300, searchMs: 300, uploadToCopy: 0.8 },
};

const int = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Prints the report; answers the targets missed. */
export function printReport(r: BackendReport): string[] {
  const t = TARGETS[r.backend];
  const missed: string[] = [];
  const check = (label: string, ok: boolean) => {
    if (!ok) missed.push(label);
    return verdict(ok);
  };
  console.log(`\n===== ${r.backend}: ${int(r.rows)} entries, ${int(r.mappings)} mappings =====`);

  const ratio = r.rawCopy.seconds / r.upload.seconds;
  console.log(`Bulk upload (HTTP, streamed multipart): ${r.upload.seconds.toFixed(2)} s = ${int(r.rows / r.upload.seconds)} rows/s`);
  console.log(
    `Raw COPY of the same rows into the same tables: ${r.rawCopy.seconds.toFixed(2)} s = ${int(r.rows / r.rawCopy.seconds)} rows/s ` +
      `(${int(r.rawCopy.entries)} entries, ${int(r.rawCopy.mappings)} mappings; ${r.rawCopy.how})`,
  );
  console.log(
    `Upload speed / raw COPY speed (raw COPY s / upload s): ${ratio.toFixed(2)}   target ≥ ${t.uploadToCopy}: ${check('upload ≥ 0.8 × raw COPY', ratio >= t.uploadToCopy)}`,
  );
  const plain = r.rawCopy.withoutTrigram;
  if (plain) {
    console.log(
      `Raw COPY into the tables without the entry search's trigram index: ${plain.seconds.toFixed(2)} s = ${int(r.rows / plain.seconds)} rows/s ` +
        `(upload speed / it: ${(plain.seconds / r.upload.seconds).toFixed(2)}); the index built afterwards in one pass: ${plain.indexSeconds.toFixed(2)} s, ` +
        `so COPY then index takes ${(plain.seconds + plain.indexSeconds).toFixed(2)} s against ${r.rawCopy.seconds.toFixed(2)} s with the index kept up row by row`,
    );
  }
  // The upload's time includes its VACUUM (ANALYZE) after the commit, which the raw COPY leaves to autovacuum.
  const upkept = (r.rawCopy.seconds + r.rawCopy.upkeepSeconds) / r.upload.seconds;
  console.log(
    `The upload's upkeep after its commit, VACUUM (ANALYZE), timed on the copied rows: ${r.rawCopy.upkeepSeconds.toFixed(2)} s; ` +
      `(raw COPY + upkeep) s / upload s: ${upkept.toFixed(2)}`,
  );

  const all: number[] = [];
  const rows = r.mix.kinds.map((k, i) => {
    const sorted = [...k.latencies].sort((a, b) => a - b);
    for (const v of k.latencies) all.push(v);
    const failed = [...k.failures.values()].reduce((a, b) => a + b, 0);
    const statuses = [...k.failures].map(([status, n]) => `${n}×${status}`).join(' ');
    return [
      k.name,
      `${r.lightKinds[i].weight}%`,
      int(sorted.length),
      (sorted.length / r.mix.seconds).toFixed(1),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 99)),
      ms(sorted.at(-1) ?? NaN),
      failed ? `${failed} (${statuses})` : '0',
    ];
  });
  all.sort((a, b) => a - b);
  const failures = r.mix.kinds.reduce((sum, k) => sum + [...k.failures.values()].reduce((a, b) => a + b, 0), 0);
  console.log(
    `\nLight requests: ${r.connections} concurrent clients for ${r.mix.seconds.toFixed(1)} s (autocannon, one request in flight per client)`,
  );
  for (const [i, kind] of r.lightKinds.entries()) console.log(`  ${kind.name}: e.g. GET ${r.mix.examples[i]}`);
  table(['request kind', 'share', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-200'], rows);
  const rps = all.length / r.mix.seconds;
  const p99 = percentile(all, 99);
  console.log(
    `Overall: ${int(all.length)} requests, ${rps.toFixed(1)} req/s` +
      (t.requestsPerSecond
        ? `   target ≥ ${int(t.requestsPerSecond)}: ${check(`≥ ${t.requestsPerSecond} req/s`, rps >= t.requestsPerSecond)}`
        : '   (no target)'),
  );
  console.log(
    `         p50 ${ms(percentile(all, 50))} ms, p99 ${ms(p99)} ms` +
      (t.p99Ms ? `   target < ${t.p99Ms} ms: ${check(`light p99 < ${t.p99Ms} ms`, p99 < t.p99Ms)}` : '   (no target)'),
  );
  const errorsOk = failures === 0 && r.mix.errors === 0;
  console.log(
    `         non-200 answers ${failures}, socket errors ${r.mix.errors} (timeouts ${r.mix.timeouts})   must be 0: ${check('no errors', errorsOk)}`,
  );
  for (const sample of r.mix.failureSamples) console.log(`         e.g. ${sample}`);
  printRates(r, t, check);

  console.log(
    `\nOne request at a time (no other load), ${Math.max(0, ...r.sweep.map((step) => step.times.length))} times each (once when over 5 s); the target is judged on the median:`,
  );
  table(
    ['request', 'times ms', 'median ms', 'target', 'verdict'],
    r.sweep.map((step) => {
      const isSearch = step.name.includes('search');
      const limit = isSearch ? t.searchMs : t.pageMs;
      const m = median(step.times);
      return [step.name, step.times.map(ms).join(' / '), ms(m), `< ${limit} ms`, check(`${step.name} < ${limit} ms`, m < limit)];
    }),
  );

  console.log('\nEach kind of the mix alone, one request at a time (5 paths each, drawn as the mix draws them):');
  table(
    ['request kind', 'share', 'times ms', 'median ms'],
    r.kindCosts.map((kind) => [kind.name, `${kind.weight}%`, kind.times.map(ms).join(' / '), ms(median(kind.times))]),
  );
  const weights = r.kindCosts.reduce((sum, kind) => sum + kind.weight, 0);
  const meanMs = r.kindCosts.reduce((sum, kind) => sum + (kind.weight * median(kind.times)) / weights, 0);
  console.log(
    `         weighted by the mix: ${ms(meanMs)} ms a request, so one client at a time gets ${(1000 / meanMs).toFixed(0)} req/s` +
      ' (the load adds the second core and overlaps the database with Node, at best)',
  );

  const rssPeak = Math.max(r.loadRssPeakMb, r.upload.peakMb);
  console.log(
    `\nServer RSS peak: ${rssPeak} MB (upload ${r.upload.peakMb} MB, load ${r.loadRssPeakMb} MB)` +
      (t.rssMb ? `   target < ${t.rssMb} MB: ${check(`RSS < ${t.rssMb} MB`, rssPeak < t.rssMb)}` : '   (no target)'),
  );
  console.log(missed.length ? `${r.backend}: ${missed.length} target(s) MISSED: ${missed.join('; ')}` : `${r.backend}: every target met`);
  return missed;
}

/** The whole mix at steady rates: each rate's percentiles, the target rate's verdict and the highest rate within the target's p99. */
function printRates(r: BackendReport, t: Targets, check: (label: string, ok: boolean) => string) {
  console.log(`\nThe whole mix at steady rates (open loop: each request timed from its scheduled start):`);
  for (const kind of r.kinds) console.log(`  ${kind.name} (${kind.weight}%)`);
  const within = (step: OpenLoopStep) => step.failures === 0 && percentile(sortedAll(step), 99) < t.openP99Ms;
  table(
    ['requests/s', 'seconds', 'answered', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'failed', 'worst start delay ms'],
    r.rates.map((step) => {
      const all = sortedAll(step);
      return [
        String(step.rate),
        String(step.seconds),
        int(all.length),
        ms(percentile(all, 50)),
        ms(percentile(all, 90)),
        ms(percentile(all, 99)),
        ms(all.at(-1) ?? NaN),
        String(step.failures),
        ms(step.worstStartDelayMs),
      ];
    }),
  );
  for (const step of r.rates) for (const sample of step.failureSamples) console.log(`         e.g. at ${step.rate}/s: ${sample}`);
  const target = r.rates.find((step) => step.rate === t.openRate);
  const best = r.rates.filter(within).at(-1);
  console.log(
    `At ${t.openRate} requests/s: p99 ${target ? ms(percentile(sortedAll(target), 99)) : '–'} ms, ${target?.failures ?? '–'} failed` +
      `   target p99 < ${t.openP99Ms} ms and none failed: ${check(`${t.openRate} requests/s with p99 < ${t.openP99Ms} ms`, target !== undefined && within(target))}`,
  );
  console.log(`Highest rate tried with p99 < ${t.openP99Ms} ms and none failed: ${best ? `${best.rate} requests/s` : 'none'}`);
  const slowest = r.kinds
    .map((kind, i) => ({
      name: kind.name,
      p99: percentile(
        r.rates.flatMap((step) => step.latencies[i]).sort((a, b) => a - b),
        99,
      ),
    }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, 3);
  console.log(`Slowest kinds over every rate (p99): ${slowest.map((kind) => `${kind.name} ${ms(kind.p99)} ms`).join(', ')}`);
}

const sortedAll = (step: OpenLoopStep) => step.latencies.flat().sort((a, b) => a - b);

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
