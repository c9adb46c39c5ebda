/**
 * Golden-set file formats as pure functions: a CSV header and its records, TREC qrels lines and
 * queries-file lines become judgements or row-numbered problems (line/row 1 is the first line).
 */
import { textProblem } from '../import/cell-checks';
import { fromSpreadsheetSafe } from '../import/spreadsheet-cells';
import type { RowProblem } from '../import/import-problems';
import { MAX_GRADE, MAX_INPUT_LENGTH, MAX_JUDGED_PRODUCT_ID_LENGTH } from '../schemas/limits';
import { queryKey } from '../evaluation/query-key';

export const CSV_COLUMNS = ['query', 'product_id', 'relevance'] as const;

/** The form field a file came in: `file` (CSV or qrels) or `queries` (TREC queries). */
type UploadField = 'file' | 'queries';

/** A problem of a row or line; `column` is a CSV header name, or qid/iter/docid/grade/query. */
export interface JudgementProblem extends RowProblem {
  file: UploadField;
}

export interface Judgement {
  row: number;
  query: string;
  queryKey: string;
  productId: string;
  grade: number;
}

type Problems = JudgementProblem[];

/** The grade text: a non-negative integer in range, or a problem. */
function parseGrade(text: string): { grade: number; problem?: undefined } | { problem: string } {
  const trimmed = text.trim();
  if (!/^\+?\d+$/.test(trimmed)) {
    return { problem: `must be a non-negative integer (0, 1, 2, …), not ${JSON.stringify(trimmed.slice(0, 40))}` };
  }
  const grade = Number(trimmed);
  if (grade > MAX_GRADE) return { problem: `must be at most ${MAX_GRADE}` };
  return { grade };
}

export function queryProblem(query: string): string | undefined {
  if (query.trim() === '') return 'must not be blank';
  if (query.length > MAX_INPUT_LENGTH) return `is longer than ${MAX_INPUT_LENGTH} characters`;
  return textProblem(query);
}

export function productIdProblem(productId: string): string | undefined {
  if (productId === '') return 'must not be blank';
  if (productId.length > MAX_JUDGED_PRODUCT_ID_LENGTH) return `is longer than ${MAX_JUDGED_PRODUCT_ID_LENGTH} characters`;
  // TREC qrels and runs separate fields by white space, so an id with a space could not be exported.
  if (/\s/.test(productId)) return 'must not contain white space';
  return textProblem(productId);
}

export interface CsvLayout {
  fieldCount: number;
  query: number;
  productId: number;
  relevance: number;
  /** Columns with a blank header (a trailing comma, say): their cells must stay empty. */
  unnamed: number[];
}

/** The header row: the three columns in any order, matched case-insensitively after trimming. */
export function readCsvHeader(fields: readonly string[]): { layout: CsvLayout; problems: Problems } {
  const problems: Problems = [];
  const found: Record<string, number> = {};
  const unnamed: number[] = [];
  fields.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '') unnamed.push(index);
    else if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push({ row: 1, column: raw.trim(), problem: `is not a column of this format (${CSV_COLUMNS.join(', ')})`, file: 'file' });
    } else if (name in found) {
      problems.push({ row: 1, column: name, problem: 'appears more than once in the header', file: 'file' });
    } else found[name] = index;
  });
  for (const column of CSV_COLUMNS) {
    if (!(column in found)) problems.push({ row: 1, column, problem: 'required column is missing from the header', file: 'file' });
  }
  return {
    layout: { fieldCount: fields.length, query: found.query, productId: found.product_id, relevance: found.relevance, unnamed },
    problems,
  };
}

/** One CSV record: a judgement, or null when it has problems (appended) or is blank (skipped). */
export function readCsvJudgement(layout: CsvLayout, fields: readonly string[], row: number, problems: Problems): Judgement | null {
  if (fields.every((field) => field.trim() === '')) return null;
  if (fields.length !== layout.fieldCount) {
    problems.push({ row, column: null, problem: `has ${fields.length} cells but the header has ${layout.fieldCount}`, file: 'file' });
    return null;
  }
  const before = problems.length;
  const query = fields[layout.query];
  const productId = fields[layout.productId].trim();
  const grade = parseGrade(fields[layout.relevance]);
  const problemOf = [
    ['query', queryProblem(query)],
    ['product_id', productIdProblem(productId)],
    ['relevance', grade.problem],
  ] as const;
  for (const [column, problem] of problemOf) if (problem) problems.push({ row, column, problem, file: 'file' });
  for (const index of layout.unnamed) {
    if (fields[index].trim() !== '') {
      problems.push({ row, column: null, problem: `column ${index + 1} has no header name, so its cells must be empty`, file: 'file' });
    }
  }
  if (problems.length > before || grade.problem !== undefined) return null;
  return { row, query, queryKey: queryKey(query), productId, grade: grade.grade };
}

const isSkipped = (line: string) => /^\s*(#|$)/.test(line);

export interface TrecQuery {
  query: string;
  queryKey: string;
  row: number;
}

/** One queries-file line `qid<TAB>query` into `queries`; blank and `#` lines are skipped. */
export function readQueriesLine(line: string, row: number, queries: Map<string, TrecQuery>, problems: Problems): void {
  if (isSkipped(line)) return;
  const tab = line.indexOf('\t');
  if (tab === -1) {
    problems.push({ row, column: null, problem: 'expected "qid<TAB>query" (no tab found)', file: 'queries' });
    return;
  }
  const qid = line.slice(0, tab).trim();
  // Exports write formula-like queries with a leading `'` (spreadsheets open TSV too): undo it.
  const query = fromSpreadsheetSafe(line.slice(tab + 1));
  const before = problems.length;
  if (qid === '' || /\s/.test(qid)) problems.push({ row, column: 'qid', problem: 'must be one word', file: 'queries' });
  const problem = queryProblem(query);
  if (problem) problems.push({ row, column: 'query', problem, file: 'queries' });
  const earlier = queries.get(qid);
  if (earlier) problems.push({ row, column: 'qid', problem: `query id ${qid} is already defined on line ${earlier.row}`, file: 'queries' });
  if (problems.length === before) queries.set(qid, { query, queryKey: queryKey(query), row });
}

/** One qrels line `qid iter docid grade` (white space separated, iter ignored) as trec_eval reads it. */
export function readQrelsLine(line: string, row: number, queries: ReadonlyMap<string, TrecQuery>, problems: Problems): Judgement | null {
  if (isSkipped(line)) return null;
  const fields = line.trim().split(/\s+/);
  if (fields.length !== 4) {
    problems.push({ row, column: null, problem: `expected 4 fields "qid iter docid grade", found ${fields.length}`, file: 'file' });
    return null;
  }
  const [qid, , productId, gradeText] = fields;
  const before = problems.length;
  const query = queries.get(qid);
  if (!query) problems.push({ row, column: 'qid', problem: `query id ${qid} is not in the queries file`, file: 'file' });
  const idProblem = productIdProblem(productId);
  if (idProblem) problems.push({ row, column: 'docid', problem: idProblem, file: 'file' });
  const grade = parseGrade(gradeText);
  if (grade.problem !== undefined) problems.push({ row, column: 'grade', problem: grade.problem, file: 'file' });
  if (problems.length > before || !query || grade.problem !== undefined) return null;
  return { row, query: query.query, queryKey: query.queryKey, productId, grade: grade.grade };
}

/** Finds a (query, product) judged twice in one file; remembers the row of each pair. */
export class DuplicateFinder {
  private readonly rows = new Map<string, number>();

  check(judgement: Judgement, problems: Problems, column: string | null): boolean {
    const key = `${judgement.queryKey}\u0000${judgement.productId}`;
    const earlier = this.rows.get(key);
    if (earlier === undefined) {
      this.rows.set(key, judgement.row);
      return true;
    }
    problems.push({
      row: judgement.row,
      column,
      problem: `judges product ${judgement.productId} for the query "${judgement.queryKey}" again: rows ${earlier} and ${judgement.row} (one judgement per query and product)`,
      file: 'file',
    });
    return false;
  }
}
