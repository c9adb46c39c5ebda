/**
 * The experiment form's values as typed (strings, as inputs hold them), made from a saved experiment and
 * made into the create / change request. Pure. Numbers are checked here only so far as to send numbers;
 * the server's 400 names every other problem, and `fieldProblems` puts each beside its field.
 */
import type { ExperimentDetails, HttpTargetConfig, NewExperiment, StoredRunConfig } from './workbench-types';

const DRAFT_FIELDS = [
  'name',
  'description',
  'dataset_id',
  'evaluation_script_id',
  'golden_set_id',
  'kind',
  'url',
  'method',
  'body',
  'headers',
  'hits',
  'product_id',
  'name_pointer',
  'image_url_pointer',
  'timeout_ms',
  'concurrency',
  'requests_per_minute',
  'k',
  'gain',
  'pass_threshold',
  'relevant_from',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type Draft = Record<DraftField, string>;
/** Problems by field; `form` for those that name no field. */
export type FieldProblems = Partial<Record<DraftField | 'form', string[]>>;

export const emptyDraft: Draft = {
  name: '',
  description: '',
  dataset_id: '',
  evaluation_script_id: '',
  golden_set_id: '',
  kind: 'builtin',
  url: '',
  method: 'GET',
  body: '',
  headers: '',
  hits: '',
  product_id: '',
  name_pointer: '',
  image_url_pointer: '',
  timeout_ms: '',
  concurrency: '',
  requests_per_minute: '',
  k: '10',
  gain: 'linear',
  pass_threshold: '0.5',
  relevant_from: '1',
};

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function draftFromExperiment(experiment: ExperimentDetails): Draft {
  const config = (experiment.config ?? {}) as Partial<StoredRunConfig>;
  const target = (config.search_target ?? { kind: 'builtin' }) as Partial<HttpTargetConfig> & { kind?: string };
  return {
    ...emptyDraft,
    name: experiment.name,
    description: experiment.description,
    dataset_id: text(experiment.dataset_id),
    evaluation_script_id: text(experiment.evaluation_script_id),
    golden_set_id: text(config.golden_set_id),
    kind: target.kind === 'http' ? 'http' : 'builtin',
    url: text(target.url),
    method: target.method ?? 'GET',
    body: text(target.body),
    headers: Object.entries(target.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    hits: text(target.hits),
    product_id: text(target.product_id),
    name_pointer: text(target.name),
    image_url_pointer: text(target.image_url),
    timeout_ms: text(target.timeout_ms),
    concurrency: text(target.concurrency),
    requests_per_minute: text(target.requests_per_minute),
    k: text(config.k ?? 10),
    gain: config.gain ?? 'linear',
    pass_threshold: text(config.pass_threshold ?? 0.5),
    relevant_from: text(config.relevant_from ?? 1),
  };
}

type Parsed<T> = { value: T; problems: FieldProblems };

/** A number typed in a field: undefined when blank; a problem when it is not a number. */
function numberOf(draft: Draft, field: DraftField, problems: FieldProblems, integer: boolean): number | undefined {
  const raw = draft[field].trim();
  if (raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    problems[field] = [integer ? 'must be a whole number' : 'must be a number'];
    return undefined;
  }
  return value;
}

/** `Name: value` lines as headers; a line without a colon is a problem on the field. */
function headersOf(draft: Draft, problems: FieldProblems): Record<string, string> | undefined {
  const lines = draft.headers.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) {
      problems.headers = [`"${line.trim()}" must be written Name: value`];
      return undefined;
    }
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const optional = <T>(name: string, value: T | undefined) => (value === undefined || value === '' ? {} : { [name]: value });

/** The search target as configured: what a run would use, and what Try a query sends. */
export function targetOf(draft: Draft): Parsed<StoredRunConfig['search_target']> {
  const problems: FieldProblems = {};
  if (draft.kind !== 'http') return { value: { kind: 'builtin' }, problems };
  const value = {
    kind: 'http' as const,
    url: draft.url.trim(),
    method: draft.method === 'POST' ? ('POST' as const) : ('GET' as const),
    ...optional('body', draft.method === 'POST' ? draft.body : undefined),
    ...optional('headers', headersOf(draft, problems)),
    hits: draft.hits.trim(),
    product_id: draft.product_id.trim(),
    ...optional('name', draft.name_pointer.trim()),
    ...optional('image_url', draft.image_url_pointer.trim()),
    ...optional('timeout_ms', numberOf(draft, 'timeout_ms', problems, true)),
    ...optional('concurrency', numberOf(draft, 'concurrency', problems, true)),
    ...optional('requests_per_minute', numberOf(draft, 'requests_per_minute', problems, false)),
  };
  return { value, problems };
}

/** The request that saves the draft: a new experiment's body (a change sends the same fields). */
export function experimentRequest(draft: Draft): Parsed<NewExperiment> {
  const target = targetOf(draft);
  const problems: FieldProblems = { ...target.problems };
  const config = {
    search_target: target.value,
    golden_set_id: numberOf(draft, 'golden_set_id', problems, true) as number,
    ...optional('k', numberOf(draft, 'k', problems, true)),
    gain: draft.gain === 'exponential' ? ('exponential' as const) : ('linear' as const),
    ...optional('pass_threshold', numberOf(draft, 'pass_threshold', problems, false)),
    ...optional('relevant_from', numberOf(draft, 'relevant_from', problems, true)),
  };
  if (config.golden_set_id === undefined) problems.golden_set_id = ['Choose a golden set'];
  const datasetId = numberOf(draft, 'dataset_id', problems, true);
  if (datasetId === undefined) problems.dataset_id = ['Choose a dataset'];
  const scriptId = numberOf(draft, 'evaluation_script_id', problems, true);
  if (scriptId === undefined) problems.evaluation_script_id = ['Choose an evaluation script'];
  if (draft.name.trim() === '') problems.name = ['Give the experiment a name'];
  return {
    value: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      dataset_id: datasetId as number,
      evaluation_script_id: scriptId as number,
      config: config as StoredRunConfig,
    },
    problems,
  };
}

export const hasProblems = (problems: FieldProblems) => Object.values(problems).some((list) => list && list.length > 0);

/** The field a target problem names (`url must …`, `headers.X …`), as the server words them. */
const TARGET_PROBLEM = /^(url|method|body|headers|hits|product_id|name|image_url|timeout_ms|concurrency|requests_per_minute|kind)\b/;
const targetField = (name: string): DraftField =>
  name === 'name' ? 'name_pointer' : name === 'image_url' ? 'image_url_pointer' : name === 'kind' ? 'kind' : (name as DraftField);
const isDraftField = (name: string): name is DraftField => (DRAFT_FIELDS as readonly string[]).includes(name);

/** A 400's sentences, each beside the field it names; the rest for the whole form. */
export function fieldProblems(message: string, details?: { problems?: unknown }): FieldProblems {
  const problems: FieldProblems = {};
  const add = (field: DraftField | 'form', sentence: string) => (problems[field] = [...(problems[field] ?? []), sentence]);
  const targetProblems = Array.isArray(details?.problems) ? details.problems.map(String) : undefined;
  if (targetProblems && message.startsWith('body.config.search_target: ')) {
    for (const problem of targetProblems) {
      const field = TARGET_PROBLEM.exec(problem)?.[1];
      add(field ? targetField(field.split('.')[0]) : 'url', problem);
    }
    return problems;
  }
  for (const sentence of message.split('; ')) {
    // `body.config.search_target.url …`, `body.config.k …`, `body.name …` (server/validation-errors.ts).
    const path = /^body\.(config\.search_target\.|config\.)?([a-z_]+)/.exec(sentence);
    const [, scope, name] = path ?? [];
    if (name !== undefined && scope === 'config.search_target.' && TARGET_PROBLEM.test(name)) add(targetField(name), sentence);
    else if (name !== undefined && scope !== 'config.search_target.' && isDraftField(name)) add(name, sentence);
    else add('form', sentence);
  }
  return problems;
}
