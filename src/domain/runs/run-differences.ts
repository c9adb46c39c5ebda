/**
 * What differs between two runs' stored configurations, field by field in a fixed order: the script, the
 * tags, the search target (method, URL, body, header names, pointers, limits), the golden set and the scoring.
 * A field a run left out reads as the default it ran with, so only real differences show. Header values are
 * never shown (they may hold secrets): a header both have with different values is only said to differ. Pure.
 */

/** The parts of a run the differences are read from. */
export type ConfiguredRun = {
  evaluation_script_name: string;
  tags: readonly string[];
  config?: Record<string, unknown> | null;
};

export type RunDifference = { field: string; first: string; second: string };

const NONE = '—';

/** Target fields: label, and how a missing field reads (what the run took instead). */
const TARGET_FIELDS: Array<[key: string, label: string, fallback: string]> = [
  ['method', 'Method', 'GET'],
  ['url', 'URL', NONE],
  ['body', 'Body', NONE],
  ['hits', 'Hits pointer', NONE],
  ['product_id', 'Product id pointer', NONE],
  ['name', 'Name pointer', NONE],
  ['image_url', 'Image pointer', NONE],
  ['timeout_ms', 'Timeout (ms)', 'default'],
  ['concurrency', 'Concurrency', 'default'],
  ['requests_per_minute', 'Requests per minute', 'no limit'],
];

const SCORING_FIELDS: Array<[key: string, label: string, fallback: string]> = [
  ['k', 'k', '10'],
  ['gain', 'Gain', 'linear'],
  ['pass_threshold', 'Pass threshold', '0.5'],
  ['relevant_from', 'Relevant from grade', '1'],
];

const KNOWN_KEYS = new Set(['search_target', 'golden_set_id', ...SCORING_FIELDS.map(([key]) => key)]);

const text = (value: unknown, fallback = NONE): string => {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || fallback;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function targetFields(target: unknown): Array<[string, string]> {
  if (!isRecord(target)) return [['Target', text(target)]];
  if (target.kind === 'builtin') return [['Target', 'Built-in catalogue search']];
  const headers = isRecord(target.headers) ? target.headers : {};
  return [
    ['Target', target.kind === 'http' ? 'HTTP search service' : text(target.kind)],
    ...TARGET_FIELDS.map(([key, label, fallback]): [string, string] => [label, text(target[key], fallback)]),
    ['Header names', Object.keys(headers).sort().join(', ') || NONE],
  ];
}

/** Each field of a run as the differences read it, in their order. */
function fieldsOf(run: ConfiguredRun): Map<string, string> {
  const fields = new Map<string, string>([
    ['Script', run.evaluation_script_name],
    ['Tags', run.tags.length > 0 ? [...run.tags].sort().join(', ') : NONE],
  ]);
  const config = run.config;
  if (!isRecord(config)) {
    fields.set('Configuration', 'none (a run made elsewhere)');
    return fields;
  }
  for (const [label, value] of targetFields(config.search_target)) fields.set(label, value);
  fields.set('Golden set', config.golden_set_id === undefined ? NONE : `Golden set ${text(config.golden_set_id)}`);
  for (const [key, label, fallback] of SCORING_FIELDS) fields.set(label, text(config[key], fallback));
  for (const key of Object.keys(config).sort()) if (!KNOWN_KEYS.has(key)) fields.set(key, text(config[key]));
  return fields;
}

/** Headers both runs send under the same name with different values. */
function changedHeaders(first: ConfiguredRun, second: ConfiguredRun): string[] {
  const headersOf = (run: ConfiguredRun) => {
    const target = run.config?.search_target;
    return isRecord(target) && isRecord(target.headers) ? target.headers : {};
  };
  const [a, b] = [headersOf(first), headersOf(second)];
  return Object.keys(a)
    .filter((name) => name in b && a[name] !== b[name])
    .sort();
}

/** The fields whose values differ, in the order the fields are read; none when the runs ran alike. */
export function runDifferences(first: ConfiguredRun, second: ConfiguredRun): RunDifference[] {
  const [a, b] = [fieldsOf(first), fieldsOf(second)];
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  const differences = labels
    .map((field) => ({ field, first: a.get(field) ?? NONE, second: b.get(field) ?? NONE }))
    .filter((difference) => difference.first !== difference.second);
  const headers = changedHeaders(first, second).map((name) => ({
    field: `Header ${name}`,
    first: 'one value',
    second: 'another value',
  }));
  return [...differences, ...headers];
}
