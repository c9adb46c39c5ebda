/**
 * Deterministic bulk-upload CSV for the benchmark: realistic product-search queries, 1–3 datasets per
 * row out of a few dozen names and a small JSON metadata object.
 *
 * Query words come from WANDS, the Wayfair ANnotation DataSet (github.com/wayfair/WANDS, MIT licence,
 * Copyright (c) 2021 ecir2022), read at run time from ../shared/data/wands/query.csv; never copied here.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const defaultQueriesFile = fileURLToPath(new URL('../../shared/data/wands/query.csv', import.meta.url));

/** Used when the WANDS file is not there, so the benchmark still runs anywhere. */
const fallbackQueries: Array<[string, string]> = [
  ['salon chair', 'Massage Chairs'],
  ['smart coffee table', 'Coffee & Cocktail Tables'],
  ['turquoise pillows', 'Accent Pillows'],
  ['bar room wall decor', 'Wall Décor'],
  ['outdoor conversation set with fire pit', 'Outdoor Conversation Sets'],
  ['king size bed frame', 'Beds'],
];

const modifiers = [
  'black',
  'white',
  'grey',
  'navy',
  'gold',
  'brass',
  'oak',
  'walnut',
  'velvet',
  'linen',
  'leather',
  'small',
  'large',
  'modern',
  'rustic',
  'farmhouse',
  'mid century',
  'boho',
  'outdoor',
  'kids',
  'round',
  'square',
  'set of 2',
  'set of 4',
  '60 inch',
  '5x7',
  'queen',
  'king',
  'cheap',
  'waterproof',
];

const benchmarkDatasets = [
  'Regression',
  'Smoke',
  'Head queries',
  'Torso queries',
  'Tail queries',
  'Misspellings',
  'Zero results',
  'Long queries',
  'Holiday 2025',
  'Back to school',
  'Spring sale',
  'Black Friday',
  'Furniture',
  'Lighting',
  'Outdoor',
  'Décor',
  'Bed & Bath',
  'Kitchen & Dining',
  'Rugs',
  'Storage',
  'Kids',
  'Office',
  'Home improvement',
  'Pets',
  'Mobile app',
  'Desktop web',
  'US',
  'UK',
  'DE',
  'CA',
  'Golden A',
  'Golden B',
  'Brand queries',
  'Colour queries',
  'Size queries',
  'Material queries',
];

const sources = ['search-log', 'manual', 'support-ticket', 'merchandising'];

/** mulberry32: tiny, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function loadQueries(file: string): Promise<{ queries: Array<[string, string]>; source: string }> {
  const fallback = { queries: fallbackQueries, source: `${fallbackQueries.length} built-in queries (${file} not found)` };
  try {
    const text = await readFile(file, 'utf8');
    const rows = text
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'));
    const queries = rows.filter((r) => r.length >= 3 && r[1].trim() !== '').map((r) => [r[1].trim(), r[2].trim()] as [string, string]);
    return queries.length > 0 ? { queries, source: `${queries.length} WANDS queries` } : fallback;
  } catch {
    return fallback;
  }
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export interface GeneratedCsv {
  rows: number;
  mappings: number;
  bytes: number;
  /** Where the queries came from. */
  source: string;
}

/** Writes `rows` data rows (plus the header) to `path`; the same seed always gives the same bytes. */
export async function writeBenchmarkCsv(
  path: string,
  rows: number,
  options: { seed?: number; queriesFile?: string } = {},
): Promise<GeneratedCsv> {
  const random = seededRandom(options.seed ?? 20_251_122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const { queries, source } = await loadQueries(options.queriesFile ?? defaultQueriesFile);
  const out = createWriteStream(path);
  let bytes = 0;
  let mappings = 0;
  let buffer = 'input,datasets,input_metadata,description\n';
  for (let i = 0; i < rows; i++) {
    const [query, queryClass] = pick(queries);
    const roll = random();
    const input = roll < 0.35 ? `${pick(modifiers)} ${query}` : roll < 0.5 ? `${query} ${pick(modifiers)}` : query;
    const count = 1 + Math.floor(random() * 3);
    const names = new Set<string>();
    while (names.size < count) names.add(pick(benchmarkDatasets));
    mappings += names.size;
    const metadata: Record<string, unknown> = { source: pick(sources), query_class: queryClass || null };
    if (random() < 0.3) metadata.priority = 1 + Math.floor(random() * 5);
    const description = random() < 0.1 ? `Reported by merchandising, week ${1 + Math.floor(random() * 52)}` : '';
    buffer += `${csvField(input)},${csvField([...names].join('|'))},${csvField(JSON.stringify(metadata))},${csvField(description)}\n`;
    if (buffer.length > 1 << 16) {
      bytes += Buffer.byteLength(buffer);
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  bytes += Buffer.byteLength(buffer);
  out.end(buffer);
  await once(out, 'finish');
  return { rows, mappings, bytes, source };
}
