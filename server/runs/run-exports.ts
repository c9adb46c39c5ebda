/**
 * A run's results as downloadable text, read a page at a time: CSV for spreadsheets (formula-safe),
 * and a TREC run whose query ids are the golden set's TREC export's, so `npm run metrics` over the
 * set's qrels and this file gives the run's own numbers.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import { trecQueryIds } from '../golden-sets/export-judgements';
import { csvCell } from '../import/spreadsheet-cells';
import type { RunResult } from './run-result';

const PAGE_ROWS = 1000;

interface ResultRow {
  id: number;
  entry_id: number | null;
  result: RunResult;
}

async function* resultPages(db: Queryable, runId: number): AsyncGenerator<ResultRow[]> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<ResultRow>(
      'SELECT id, entry_id, result FROM experiment_run_results WHERE run_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [runId, after, PAGE_ROWS],
    );
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = Number(rows[rows.length - 1].id);
  }
}

async function metricNames(db: Queryable, runId: number): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT jsonb_object_keys(result->'results'->'metrics') AS name FROM experiment_run_results
     WHERE run_id = $1 AND jsonb_typeof(result->'results'->'metrics') = 'object'`,
    [runId],
  );
  return rows.map((r) => r.name).sort();
}

const ids = (list: unknown): string => (Array.isArray(list) ? list.map(String).join(' ') : '');

/** One row per result: entry, input, status, version, test_result, each metric, then the product ids. */
export async function* runResultsCsv(db: Queryable, runId: number): AsyncGenerator<string> {
  const metrics = await metricNames(db, runId);
  const header = [
    'entry_id',
    'input',
    'status',
    'version',
    'test_result',
    ...metrics,
    'search_results',
    'commons',
    'missings',
    'leftovers',
  ];
  yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
  for await (const rows of resultPages(db, runId)) {
    yield rows
      .map(({ entry_id, result }) => {
        const r = result.results ?? ({} as Partial<RunResult['results']>);
        const cells = [
          entry_id === null ? '' : String(entry_id),
          result.input ?? '',
          result.status ?? '',
          result.version ?? '',
          result.test_result ?? '',
          ...metrics.map((name) => (typeof r.metrics?.[name] === 'number' ? String(r.metrics[name]) : '')),
          ids(r.search_results?.map((hit) => hit.product_id)),
          ids(r.commons),
          ids(r.missings),
          ids(r.leftovers),
        ];
        return `${cells.map(csvCell).join(',')}\r\n`;
      })
      .join('');
  }
}

/** Query ids: the golden set's export ids where the query is judged there, else q1, q2, … in run order. */
async function queryIds(db: Queryable, runId: number): Promise<(key: string) => string> {
  const { rows } = await db.query<{ golden_set_id: string | null }>(
    `SELECT config->>'golden_set_id' AS golden_set_id FROM experiment_runs WHERE id = $1`,
    [runId],
  );
  const goldenSetId = Number(rows[0]?.golden_set_id);
  const judged =
    Number.isInteger(goldenSetId) && goldenSetId > 0 ? await trecQueryIds(db, goldenSetId) : new Map<string, { qid: string }>();
  const others = new Map<string, string>();
  return (key) => judged.get(key)?.qid ?? others.get(key) ?? others.set(key, `q${others.size + 1}`).get(key)!;
}

/**
 * `qid Q0 docno rank score run-<id>` lines. Scores count down from the number returned, so trec_eval's
 * sort (score descending) keeps the target's order. A query searched twice (two entries with the same
 * input) is written once: trec_eval refuses a document twice in one query.
 */
export async function* runResultsTrec(db: Queryable, runId: number): AsyncGenerator<string> {
  const qidOf = await queryIds(db, runId);
  const written = new Set<string>();
  for await (const rows of resultPages(db, runId)) {
    const lines: string[] = [];
    for (const { result } of rows) {
      const key = queryKey(result.input ?? '');
      const hits = result.results?.search_results ?? [];
      if (result.status === 'ERROR' || written.has(key) || hits.length === 0) continue;
      written.add(key);
      const qid = qidOf(key);
      const docnos = [...new Set(hits.map((hit) => hit.product_id))].filter((docno) => !/\s/.test(docno));
      docnos.forEach((docno, i) => lines.push(`${qid} Q0 ${docno} ${i + 1} ${docnos.length - i} run-${runId}\n`));
    }
    if (lines.length > 0) yield lines.join('');
  }
}
