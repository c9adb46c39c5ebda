/**
 * Streams a bulk-upload CSV into the database in one transaction: file stream → CSV records →
 * validated rows → chunked COPY. Any problem rolls everything back; up to MAX_PROBLEMS are reported.
 * The audit row is written last in that transaction (every chunk is COPYed in it too), so it exists
 * exactly when the upload does.
 */
import type { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { counted, joined, type AuditActor } from '../audit/audit-summaries';
import { CsvReader, CsvSyntaxError } from '../import/csv-reader';
import { ImportRejectedError, rejection, stopWhenFull, syntaxProblem, type RowProblem } from '../import/import-problems';
import { readUpload, type UploadReader } from '../import/upload-reader';
import { MAX_RECORD_CHARS } from '../schemas/limits';
import { readHeader, RecordReader, type CsvLayout } from './csv-rows';
import { EntryWriter, type EntryWriterOptions, type UploadTarget } from './entry-writer';
import { RowRejectedError } from './row-rejection';
import type { BulkUploadCounts } from '../schemas/bulk-upload';

const CSV_FILE = { file: 'CSV file', unit: 'row' } as const;
/** Rows between two real yields to the event loop while the database is working. */
const YIELD_EVERY_ROWS = 50;

/**
 * Imports `source` (a busboy file stream: it emits 'limit' and ends early when the file is larger than
 * the upload limit). The transaction starts once the header is read and found valid.
 */
export function importEntriesCsv(
  db: Database,
  actor: AuditActor,
  source: Readable,
  options: EntryWriterOptions = {},
  target: UploadTarget = { onExisting: 'add' },
): Promise<BulkUploadCounts> {
  return readUpload(source, (upload) => importFrom(db, actor, upload, target, options));
}

/** "2,002 entries · 25 datasets · 3,422 links created; 12 inputs were there already, 3 repeated, skipped". */
function uploadSummary(counts: BulkUploadCounts, target: UploadTarget): string {
  const created = `${joined(
    counted(counts.created_entries, 'entry', 'entries'),
    counted(counts.created_datasets, 'dataset', 'datasets'),
    counted(counts.created_mappings, 'link', 'links'),
  )} created`;
  if (counts.existing_inputs + counts.repeated_inputs === 0) return created;
  const there = joined(
    counts.existing_inputs > 0 ? `${counted(counts.existing_inputs, 'input was', 'inputs were')} in their dataset already` : '',
    counts.repeated_inputs > 0 ? `${counted(counts.repeated_inputs, 'input', 'inputs')} repeated in the file` : '',
  );
  return `${created}; ${there}, ${target.onExisting === 'skip' ? 'skipped' : 'added anyway'}`;
}

async function importFrom(
  db: Database,
  actor: AuditActor,
  upload: UploadReader,
  target: UploadTarget,
  options: EntryWriterOptions,
): Promise<BulkUploadCounts> {
  const csv = new CsvReader(MAX_RECORD_CHARS);
  /** Records read but not handled yet. */
  let pending: string[][] = [];
  let ended = false;

  async function nextRecords(): Promise<boolean> {
    while (!ended) {
      const chunk = await upload.next();
      pending = chunk === undefined ? csv.end() : csv.push(chunk);
      ended = chunk === undefined;
      if (pending.length > 0) return true;
    }
    return false;
  }

  let header: string[] | undefined;
  try {
    if (await nextRecords()) header = pending.shift();
  } catch (error) {
    throw asRejection(error, []);
  }
  if (!header) {
    throw new ImportRejectedError('The file is empty: its first row must be a header naming the columns, at least "input"', [
      { row: 1, column: null, problem: 'no header row' },
    ]);
  }
  const { layout, problems: headerProblems, message } = readHeader(header);
  if (!layout) throw new ImportRejectedError(message, headerProblems);
  return db.transaction((tx) => importRows(tx, layout));

  async function importRows(tx: Queryable, layout: CsvLayout): Promise<BulkUploadCounts> {
    const reader = new RecordReader(layout);
    const writer = await EntryWriter.open(tx, target, options);
    const problems: RowProblem[] = [];
    let row = 1;
    let sinceYield = 0;
    try {
      do {
        for (const fields of pending) {
          row++;
          const entry = reader.read(fields, row, problems);
          // After the first problem nothing more is written; scanning goes on to report more.
          if (problems.length > 0) stopWhenFull(problems, CSV_FILE);
          else if (entry !== null) {
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
      if (problems.length > 0) throw rejection(problems, CSV_FILE);
      const counts = await writer.finish();
      await recordAudit(tx, actor, {
        action: 'entries.upload',
        target_type: 'entries',
        target_id: null,
        summary: uploadSummary(counts, target),
      });
      return counts;
    } catch (error) {
      await writer.abandon();
      throw asRejection(error, problems);
    }
  }
}

/** A record the CSV reader or the database refused joins the problems found before it. */
function asRejection(error: unknown, problems: RowProblem[]): unknown {
  if (error instanceof CsvSyntaxError) return rejection([...problems, syntaxProblem(error)], CSV_FILE);
  if (error instanceof RowRejectedError) return rejection([...problems, error.problem], CSV_FILE);
  return error;
}
