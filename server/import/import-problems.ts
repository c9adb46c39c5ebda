/**
 * The problems an importer finds in a file and the one 400 they become: at most MAX_PROBLEMS listed,
 * the message naming the count and the first one's place.
 */
import { MAX_PROBLEMS } from '../schemas/limits';
import { CsvSyntaxError } from './csv-reader';

export interface RowProblem {
  /** Spreadsheet row (the header is 1, the first data record 2; a multi-line quoted record is one row) or file line. */
  row: number;
  /** The header name (or field) of the cell at fault, or null when the problem is the whole row. */
  column: string | null;
  problem: string;
}

/** The file is not acceptable; nothing was written. */
export class ImportRejectedError extends Error {
  constructor(
    message: string,
    readonly problems: readonly RowProblem[],
  ) {
    super(message);
  }
}

/** How a rejection names the file and the place of its first problem. */
export interface FileWording {
  /** 'CSV file', 'qrels file', ... */
  file: string;
  unit: 'row' | 'line';
  /** What a problem's `column` is: a CSV column or a JSON field. */
  cell?: 'column' | 'field';
  /** What the refusal says first: 'Nothing was imported' unless told (a preview imports nothing anyway). */
  refused?: string;
}

export function rejection<P extends RowProblem>(
  problems: readonly P[],
  { file, unit, cell = 'column', refused = 'Nothing was imported' }: FileWording,
): ImportRejectedError {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const count = problems.length >= MAX_PROBLEMS ? `at least ${MAX_PROBLEMS} problems` : plural(problems.length, 'problem');
  const first = shown[0];
  const where = first.column === null ? `${unit} ${first.row}` : `${unit} ${first.row}, ${cell} "${first.column}"`;
  return new ImportRejectedError(`${refused}: the ${file} has ${count}; the first is at ${where}: ${first.problem}`, shown);
}

/** Once the list is full the file is refused: a 400 shows no more, so scanning further is wasted. */
export function stopWhenFull(problems: readonly RowProblem[], wording: FileWording): void {
  if (problems.length >= MAX_PROBLEMS) throw rejection(problems, wording);
}

/** A record the CSV reader refused, as a problem of the whole row. */
export const syntaxProblem = (error: CsvSyntaxError): RowProblem => ({ row: error.row, column: null, problem: error.message });

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
