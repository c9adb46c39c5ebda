/**
 * A CSV ranking file: a header naming `query`, `product_id`, `rank` and optionally `score` (any order,
 * names matched case-insensitively after trimming; other named columns are refused, as the golden-set
 * CSV refuses them, so that a misspelt `score` is not silently ignored), then a row per result. A
 * query whose rows all have a score is ordered as trec_eval orders a run (score descending, then
 * product id descending), one whose rows have none by rank; some but not all is a problem.
 */
import { queryKey } from '../evaluation/query-key';
import { productIdProblem, queryProblem } from '../golden-sets/judgement-rows';
import { CsvReader, CsvSyntaxError } from '../import/csv-reader';
import { ImportRejectedError } from '../import/import-problems';
import type { UploadReader } from '../import/upload-reader';
import { MAX_RECORD_CHARS } from '../schemas/limits';
import { RankingCollector, slices, type RankingFile, type ResultPlaces } from './ranking-collector';

const COLUMNS = ['query', 'product_id', 'rank', 'score'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: readonly Column[] = ['query', 'product_id', 'rank'];
const MAX_RANK = 2_147_483_647;

const PLACES: ResultPlaces = {
  wording: { file: 'CSV file', unit: 'row' },
  step: 1,
  idField: () => 'product_id',
  scoreField: () => 'score',
  rankField: 'rank',
  noScore: 'is blank, but other rows of the query',
};

interface Layout {
  fieldCount: number;
  columns: Partial<Record<Column, number>>;
  /** Columns with a blank header (a trailing comma, say): their cells must stay empty. */
  unnamed: number[];
}

export async function readCsvRankings(upload: UploadReader, refused: string): Promise<RankingFile> {
  const collector = new RankingCollector({ ...PLACES, wording: { ...PLACES.wording, refused } }, true);
  const csv = new CsvReader(MAX_RECORD_CHARS);
  let layout: Layout | undefined;
  let row = 0;
  // Rows of one query usually follow each other: its text is checked once.
  let lastQuery: string | undefined;
  let lastQueryProblem: string | undefined;

  const readRow = (fields: readonly string[], { fieldCount, columns, unnamed }: Layout) => {
    if (fields.every((field) => field.trim() === '')) return collector.breakBlock();
    if (fields.length !== fieldCount) {
      collector.problem(row, null, `has ${fields.length} cells but the header has ${fieldCount}`);
      return collector.breakBlock();
    }
    const before = collector.problemCount;
    const query = fields[columns.query!];
    if (query !== lastQuery) {
      lastQuery = query;
      lastQueryProblem = queryProblem(query);
      if (!lastQueryProblem) collector.setQuery(query, queryKey(query));
    }
    if (lastQueryProblem) collector.problem(row, 'query', lastQueryProblem);
    const productId = fields[columns.product_id!].trim();
    const idProblem = productIdProblem(productId);
    if (idProblem) collector.problem(row, 'product_id', idProblem);
    const rank = parseRank(fields[columns.rank!]);
    if (typeof rank === 'string') collector.problem(row, 'rank', rank);
    const score = columns.score === undefined ? Number.NaN : parseScore(fields[columns.score]);
    if (typeof score === 'string') collector.problem(row, 'score', score);
    for (const index of unnamed) {
      if (fields[index].trim() !== '') collector.problem(row, null, `column ${index + 1} has no header name, so its cells must be empty`);
    }
    if (collector.problemCount > before) return collector.breakBlock();
    collector.add(row, productId, score as number, rank as number);
  };

  const handle = (records: string[][]) => {
    for (const fields of records) {
      row++;
      if (layout === undefined) layout = readHeader(fields, collector);
      else readRow(fields, layout);
    }
  };
  try {
    for await (const chunk of upload) for (const slice of slices(chunk)) handle(csv.push(slice));
    handle(csv.end());
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    collector.problem(error.row, null, error.message);
    throw collector.rejection();
  }
  if (layout === undefined) {
    throw new ImportRejectedError(
      `${refused}: the file is empty; its first row must be the header query,product_id,rank (and score, if any)`,
      [{ row: 1, column: null, problem: 'no header row' }],
    );
  }
  return collector.finish();
}

/** The header's layout; its problems refuse the file at once, as no row can be read without the columns. */
function readHeader(fields: readonly string[], collector: RankingCollector): Layout {
  const columns: Partial<Record<Column, number>> = {};
  const unnamed: number[] = [];
  fields.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '') unnamed.push(index);
    else if (!(COLUMNS as readonly string[]).includes(name)) {
      collector.problem(1, raw.trim(), `is not a column of this format (${COLUMNS.join(', ')}; score is optional)`);
    } else if (name in columns) collector.problem(1, name, 'appears more than once in the header');
    else columns[name as Column] = index;
  });
  for (const column of REQUIRED) {
    if (!(column in columns)) collector.problem(1, column, 'required column is missing from the header');
  }
  if (collector.problemCount > 0) throw collector.rejection();
  return { fieldCount: fields.length, columns, unnamed };
}

/** A rank: a whole number from 1, or the problem. */
function parseRank(text: string): number | string {
  const trimmed = text.trim();
  const rank = /^\+?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (rank >= 1 && rank <= MAX_RANK) return rank;
  return `must be a whole number from 1 (1 is the best), not ${JSON.stringify(trimmed.slice(0, 40))}`;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A score: blank for none (NaN), a finite decimal number, or the problem. */
function parseScore(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  const score = DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (Number.isFinite(score)) return score;
  return `must be a number (or blank), not ${JSON.stringify(trimmed.slice(0, 40))}`;
}
