/** Cells of CSV files that people open in spreadsheets: formula-safe when written, read back as written. */

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will show as text: a leading `'` before a formula-like start. */
export function spreadsheetSafe(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Undoes spreadsheetSafe on import, so that an exported file imports as the same data. */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One CSV cell, quoted when needed, formula-safe. */
export function csvCell(value: string): string {
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
