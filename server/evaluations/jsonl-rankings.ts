/**
 * A JSON Lines ranking file: each line `{"query": "…", "results": [...]}`, the results product ids
 * (text) best first, or objects `{"product_id": "…", "score": 1.5}`. A query whose results all have a
 * score is ordered as trec_eval orders a run (score descending, then product id descending), one whose
 * results have none as given; some but not all is a problem. Other keys are ignored. Only the query,
 * the ids and the scores are kept, so they alone get the checks json-safety.ts makes of stored JSON:
 * no U+0000 or unpaired surrogate in text, no number that JavaScript would round (an id as a number
 * must be a whole number below 2^53, as the UBI click logs take it; a score must be finite).
 */
import { queryKey } from '../evaluation/query-key';
import { productIdProblem, queryProblem } from '../golden-sets/judgement-rows';
import { kindOf, truncate } from '../import/cell-checks';
import type { UploadReader } from '../import/upload-reader';
import { LineSplitter } from '../import/text-lines';
import { MAX_RECORD_CHARS } from '../schemas/limits';
import { RankingCollector, slices, type RankingFile, type ResultPlaces } from './ranking-collector';

const PLACES: ResultPlaces = {
  wording: { file: 'JSON Lines file', unit: 'line', cell: 'field' },
  step: 0,
  idField: (offset) => `results[${offset}]`,
  scoreField: (offset) => `results[${offset}]`,
  rankField: 'results',
  noScore: 'has no score, but other results of the query',
};

export async function readJsonlRankings(upload: UploadReader, refused: string): Promise<RankingFile> {
  const wording = { ...PLACES.wording, refused };
  const collector = new RankingCollector({ ...PLACES, wording }, false);
  // JSON text never holds a bare CR, so only LF ends a line (a CRLF's CR is white space to JSON.parse).
  const lines = new LineSplitter('lf');
  let line = 0;
  const handle = (texts: string[]) => {
    for (const text of texts) readLine(text, ++line, collector);
    if (lines.unfinishedLength > MAX_RECORD_CHARS) {
      collector.problem(line + 1, null, `is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters`);
      throw collector.rejection();
    }
  };
  for await (const chunk of upload) for (const slice of slices(chunk)) handle(lines.push(slice));
  handle(lines.end());
  return collector.finish();
}

interface Result {
  id: string;
  score: number;
}

function readLine(text: string, line: number, collector: RankingCollector): void {
  if (text.trim() === '') return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return collector.problem(line, null, `is not valid JSON (${truncate((error as Error).message, 160)})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return collector.problem(line, null, `must be a JSON object, not ${kindOf(value)}`);
  }
  const { query, results } = value as { query?: unknown; results?: unknown };
  const before = collector.problemCount;
  const problem = typeof query === 'string' ? (queryProblem(query) ?? unpaired(query)) : notText(query);
  if (problem) collector.problem(line, 'query', problem);
  if (!Array.isArray(results)) {
    return collector.problem(line, 'results', results === undefined ? 'is missing' : `must be an array, not ${kindOf(results)}`);
  }
  const read: Result[] = [];
  results.forEach((element: unknown, index) => {
    const result = readResult(element, `results[${index}]`, line, collector);
    if (result) read.push(result);
  });
  if (collector.problemCount > before) return;
  collector.setQuery(query as string, queryKey(query as string));
  for (const { id, score } of read) collector.add(line, id, score, 0);
}

function readResult(element: unknown, field: string, line: number, collector: RankingCollector): Result | undefined {
  if (typeof element === 'string') {
    const id = element.trim();
    const problem = productIdProblem(id) ?? unpaired(id);
    if (problem) return void collector.problem(line, field, problem);
    return { id, score: Number.NaN };
  }
  if (element === null || typeof element !== 'object' || Array.isArray(element)) {
    return void collector.problem(line, field, `must be a product id (text) or an object with "product_id", not ${kindOf(element)}`);
  }
  const { product_id: rawId, score } = element as { product_id?: unknown; score?: unknown };
  let id: string | undefined;
  let problem: string | undefined;
  if (typeof rawId === 'number') {
    if (Number.isSafeInteger(rawId)) id = String(rawId);
    else problem = 'must be text or a whole number below 2^53 (write a longer id as text)';
  } else if (typeof rawId === 'string') id = rawId.trim();
  else problem = rawId === undefined ? 'is missing' : `must be text or a whole number, not ${kindOf(rawId)}`;
  problem ??= productIdProblem(id!) ?? unpaired(id!);
  if (problem) collector.problem(line, `${field}.product_id`, problem);
  // null is no score, as a data frame writes a missing value; JSON.parse reads a number too big for a double as Infinity.
  const scoreProblem =
    score === undefined || score === null || (typeof score === 'number' && Number.isFinite(score))
      ? undefined
      : `must be a number, not ${typeof score === 'number' ? 'a number beyond ±1.7e308' : kindOf(score)}`;
  if (scoreProblem) collector.problem(line, `${field}.score`, scoreProblem);
  if (problem || scoreProblem) return undefined;
  return { id: id!, score: typeof score === 'number' ? score : Number.NaN };
}

const notText = (value: unknown) => (value === undefined ? 'is missing' : `must be text, not ${kindOf(value)}`);

const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unpaired(text: string): string | undefined {
  return UNPAIRED.test(text) ? 'contains an unpaired surrogate (half of a UTF-16 pair), which is not valid Unicode' : undefined;
}
