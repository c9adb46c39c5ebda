/**
 * Streams an uploaded golden set into the database in one transaction: the golden set row, then its
 * judgements by chunked COPY. Any problem rolls everything back; up to MAX_PROBLEMS are reported.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Queryable } from '../db/database';
import { copyField } from '../bulk/copy-text';
import { CsvReader, CsvSyntaxError } from '../bulk/csv-reader';
import { MAX_PROBLEMS, MAX_RECORD_CHARS } from '../bulk/csv-rows';
import { CsvRejectedError, UploadTooLargeError } from '../bulk/import-csv';
import {
  DuplicateFinder,
  readCsvHeader,
  readCsvJudgement,
  readQrelsLine,
  readQueriesLine,
  type Judgement,
  type JudgementProblem,
  type TrecQuery,
  type UploadField,
} from './judgement-rows';

const CHUNK_ROWS = 5000;
const JUDGEMENT_COLUMNS = ['golden_set_id', 'query', 'query_key', 'product_id', 'grade'] as const;

/** Records (CSV) or lines (TREC) of an upload, a chunk at a time; throws when it went past the limit. */
async function* chunksOf(source: Readable): AsyncGenerator<Buffer> {
  let tooLarge = false;
  const onLimit = () => (tooLarge = true);
  source.on('limit', onLimit);
  try {
    for await (const chunk of source.iterator({ destroyOnReturn: false })) {
      if (tooLarge) throw new UploadTooLargeError();
      yield chunk as Buffer;
    }
    if (tooLarge || (source as { truncated?: boolean }).truncated) throw new UploadTooLargeError();
  } finally {
    source.off('limit', onLimit);
    source.resume();
  }
}

/** Lines of a text file: LF, CRLF or CR; a leading BOM dropped. */
async function* linesOf(source: Readable): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let first = true;
  for await (const chunk of chunksOf(source)) {
    let text = rest + decoder.write(chunk);
    if (first && text.length > 0) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const lines = text.split(/\r\n|\n|\r/);
    // A CR at the very end may be half of a CRLF: keep it with the unfinished line.
    rest = lines.pop()!;
    if (text.endsWith('\r')) rest = `${lines.pop() ?? ''}\r`;
    if (rest.length > MAX_RECORD_CHARS) throw new Error(`A line is longer than ${MAX_RECORD_CHARS} characters`);
    yield lines;
  }
  const last = rest + decoder.end();
  const lines = (first && last.charCodeAt(0) === 0xfeff ? last.slice(1) : last).split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === '') lines.pop();
  yield lines;
}

/** Reads a TREC queries file (`qid<TAB>query` lines) into memory; rejects it when it has problems. */
export async function readQueriesFile(source: Readable): Promise<Map<string, TrecQuery>> {
  const queries = new Map<string, TrecQuery>();
  const problems: JudgementProblem[] = [];
  let row = 0;
  for await (const lines of linesOf(source)) {
    for (const line of lines) {
      readQueriesLine(line, ++row, queries, problems);
      if (problems.length >= MAX_PROBLEMS) throw rejection(problems, 'queries');
    }
  }
  if (problems.length > 0) throw rejection(problems, 'queries');
  return queries;
}

export interface NewGoldenSet {
  name: string;
  description: string;
  market: string;
}

export type JudgementSource = { format: 'csv'; file: Readable } | { format: 'trec'; file: Readable; queries: ReadonlyMap<string, TrecQuery> };

/** Creates the golden set and its judgements in `tx`; returns the new id. */
export async function importGoldenSet(tx: Queryable, set: NewGoldenSet, source: JudgementSource): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO golden_sets (name, description, market) VALUES ($1, $2, $3) RETURNING id',
    [set.name, set.description, set.market],
  );
  const id = rows[0].id;
  const writer = new JudgementWriter(tx, id);
  const problems: JudgementProblem[] = [];
  const duplicates = new DuplicateFinder();
  const accept = async (judgement: Judgement | null, duplicateColumn: string | null) => {
    if (judgement !== null && duplicates.check(judgement, problems, duplicateColumn) && problems.length === 0) {
      await writer.add(judgement);
    }
    if (problems.length >= MAX_PROBLEMS) throw rejection(problems, source.format);
  };

  if (source.format === 'csv') {
    const csv = new CsvReader(MAX_RECORD_CHARS);
    let layout: ReturnType<typeof readCsvHeader>['layout'] | undefined;
    let row = 0;
    const handle = async (records: string[][]) => {
      for (const fields of records) {
        row++;
        if (layout === undefined) {
          const header = readCsvHeader(fields);
          if (header.problems.length > 0) throw rejection(header.problems, 'csv');
          layout = header.layout;
          continue;
        }
        await accept(readCsvJudgement(layout, fields, row, problems), null);
      }
    };
    try {
      for await (const chunk of chunksOf(source.file)) await handle(csv.push(chunk));
      await handle(csv.end());
    } catch (error) {
      if (error instanceof CsvSyntaxError) {
        throw rejection([...problems, { row: error.row, column: null, problem: error.message, file: 'file' }], 'csv');
      }
      throw error;
    }
    if (layout === undefined) {
      throw rejection([{ row: 1, column: null, problem: 'no header row: the first row must be "query,product_id,relevance"', file: 'file' }], 'csv');
    }
  } else {
    let row = 0;
    for await (const lines of linesOf(source.file)) {
      for (const line of lines) {
        row++;
        await accept(readQrelsLine(line, row, source.queries, problems), 'docid');
      }
    }
  }
  if (problems.length > 0) throw rejection(problems, source.format);
  await writer.flush();
  return id;
}

/** COPYs judgements into the golden set, CHUNK_ROWS at a time. */
class JudgementWriter {
  private lines: string[] = [];
  private readonly prefix: string;

  constructor(
    private readonly tx: Queryable,
    goldenSetId: number,
  ) {
    this.prefix = `${goldenSetId},`;
  }

  async add(j: Judgement): Promise<void> {
    this.lines.push(`${this.prefix}${copyField(j.query)},${copyField(j.queryKey)},${copyField(j.productId)},${j.grade}\n`);
    if (this.lines.length >= CHUNK_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    await this.tx.copyCsv('golden_set_judgements', JUDGEMENT_COLUMNS, text);
  }
}

const FILE_NAMES: Record<'csv' | 'trec' | 'queries', string> = { csv: 'CSV file', trec: 'qrels file', queries: 'queries file' };

function rejection(problems: JudgementProblem[], what: 'csv' | 'trec' | 'queries'): CsvRejectedError {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const count = problems.length >= MAX_PROBLEMS ? `at least ${MAX_PROBLEMS} problems` : `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const first = shown[0];
  const unit = what === 'csv' ? 'row' : 'line';
  const where = first.column === null ? `${unit} ${first.row}` : `${unit} ${first.row}, column "${first.column}"`;
  const file = first.file === 'queries' ? FILE_NAMES.queries : FILE_NAMES[what === 'queries' ? 'queries' : what];
  return new CsvRejectedError(`Nothing was imported: the ${file} has ${count}; the first is at ${where}: ${first.problem}`, shown as never);
}

export type { UploadField };
