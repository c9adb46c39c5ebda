/**
 * A counted click log as CSV `query,product_id,position,impressions,clicks` (columns in any order,
 * names matched case-insensitively): each row what a product got at one position for one query. Rows
 * of the same query, product and position add up.
 */
import type { RowProblem } from '../../import/import-problems';
import { productIdProblem, queryProblem } from '../judgement-rows';
import type { ClickTally } from './coec';

const COLUMNS = ['query', 'product_id', 'position', 'impressions', 'clicks'] as const;
type Column = (typeof COLUMNS)[number];
export type ClickCsvLayout = Record<Column, number> & { fieldCount: number };

/** The header row's layout, or its problems (row 1). */
export function readClickCsvHeader(fields: readonly string[], problems: RowProblem[]): ClickCsvLayout | undefined {
  const found: Partial<Record<Column, number>> = {};
  const before = problems.length;
  fields.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (!(COLUMNS as readonly string[]).includes(name)) {
      problems.push({ row: 1, column: raw.trim(), problem: `is not a column of this format (${COLUMNS.join(', ')})` });
    } else if (name in found) problems.push({ row: 1, column: name, problem: 'appears more than once in the header' });
    else found[name as Column] = index;
  });
  for (const column of COLUMNS) {
    if (!(column in found)) problems.push({ row: 1, column, problem: 'required column is missing from the header' });
  }
  return problems.length > before ? undefined : { ...(found as Record<Column, number>), fieldCount: fields.length };
}

/** One record into the tally; blank records are skipped, problems appended. */
export function readClickCsvRow(
  layout: ClickCsvLayout,
  fields: readonly string[],
  row: number,
  tally: ClickTally,
  problems: RowProblem[],
): void {
  if (fields.every((field) => field.trim() === '')) return;
  if (fields.length !== layout.fieldCount) {
    problems.push({ row, column: null, problem: `has ${fields.length} cells but the header has ${layout.fieldCount}` });
    return;
  }
  const before = problems.length;
  const query = fields[layout.query];
  const productId = fields[layout.product_id].trim();
  const [position, impressions, clicks] = (['position', 'impressions', 'clicks'] as const).map((column) => {
    const value = wholeNumber(fields[layout[column]]);
    if (value === undefined)
      problems.push({
        row,
        column,
        problem: `must be a whole number ≥ 0, not ${JSON.stringify(fields[layout[column]].trim().slice(0, 20))}`,
      });
    return value;
  });
  for (const [column, problem] of [
    ['query', queryProblem(query)],
    ['product_id', productIdProblem(productId)],
  ] as const) {
    if (problem) problems.push({ row, column, problem });
  }
  if (clicks !== undefined && impressions !== undefined && clicks > impressions) {
    problems.push({ row, column: 'clicks', problem: `${clicks} clicks are more than the ${impressions} impressions` });
  }
  if (problems.length > before) return;
  tally.add(query, productId, position!, impressions!, clicks!);
}

function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}
