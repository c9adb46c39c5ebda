/**
 * Streams a bulk-upload CSV into the database in one transaction: file stream → CSV records →
 * validated rows → chunked COPY. Any problem rolls everything back; up to MAX_PROBLEMS are reported.
 */
import type { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database, Queryable } from '../db/database';
import { CsvReader, CsvSyntaxError } from './csv-reader';
import { MAX_PROBLEMS, MAX_RECORD_CHARS, readHeader, RecordReader, type CsvLayout, type RowProblem } from './csv-rows';
import { EntryWriter, RowRejectedError, type BulkUploadCounts, type EntryWriterOptions } from './entry-writer';

export type { BulkUploadCounts } from './entry-writer';

/** The file is not acceptable; nothing was written. */
export class CsvRejectedError extends Error {
  constructor(
    message: string,
    readonly problems: RowProblem[],
  ) {
    super(message);
  }
}

/** The file went past the upload limit; nothing was written. */
export class UploadTooLargeError extends Error {
  constructor() {
    super('The file is larger than the upload limit');
  }
}

/** Rows between two real yields to the event loop while the database is working. */
const YIELD_EVERY_ROWS = 50;

/**
 * Imports `source` (a busboy file stream: it emits 'limit' and ends early when the file is larger than
 * the upload limit). The transaction starts once the header is read and found valid.
 */
export async function importEntriesCsv(
  db: Database,
  source: Readable,
  options: EntryWriterOptions = {},
): Promise<BulkUploadCounts> {
  let tooLarge = false;
  const onLimit = () => (tooLarge = true);
  source.on('limit', onLimit);
  const csv = new CsvReader(MAX_RECORD_CHARS);
  // Not destroyed when reading stops early: the rest of the upload is drained in `finally`.
  const chunks = source.iterator({ destroyOnReturn: false })[Symbol.asyncIterator]();
  /** Records read but not handled yet. */
  let pending: string[][] = [];
  let ended = false;

  async function nextRecords(): Promise<boolean> {
    while (!ended) {
      const chunk = await chunks.next();
      if (tooLarge) throw new UploadTooLargeError();
      pending = chunk.done ? csv.end() : csv.push(chunk.value);
      ended = chunk.done === true;
      if (pending.length > 0) return true;
    }
    return false;
  }

  try {
    let header: string[] | undefined;
    try {
      if (await nextRecords()) header = pending.shift();
    } catch (error) {
      throw asRejection(error, []);
    }
    if (!header) {
      throw new CsvRejectedError('The file is empty: its first row must be a header naming the columns, at least "input"', [
        { row: 1, column: null, problem: 'no header row' },
      ]);
    }
    const { layout, problems: headerProblems, message } = readHeader(header);
    if (!layout) throw new CsvRejectedError(message, headerProblems);

    return await db.transaction((tx) => importRows(tx, layout));
  } finally {
    source.off('limit', onLimit);
    // Read the rest of the upload, if any, so the client gets the answer rather than a reset.
    await chunks.return?.();
    source.resume();
  }

  async function importRows(tx: Queryable, layout: CsvLayout): Promise<BulkUploadCounts> {
    const reader = new RecordReader(layout);
    const writer = await EntryWriter.open(tx, options);
    const problems: RowProblem[] = [];
    let row = 1;
    let sinceYield = 0;
    try {
      do {
        for (const fields of pending) {
          row++;
          const entry = reader.read(fields, row, problems);
          // After the first problem nothing more is written; scanning goes on to report more.
          if (problems.length > 0) {
            if (problems.length >= MAX_PROBLEMS) throw rejection(problems);
          } else if (entry !== null) {
            writer.add(entry, row);
            if (writer.chunkIsFull) await writer.send();
          }
          // Resolved promises alone never let the database's answers in: yield for real now and
          // then, so its next statement is not left waiting for a whole input chunk to be parsed.
          if (++sinceYield === YIELD_EVERY_ROWS) {
            sinceYield = 0;
            if (writer.busy) await yieldToEventLoop();
          }
        }
        pending = [];
      } while (await nextRecords());
      if ((source as { truncated?: boolean }).truncated) throw new UploadTooLargeError();
      if (problems.length > 0) throw rejection(problems);
      return await writer.finish();
    } catch (error) {
      await writer.abandon();
      throw asRejection(error, problems);
    }
  }
}

function rejection(problems: RowProblem[]): CsvRejectedError {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const count = problems.length >= MAX_PROBLEMS ? `at least ${MAX_PROBLEMS} problems` : plural(problems.length, 'problem');
  const first = shown[0];
  const where = first.column === null ? `row ${first.row}` : `row ${first.row}, column "${first.column}"`;
  return new CsvRejectedError(`Nothing was imported: the CSV file has ${count}; the first is at ${where}: ${first.problem}`, shown);
}

/** A record the CSV reader or the database refused joins the problems found before it. */
function asRejection(error: unknown, problems: RowProblem[]): unknown {
  if (error instanceof CsvSyntaxError) return rejection([...problems, { row: error.row, column: null, problem: error.message }]);
  if (error instanceof RowRejectedError) return rejection([...problems, error.problem]);
  return error;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
