// The Catalogue page: what its import takes and says, and how a searched product is shown.
import { counted, formatCount } from '../shared/format-count';
import { formatMetric } from '../shared/format-metric';

/** The two formats the import takes (the server's `format` field). */
export type CatalogueFormat = 'csv' | 'jsonl';

/** The format a file's name says: .csv, or .jsonl / .ndjson; null when it says neither. */
export function formatOfFileName(name: string): CatalogueFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  return null;
}

/** '3 products imported (2 new, 1 updated)'. */
export function importSummary(counts: { imported: number; created: number; updated: number }): string {
  return `${counted(counts.imported, 'product', 'products')} imported (${formatCount(counts.created)} new, ${formatCount(counts.updated)} updated)`;
}

/** Where the server's problem is: a CSV's spreadsheet row (the header is 1) or a JSON Lines file's line. */
export function problemPlace(format: CatalogueFormat, problem: { row: number; column: string | null }): string {
  const place = `${format === 'jsonl' ? 'Line' : 'Row'} ${problem.row}`;
  return problem.column ? `${place}, column ${problem.column}` : place;
}

/** The catalogue's total: '1 product', '2,422 products'. */
export const productTotal = (total: number): string => counted(total, 'product', 'products');

/** A searched product's place in the whole ranking, not just on its page. */
export const searchRank = (page: number, pageSize: number, index: number): number => (page - 1) * pageSize + index + 1;

/** The built-in search's score, to three decimals as the console shows metrics. */
export const formatScore = (score: number | undefined): string => (score === undefined ? '—' : formatMetric(score));

/** The golden set has no grade of the product for the search. */
export const isUnjudged = (grade: number | null | undefined): boolean => grade === null || grade === undefined;

/** The golden set's grade of a product for the search, or 'unjudged' when it has none. */
export const gradeText = (grade: number | null | undefined): string => (isUnjudged(grade) ? 'unjudged' : String(grade));

/** A product's attributes as indented JSON. */
export const attributesJson = (attributes: Record<string, unknown>): string => JSON.stringify(attributes, null, 2);

/** The products table's columns: rank and score only for a search, the grade only when a golden set grades it. */
export function productColumns({ searched, graded }: { searched: boolean; graded: boolean }): string[] {
  return [...(searched ? ['Rank'] : []), 'Product ID', 'Image', 'Name', ...(searched ? ['Score'] : []), ...(graded ? ['Grade'] : [])];
}

/** A product's page: its id as one path segment, whatever characters it holds. */
export const productPath = (productId: string): string => `/catalogue/products/${encodeURIComponent(productId)}`;

/**
 * The product id of a product's page from the route's parameter. wouter has already applied decodeURI, which
 * leaves the escapes of reserved characters (%2F for '/', %3F, %23, ...): those are decoded here. An id with
 * '%' and two hex digits in it cannot be told apart from such an escape; product ids rarely hold one.
 */
export function productIdFromRoute(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}
