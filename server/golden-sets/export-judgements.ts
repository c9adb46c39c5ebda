/** A golden set's judgements as downloadable text, read a page at a time (keyset on id). */
import type { Queryable } from '../db/database';
import { CSV_COLUMNS } from './judgement-rows';
import { csvCell, spreadsheetSafe } from '../import/spreadsheet-cells';

const PAGE_ROWS = 5000;

interface JudgementRow {
  id: number;
  query: string;
  query_key: string;
  product_id: string;
  grade: number;
}

async function* judgementPages(db: Queryable, goldenSetId: number): AsyncGenerator<JudgementRow[]> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<JudgementRow>(
      `SELECT id, query, query_key, product_id, grade FROM golden_set_judgements
       WHERE golden_set_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [goldenSetId, after, PAGE_ROWS],
    );
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = Number(rows[rows.length - 1].id);
  }
}

/** `query,product_id,relevance` with a BOM (spreadsheets then read UTF-8), CRLF, formula-safe cells. */
export async function* judgementsCsv(db: Queryable, goldenSetId: number): AsyncGenerator<string> {
  yield `\uFEFF${CSV_COLUMNS.join(',')}\r\n`;
  for await (const rows of judgementPages(db, goldenSetId)) {
    yield rows.map((r) => `${csvCell(r.query)},${csvCell(r.product_id)},${r.grade}\r\n`).join('');
  }
}

/**
 * Query ids of the TREC export: 1, 2, … in order of each query's first judgement, with the query text
 * of that judgement (its white space collapsed, so it fits on one `qid<TAB>query` line).
 */
export async function trecQueryIds(db: Queryable, goldenSetId: number): Promise<Map<string, { qid: string; query: string }>> {
  const { rows } = await db.query<{ query_key: string; query: string }>(
    `SELECT j.query_key, j.query FROM golden_set_judgements j
     WHERE j.id IN (SELECT min(id) FROM golden_set_judgements WHERE golden_set_id = $1 GROUP BY query_key)
     ORDER BY j.id`,
    [goldenSetId],
  );
  return new Map(rows.map((r, i) => [r.query_key, { qid: String(i + 1), query: r.query.trim().replace(/\s+/g, ' ') }]));
}

/** `qid 0 docid grade` lines, as trec_eval reads qrels. */
export async function* judgementsQrels(db: Queryable, goldenSetId: number): AsyncGenerator<string> {
  const qids = await trecQueryIds(db, goldenSetId);
  for await (const rows of judgementPages(db, goldenSetId)) {
    yield rows.map((r) => `${qids.get(r.query_key)!.qid} 0 ${r.product_id} ${r.grade}\n`).join('');
  }
}

/** `qid<TAB>query` lines matching judgementsQrels; formula-safe, as spreadsheets open TSV files too. */
export async function* judgementQueriesTsv(db: Queryable, goldenSetId: number): AsyncGenerator<string> {
  const qids = await trecQueryIds(db, goldenSetId);
  let lines: string[] = [];
  for (const { qid, query } of qids.values()) {
    lines.push(`${qid}\t${spreadsheetSafe(query)}\n`);
    if (lines.length === PAGE_ROWS) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}
