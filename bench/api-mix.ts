// The requests the console makes, as request kinds for the API benchmark (bench/api.ts): the light ones driven by
// autocannon with many concurrent clients, timed per kind, and the one-at-a-time sweep. The whole mix is sent at a
// steady rate by bench/api-open-loop.ts.
import autocannon from 'autocannon';
import { seededRandom } from '../server/evaluation/seeded-random';
import type { BenchServer } from './bench-server';

type Random = ReturnType<typeof seededRandom>;

export interface RequestKind {
  name: string;
  /** Share of the mix, in percent. */
  weight: number;
  path: (random: Random) => string;
}

interface KindStats {
  name: string;
  latencies: number[];
  /** Answers other than 200, by status. */
  failures: Map<number, number>;
}

export interface MixResult {
  seconds: number;
  kinds: KindStats[];
  /** A few failed answers, to show what went wrong. */
  failureSamples: string[];
  /** Socket errors and timeouts, as autocannon counts them (no response at all). */
  errors: number;
  timeouts: number;
  /** One path of each kind, for the report. */
  examples: string[];
}

/** The console's page size (src/machines/shared/paged-list.machine.ts) and the dataset editor's window (src/machines/datasets/dataset-editor.list-region.ts). */
const PAGE_SIZE = 20;
const EDITOR_WINDOW = 200;
const SERVICE = '/api/service/';
const BACKEND = '/api/backend/';
/** Filters typed into the entries page and the editor: words of the generated inputs (bench/generate-csv.ts). */
const SEARCH_WORDS = ['velvet', 'oak', 'linen', 'sofa', 'lamp', 'rug', 'chair', 'outdoor', 'table', 'modern'];

const entries = (query: string) => `${SERVICE}dataset-entries/?${query}`;

/** The mix: the entries list (GET dataset-entries/ as the entries page asks), the editor's windows, the datasets list, the dashboard's totals. */
export function requestKinds(totalEntries: number, datasetIds: readonly number[]): RequestKind[] {
  const lastPage = Math.max(1, Math.ceil(totalEntries / PAGE_SIZE));
  const deepFrom = lastPage > 50 ? 51 : 1;
  const word = (r: Random) => r.pick(SEARCH_WORDS);
  const dataset = (r: Random) => r.pick(datasetIds);
  return [
    { name: 'entries page 1–50', weight: 25, path: (r) => entries(`page=${r.int(1, Math.min(50, lastPage))}&page_size=${PAGE_SIZE}`) },
    { name: 'entries deep page (random)', weight: 10, path: (r) => entries(`page=${r.int(deepFrom, lastPage)}&page_size=${PAGE_SIZE}`) },
    { name: 'entries search=word', weight: 10, path: (r) => entries(`page=1&page_size=${PAGE_SIZE}&search=${word(r)}`) },
    {
      name: 'editor in_dataset window+filter',
      weight: 8,
      path: (r) => entries(`page=1&page_size=${EDITOR_WINDOW}&in_dataset=${dataset(r)}&search=${word(r)}`),
    },
    {
      name: 'editor not_in_dataset window+filter',
      weight: 8,
      path: (r) => entries(`page=1&page_size=${EDITOR_WINDOW}&not_in_dataset=${dataset(r)}&search=${word(r)}`),
    },
    {
      name: 'editor side total (page_size=1)',
      weight: 8,
      path: (r) => entries(`page=1&page_size=1&${r.next() < 0.5 ? 'in_dataset' : 'not_in_dataset'}=${dataset(r)}`),
    },
    { name: 'datasets list', weight: 12, path: () => `${SERVICE}datasets/?page=1&page_size=${PAGE_SIZE}` },
    { name: 'dashboard: datasets total', weight: 5, path: () => `${SERVICE}datasets/?page=1&page_size=1` },
    { name: 'dashboard: entries total', weight: 5, path: () => entries('page=1&page_size=1') },
    { name: 'dashboard: golden sets total', weight: 5, path: () => `${BACKEND}golden-sets/?page=1&page_size=1` },
    { name: 'dashboard: experiments total', weight: 4, path: () => `${BACKEND}experiments/?page=1&page_size=1` },
  ];
}

/**
 * The light requests: entries pages near either end, the datasets list and the dashboard's totals. Each reads a
 * few rows by an index, so what they measure is the server's own cost per request under many clients.
 */
export function lightKinds(totalEntries: number): RequestKind[] {
  const lastPage = Math.max(1, Math.ceil(totalEntries / PAGE_SIZE));
  return [
    { name: 'entries page 1–5', weight: 25, path: (r) => entries(`page=${r.int(1, Math.min(5, lastPage))}&page_size=${PAGE_SIZE}`) },
    {
      name: 'entries one of the last 5 pages',
      weight: 20,
      path: (r) => entries(`page=${r.int(Math.max(1, lastPage - 4), lastPage)}&page_size=${PAGE_SIZE}`),
    },
    { name: 'datasets list', weight: 20, path: () => `${SERVICE}datasets/?page=1&page_size=${PAGE_SIZE}` },
    { name: 'dashboard: datasets total', weight: 10, path: () => `${SERVICE}datasets/?page=1&page_size=1` },
    { name: 'dashboard: entries total', weight: 10, path: () => entries('page=1&page_size=1') },
    { name: 'dashboard: golden sets total', weight: 8, path: () => `${BACKEND}golden-sets/?page=1&page_size=1` },
    { name: 'dashboard: experiments total', weight: 7, path: () => `${BACKEND}experiments/?page=1&page_size=1` },
  ];
}

/** Draws the index of a kind, each as often as its weight says. */
export function kindChooser(kinds: readonly RequestKind[], random: Random): () => number {
  const totalWeight = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  return () => {
    let roll = random.next() * totalWeight;
    for (let i = 0; i < kinds.length; i++) if ((roll -= kinds[i].weight) < 0) return i;
    return kinds.length - 1;
  };
}

/** Drives the mix for `seconds` with `connections` clients (one request in flight each), every kind timed on its own. */
export async function runMix(
  server: BenchServer,
  token: string,
  kinds: RequestKind[],
  options: { connections: number; seconds: number; timeoutSeconds: number; seed: number },
): Promise<MixResult> {
  const random = seededRandom(options.seed);
  const choose = kindChooser(kinds, random);
  const stats: KindStats[] = kinds.map((kind) => ({ name: kind.name, latencies: [], failures: new Map() }));
  const failureSamples: string[] = [];
  // One path of each kind, drawn apart from the run's sequence: a short run may never send some kind.
  const exampleRandom = seededRandom(options.seed + 1);
  const examples = kinds.map((kind) => kind.path(exampleRandom));
  // autocannon calls a request's onResponse, then emits 'response' with its time, in the same tick.
  let answered = -1;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.origin,
        connections: options.connections,
        pipelining: 1,
        duration: options.seconds,
        timeout: options.timeoutSeconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [
          {
            setupRequest: (request, context) => {
              const kind = choose();
              (context as { kind?: number }).kind = kind;
              const path = kinds[kind].path(random);
              return { ...request, method: 'GET', path };
            },
            onResponse: (status, body, context) => {
              answered = (context as { kind?: number }).kind ?? -1;
              if (status === 200 || answered < 0) return;
              const failures = stats[answered].failures;
              failures.set(status, (failures.get(status) ?? 0) + 1);
              if (failureSamples.length < 5) failureSamples.push(`${kinds[answered].name}: ${status} ${body.slice(0, 300)}`);
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (answered >= 0) stats[answered].latencies.push(responseTime);
      answered = -1;
    });
  });
  return {
    seconds: (performance.now() - started) / 1000,
    kinds: stats,
    failureSamples,
    errors: result.errors,
    timeouts: result.timeouts,
    examples,
  };
}

export interface SweepStep {
  name: string;
  path: string;
  /** Each of the repeats, in ms, the first one cold. */
  times: number[];
}

/** One request at a time: entries pages from first to last, then two searches' first and last pages; each repeated unless slower than 5 s. */
export async function sweep(server: BenchServer, token: string, totalEntries: number, repeats = 3): Promise<SweepStep[]> {
  const lastPage = Math.max(1, Math.ceil(totalEntries / PAGE_SIZE));
  const pages = [
    ...new Set([1, 2, 10, 50, Math.ceil(lastPage / 4), Math.ceil(lastPage / 2), Math.ceil((lastPage * 3) / 4), lastPage - 1, lastPage]),
  ];
  const steps: SweepStep[] = pages
    .filter((page) => page >= 1 && page <= lastPage)
    .map((page) => ({
      name: `entries page ${page.toLocaleString('en')}`,
      path: entries(`page=${page}&page_size=${PAGE_SIZE}`),
      times: [],
    }));
  // Two words of the generated inputs, the second a common one (bench:search times many more): first and last pages.
  for (const word of ['velvet', 'ergonomic']) {
    steps.push({ name: `entries search=${word}`, path: entries(`page=1&page_size=${PAGE_SIZE}&search=${word}`), times: [] });
    steps.push({ name: `entries search=${word}, last page`, path: '', times: [] });
  }
  for (const step of steps) {
    if (step.path === '') {
      const word = /search=(\w+)/.exec(step.name)![1];
      const total = Number((await getChecked(server, token, entries(`page=1&page_size=1&search=${word}`))).total);
      step.path = entries(`page=${Math.max(1, Math.ceil(total / PAGE_SIZE))}&page_size=${PAGE_SIZE}&search=${word}`);
    }
    // A request slower than 5 s is not repeated: the verdict would not change and the sweep would take minutes.
    for (let i = 0; i < repeats && (i === 0 || step.times[0] < 5000); i++) step.times.push((await getChecked(server, token, step.path)).ms);
    console.log(`  ${step.name}: ${step.times.map((ms) => ms.toFixed(1)).join(' / ')} ms`);
  }
  return steps;
}

export interface KindCost {
  name: string;
  weight: number;
  /** One request at a time, each a path of its own drawn as the mix draws them. */
  times: number[];
}

/** Each kind of the mix alone, one request at a time: what the load's throughput is made of. */
export async function timeKinds(server: BenchServer, token: string, kinds: RequestKind[], seed: number, repeats = 5): Promise<KindCost[]> {
  const random = seededRandom(seed);
  const costs: KindCost[] = [];
  for (const kind of kinds) {
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) times.push((await getChecked(server, token, kind.path(random))).ms);
    costs.push({ name: kind.name, weight: kind.weight, times });
  }
  return costs;
}

/** GET with the token: its time and X-Total-Count; any answer but 200 throws. */
export async function getChecked(server: BenchServer, token: string, path: string): Promise<{ ms: number; total: string | null }> {
  const started = performance.now();
  const response = await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status} ${body.slice(0, 300)}`);
  return { ms, total: response.headers.get('x-total-count') };
}

/** Waits until two cheap requests in a row (the dashboard's datasets total) answer 200 within 500 ms, at most 10 minutes; the ms waited. */
export async function waitUntilIdle(server: BenchServer, token: string): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 2 && performance.now() - started < 600_000) {
    // A backed-up server may answer 500 (no pool connection in time): that is not idle yet either.
    const ms = await getChecked(server, token, `${SERVICE}datasets/?page=1&page_size=1`).then(
      (answer) => answer.ms,
      () => Infinity,
    );
    quick = ms < 500 ? quick + 1 : 0;
  }
  return performance.now() - started;
}
