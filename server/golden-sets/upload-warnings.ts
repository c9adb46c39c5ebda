/**
 * What a golden set judges that the rest of the data lacks: queries no dataset entry asks (a run never scores
 * them) and products the catalogue does not hold (the judging screens show them without name or image).
 * Counted and sampled for the upload's answer; the full lists are downloads read on demand, so the answer stays
 * small however large the set, and nothing is stored that would go stale as entries and products change.
 */
import type { Queryable } from '../db/database';
import { csvCell } from '../import/spreadsheet-cells';

/** How many of each list the upload's answer names. */
const WARNING_SAMPLE = 20;

type WarningList = { count: number; sample: string[] };
export type UploadWarnings = { queries_without_entry: WarningList; products_not_in_catalogue: WarningList };

// Each query once, as first written in the file, in key order. Entries are matched on their stored key.
const QUERIES_WITHOUT_ENTRY = `
  SELECT DISTINCT ON (j.query_key) j.query AS value
  FROM golden_set_judgements j
  WHERE j.golden_set_id = $1
    AND NOT EXISTS (SELECT 1 FROM dataset_entries e WHERE e.query_key = j.query_key)
  ORDER BY j.query_key, j.id`;

const PRODUCTS_NOT_IN_CATALOGUE = `
  SELECT DISTINCT j.product_id AS value
  FROM golden_set_judgements j
  WHERE j.golden_set_id = $1
    AND NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = j.product_id)
  ORDER BY j.product_id`;

async function warningList(db: Queryable, sql: string, goldenSetId: number): Promise<WarningList> {
  const { rows } = await db.query<{ value: string; count: number }>(
    `SELECT value, count(*) OVER ()::int AS count FROM (${sql}) listed LIMIT $2`,
    [goldenSetId, WARNING_SAMPLE],
  );
  return { count: rows[0]?.count ?? 0, sample: rows.map((row) => row.value) };
}

/** Both lists' counts and first values for one golden set. */
export async function uploadWarnings(db: Queryable, goldenSetId: number): Promise<UploadWarnings> {
  return {
    queries_without_entry: await warningList(db, QUERIES_WITHOUT_ENTRY, goldenSetId),
    products_not_in_catalogue: await warningList(db, PRODUCTS_NOT_IN_CATALOGUE, goldenSetId),
  };
}

async function* oneColumnCsv(db: Queryable, header: string, sql: string, goldenSetId: number): AsyncGenerator<string> {
  yield `\uFEFF${header}\r\n`;
  const { rows } = await db.query<{ value: string }>(sql, [goldenSetId]);
  yield rows.map((row) => `${csvCell(row.value)}\r\n`).join('');
}

/** The full list of queries without a dataset entry, as a one-column CSV `query`. */
export const queriesWithoutEntryCsv = (db: Queryable, goldenSetId: number) => oneColumnCsv(db, 'query', QUERIES_WITHOUT_ENTRY, goldenSetId);

/** The full list of judged products missing from the catalogue, as a one-column CSV `product_id`. */
export const productsNotInCatalogueCsv = (db: Queryable, goldenSetId: number) =>
  oneColumnCsv(db, 'product_id', PRODUCTS_NOT_IN_CATALOGUE, goldenSetId);
