/** A COPY of entries that PostgreSQL refused, turned into the problem of the spreadsheet row it came from. */
import type { RowProblem } from '../import/import-problems';

/** A COPY of entries failed on data PostgreSQL rejects that validation let through. */
export class RowRejectedError extends Error {
  constructor(readonly problem: RowProblem) {
    super(`row ${problem.row}: ${problem.problem}`);
  }
}

/**
 * PostgreSQL's data errors (SQLSTATE class 22, e.g. a JSON number jsonb cannot hold) name the COPY
 * line; that line's spreadsheet row turns the answer into a 400 rather than a 500.
 */
export function rowRejection(error: unknown, rows: readonly number[]): RowRejectedError | undefined {
  const { code, where, message } = error as { code?: string; where?: string; message?: string };
  if (typeof code !== 'string' || !code.startsWith('22')) return undefined;
  const match = /COPY dataset_entries, line (\d+)(?:, column (\w+))?/.exec(where ?? '');
  if (!match) return undefined;
  const line = Number(match[1]);
  if (!(line >= 1 && line <= rows.length)) return undefined;
  const column = match[2] === undefined || match[2] === 'id' ? null : match[2];
  return new RowRejectedError({ row: rows[line - 1], column, problem: `was rejected by the database: ${message}` });
}
