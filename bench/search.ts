/**
 * Built-in search benchmark: `npm run bench:search -- [--products N] [--searches N] [--only pglite|postgres]`.
 *
 * Generates a seeded catalogue (names built from the WANDS queries and product words), imports it
 * through the API into the real server (server/main.ts, a child process trusting a tiny OpenID issuer
 * run here) on a fresh PGlite and, when DATABASE_URL is set, on a scratch PostgreSQL database; then times
 * searches for WANDS queries one after another: over HTTP (GET catalogue/products/?search=, which also
 * counts the matches) and in process with the BuiltinSearchTarget (k = 10) that runs use.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { openPGlite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import type { Database } from '../server/db/database';
import { BuiltinSearchTarget } from '../server/search/builtin-search';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchServer } from './bench-server';
import { writeCatalogue } from './generated-catalogue';

const MiB = 1024 * 1024;
const K = 10;

interface Figures {
  backend: string;
  importSeconds: number;
  http: Latencies;
  direct: Latencies;
  meanHits: number;
}

interface Latencies {
  p50: number;
  p95: number;
  perSecond: number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '50000' },
      searches: { type: 'string', default: '1000' },
      only: { type: 'string' },
    },
  });
  const productCount = positive(values.products!, '--products');
  const searchCount = positive(values.searches!, '--searches');
  const backends = benchBackends(values.only);

  const work = await mkdtemp(join(tmpdir(), 'bench-search-'));
  const issuer = await startTestIssuer();
  try {
    const file = join(work, 'catalogue.csv');
    const { bytes, queries } = await writeCatalogue(file, productCount, searchCount);
    console.log(
      `Catalogue: ${productCount.toLocaleString('en')} generated products, ${(bytes / MiB).toFixed(1)} MiB; ${searchCount} searches`,
    );
    const results: Figures[] = [];
    for (const backend of backends) results.push(await bench(backend, work, file, bytes, productCount, queries, issuer));
    console.log();
    console.table(
      results.map((r) => ({
        backend: r.backend,
        'import s': r.importSeconds.toFixed(2),
        'HTTP p50 ms': r.http.p50.toFixed(2),
        'HTTP p95 ms': r.http.p95.toFixed(2),
        'HTTP searches/s': Math.round(r.http.perSecond),
        'target p50 ms': r.direct.p50.toFixed(2),
        'target p95 ms': r.direct.p95.toFixed(2),
        'target searches/s': Math.round(r.direct.perSecond),
        'mean hits': r.meanHits.toFixed(1),
      })),
    );
    console.log(
      `HTTP: GET catalogue/products/?search=…&page_size=${K} (page and count); target: BuiltinSearchTarget.search(query, ${K}); one at a time.`,
    );
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function bench(
  backend: string,
  work: string,
  file: string,
  bytes: number,
  count: number,
  queries: string[],
  issuer: TestIssuer,
): Promise<Figures> {
  if (backend === 'pglite') {
    const dataDir = join(work, 'pglite-data');
    const server = await startBenchServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, bytes);
    let figures: Omit<Figures, 'direct' | 'meanHits'>;
    try {
      figures = await importAndSearchOverHttp('pglite', server, file, count, queries, issuer);
    } finally {
      await stopBenchServer(server.child);
    }
    // One process owns a PGlite data folder: the in-process searches open it once the server has stopped.
    const db = await openPGlite({ dataDir });
    try {
      return { ...figures, ...(await searchInProcess(db, queries)) };
    } finally {
      await db.close();
    }
  }
  return withScratchDatabase('search', async (url) => {
    const server = await startBenchServer({ DATABASE_URL: url, DEMO_DATA: 'false' }, issuer, bytes);
    try {
      const figures = await importAndSearchOverHttp('postgres', server, file, count, queries, issuer);
      const db = await openPostgres(url);
      try {
        return { ...figures, ...(await searchInProcess(db, queries)) };
      } finally {
        await db.close();
      }
    } finally {
      await stopBenchServer(server.child);
    }
  });
}

async function importAndSearchOverHttp(
  backend: string,
  server: BenchServer,
  file: string,
  count: number,
  queries: string[],
  issuer: TestIssuer,
) {
  const token = await issuer.token({}, { expiresIn: '2h' });
  const authorization = `Bearer ${token}`;
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'catalogue.csv');
  console.log(`\n${backend}: importing…`);
  const started = performance.now();
  const response = await fetch(`${server.origin}/api/backend/catalogue/import`, { method: 'POST', headers: { authorization }, body: form });
  const body = await response.json();
  const importSeconds = (performance.now() - started) / 1000;
  if (response.status !== 200 || body.created !== count)
    throw new Error(`${backend}: unexpected answer ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  console.log(`${backend}: imported ${count.toLocaleString('en')} products in ${importSeconds.toFixed(2)} s; searching over HTTP…`);

  const warm = queries.slice(0, 20);
  const search = async (query: string) => {
    const answer = await fetch(`${server.origin}/api/backend/catalogue/products/?page_size=${K}&search=${encodeURIComponent(query)}`, {
      headers: { authorization },
    });
    if (!answer.ok) throw new Error(`${backend}: search "${query}" answered ${answer.status}`);
    await answer.json();
  };
  for (const query of warm) await search(query);
  return { backend, importSeconds, http: await time(queries, search) };
}

async function searchInProcess(db: Database, queries: string[]) {
  const target = new BuiltinSearchTarget(db);
  for (const query of queries.slice(0, 20)) await target.search(query, K);
  let hits = 0;
  const direct = await time(queries, async (query) => {
    hits += (await target.search(query, K)).length;
  });
  return { direct, meanHits: hits / queries.length };
}

async function time(queries: string[], search: (query: string) => Promise<void>): Promise<Latencies> {
  const durations: number[] = [];
  const started = performance.now();
  for (const query of queries) {
    const t0 = performance.now();
    await search(query);
    durations.push(performance.now() - t0);
  }
  const total = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))];
  return { p50: at(0.5), p95: at(0.95), perSecond: queries.length / total };
}

function positive(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${flag} must be a positive integer, got ${value}`);
  return number;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
