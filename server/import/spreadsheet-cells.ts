/** Cells of CSV files that people open in spreadsheets: formula-safe when written, read back as written. */

/**
 * Text a spreadsheet would read as a formula (OWASP CSV injection), or that starts with quotes before
 * such a start: those get the escaping quote too, so that reading strips exactly the one it added.
 */
const ESCAPED = /^'*[=+\-@\t\r]/;

/** A cell a spreadsheet will show as text: a leading `'` before a formula-like start. */
export function spreadsheetSafe(cell: string): string {
  return ESCAPED.test(cell) ? `'${cell}` : cell;
}

/** Undoes spreadsheetSafe on import, so that an exported file imports as the same data. */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && ESCAPED.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One CSV cell, quoted when needed, formula-safe. */
export function csvCell(value: string): string {
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
