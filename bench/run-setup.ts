/**
 * What the run benchmarks share: generated files (catalogue, golden set, dataset of N queries) and,
 * through a running server's API, an experiment on the built-in search over them.
 */
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestIssuer } from '../test/server/helpers/test-issuer';
import { copyField } from '../server/import/copy-text';
import { seededRandom } from '../server/evaluation/seeded-random';
import type { BenchServer } from './bench-server';
import { COLOURS, MATERIALS, STYLES, writeCatalogue } from './generated-catalogue';

export const K = 10;
export const JUDGEMENTS_PER_QUERY = 5;

export interface RunFiles {
  catalogue: string;
  goldenSet: string;
  entries: string;
  bytes: number;
}

export type ApiCall = <T>(method: string, path: string, body?: object | FormData) => Promise<T>;

/** The catalogue, `queryCount` distinct queries (a WANDS query after a colour, material or style, or two), and their judgements. */
export async function writeRunFiles(work: string, productCount: number, queryCount: number): Promise<RunFiles> {
  const catalogue = join(work, 'catalogue.csv');
  const { bytes, queries: wandsQueries } = await writeCatalogue(catalogue, productCount, 2000);
  const random = seededRandom(1979);
  const words = [...COLOURS, ...MATERIALS, ...STYLES];
  const queries = new Set<string>();
  // One word before a WANDS query gives under 20,000 distinct queries; two words once those run out.
  let missesInARow = 0;
  while (queries.size < queryCount) {
    const before = missesInARow < 1000 ? random.pick(words) : `${random.pick(words)} ${random.pick(words)}`;
    const size = queries.size;
    queries.add(`${before} ${random.pick(wandsQueries)}`);
    if (missesInARow < 1000) missesInARow = queries.size > size ? 0 : missesInARow + 1;
  }
  const productId = () => `B${String(random.int(0, productCount - 1)).padStart(6, '0')}`;
  const judgements = ['query,product_id,relevance'];
  const entries = ['input,datasets'];
  for (const query of queries) {
    const judged = new Set(Array.from({ length: JUDGEMENTS_PER_QUERY }, productId));
    for (const id of judged) judgements.push([query, id, String(random.int(0, 3))].map(copyField).join(','));
    entries.push([query, 'Bench run'].map(copyField).join(','));
  }
  const goldenSet = join(work, 'golden-set.csv');
  const entriesFile = join(work, 'entries.csv');
  await writeFile(goldenSet, `${judgements.join('\n')}\n`);
  await writeFile(entriesFile, `${entries.join('\n')}\n`);
  return { catalogue, goldenSet, entries: entriesFile, bytes };
}

/** JSON calls to the server with a valid token; a non-2xx answer throws, labelled. */
export async function apiCaller(label: string, server: BenchServer, issuer: TestIssuer): Promise<ApiCall> {
  const authorization = `Bearer ${await issuer.token({}, { expiresIn: '2h' })}`;
  return async <T>(method: string, path: string, body?: object | FormData): Promise<T> => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { authorization, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${label}: ${method} ${path} answered ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
    return answer as T;
  };
}

/** Imports the files and creates the experiment a run is started from; its id. */
export async function createBenchExperiment(call: ApiCall, files: RunFiles): Promise<number> {
  const form = async (fields: Record<string, string>, file: string) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    data.append('file', await openAsBlob(file, { type: 'text/csv' }), 'file.csv');
    return data;
  };
  await call('POST', '/api/backend/catalogue/import', await form({}, files.catalogue));
  const goldenSet = await call<{ id: number }>(
    'POST',
    '/api/backend/golden-sets/',
    await form({ name: 'Bench judgements (generated)' }, files.goldenSet),
  );
  await call('POST', '/api/service/dataset-entries/bulk-upload', await form({}, files.entries));
  const datasets = await call<Array<{ id: number; name: string }>>('GET', '/api/service/datasets/?page=1&page_size=100');
  const scripts = await call<{ results: Array<{ id: number; name: string }> }>(
    'GET',
    '/api/backend/evaluation-scripts/?page=1&page_size=100',
  );
  const experiment = await call<{ id: number }>('POST', '/api/backend/experiments/', {
    name: 'Bench run',
    evaluation_script_id: scripts.results.find((s) => s.name === 'Golden set relevance')!.id,
    dataset_id: datasets.find((d) => d.name === 'Bench run')!.id,
    config: { search_target: { kind: 'builtin' }, golden_set_id: goldenSet.id, k: K },
  });
  return experiment.id;
}

export function positive(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${flag} must be a positive integer, got ${value}`);
  return number;
}
