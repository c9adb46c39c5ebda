/**
 * Streams an uploaded click log (UBI JSON Lines or counted CSV) into a click tally a chunk at a time:
 * the file is never whole in memory. Any problem refuses the file, naming the line (or row) and field.
 */
import type { Readable } from 'node:stream';
import { CsvReader, CsvSyntaxError } from '../../import/csv-reader';
import {
  ImportRejectedError,
  rejection,
  stopWhenFull,
  syntaxProblem,
  type FileWording,
  type RowProblem,
} from '../../import/import-problems';
import { LineSplitter } from '../../import/text-lines';
import { readUpload } from '../../import/upload-reader';
import { MAX_PROBLEMS, MAX_RECORD_CHARS } from '../../schemas/limits';
import { readClickCsvHeader, readClickCsvRow, type ClickCsvLayout } from './click-csv-rows';
import { ClickTally } from './coec';
import { UbiLineReader } from './ubi-lines';

export type ClickLogFormat = 'ubi' | 'csv';

export interface ClickLog {
  tally: ClickTally;
  /** Lines (UBI) or data rows (CSV) read. */
  records: number;
  /** UBI only: impression and click events counted. */
  counted_events: number;
  /** UBI only: events of other actions than impression and click, not counted. */
  skipped_events: number;
}

const WORDING: Record<ClickLogFormat, FileWording> = {
  ubi: { file: 'UBI log', unit: 'line', cell: 'field' },
  csv: { file: 'CSV file', unit: 'row' },
};

/** `refused` begins a refusal's message: what did not happen because of the problems. */
export async function readClickLog(source: Readable, format: ClickLogFormat, refused: string): Promise<ClickLog> {
  const tally = new ClickTally();
  const problems: RowProblem[] = [];
  const wording = { ...WORDING[format], refused };
  const log = format === 'ubi' ? await readUbi(source, tally, problems, wording) : await readCsv(source, tally, problems, wording);
  if (problems.length > 0) throw rejection(problems, wording);
  return { tally, ...log };
}

async function readUbi(
  source: Readable,
  tally: ClickTally,
  problems: RowProblem[],
  wording: FileWording,
): Promise<Omit<ClickLog, 'tally'>> {
  const reader = new UbiLineReader(tally, problems);
  // JSON text never holds a bare CR, so only LF ends a line (a CRLF's CR is white space to JSON.parse).
  const lines = new LineSplitter('lf');
  let line = 0;
  const handle = (texts: string[]) => {
    for (const text of texts) {
      reader.read(text, ++line);
      stopWhenFull(problems, wording);
    }
    if (lines.unfinishedLength > MAX_RECORD_CHARS) tooLong(problems, line + 1, wording);
  };
  await readUpload(source, async (upload) => {
    for await (const chunk of upload) handle(lines.push(chunk));
    handle(lines.end());
  });
  return { records: line, counted_events: reader.counted, skipped_events: reader.skipped };
}

async function readCsv(
  source: Readable,
  tally: ClickTally,
  problems: RowProblem[],
  wording: FileWording,
): Promise<Omit<ClickLog, 'tally'>> {
  const csv = new CsvReader(MAX_RECORD_CHARS);
  let layout: ClickCsvLayout | undefined;
  let row = 0;
  const handle = (records: string[][]) => {
    for (const fields of records) {
      row++;
      if (row === 1) {
        layout = readClickCsvHeader(fields, problems);
        // Without the columns no row can be read: the header's problems are the answer.
        if (!layout) throw rejection(problems, wording);
      } else readClickCsvRow(layout!, fields, row, tally, problems);
      stopWhenFull(problems, wording);
    }
  };
  await readUpload(source, async (upload) => {
    try {
      for await (const chunk of upload) handle(csv.push(chunk));
      handle(csv.end());
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw rejection([...problems, syntaxProblem(error)], wording);
      throw error;
    }
  });
  if (row === 0) {
    throw new ImportRejectedError('The file is empty: its first row must be the header query,product_id,position,impressions,clicks', [
      { row: 1, column: null, problem: 'no header row' },
    ]);
  }
  return { records: row - 1, counted_events: 0, skipped_events: 0 };
}

function tooLong(problems: RowProblem[], line: number, wording: FileWording): never {
  const problem = `is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters`;
  throw rejection([...problems, { row: line, column: null, problem }].slice(0, MAX_PROBLEMS), wording);
}
