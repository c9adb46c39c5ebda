/** A row of a comparison as the API pages it. */
export interface ComparisonRow {
  query: string;
  baseline_result_id: number | null;
  candidate_result_id: number | null;
  baseline: number | null;
  candidate: number | null;
  delta: number | null;
  overlap?: { overlap: number; jaccard: number; rbo_min: number; rbo_ext: number } | null;
}

/** The comparison CSV's line for a row the API pages: the query as it is, numbers as numbers, nothing for null. */
export function comparisonCsvLine(row: ComparisonRow): string {
  const { overlap } = row;
  const numbers = [row.baseline_result_id, row.candidate_result_id, row.baseline, row.candidate, row.delta];
  numbers.push(overlap?.overlap ?? null, overlap?.jaccard ?? null, overlap?.rbo_min ?? null, overlap?.rbo_ext ?? null);
  return [row.query, ...numbers.map((cell) => (cell === null ? '' : String(cell)))].join(',');
}
