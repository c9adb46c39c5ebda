/**
 * A run's results as downloadable text, read a page at a time: CSV for spreadsheets (formula-safe),
 * and, for the results that count in its means, a TREC run with the qrels and queries it was scored
 * against, so `npm run metrics -- results.qrels results.trec -c` prints the run's own means. Query ids are
 * the golden set's TREC export's where it still judges the query.
 */
import type { Queryable } from '../db/database';
import { queryKey } from '../evaluation/query-key';
import { trecQueryIds } from '../golden-sets/export-judgements';
import { csvCell, spreadsheetSafe } from '../import/spreadsheet-cells';
import type { RunResult } from './run-result';

const PAGE_ROWS = 1000;

interface ResultRow {
  id: number;
  entry_id: number | null;
  query_key: string | null;
  result: RunResult;
}

async function* resultPages(db: Queryable, runId: number, only: '' | 'AND counted' = ''): AsyncGenerator<ResultRow[]> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<ResultRow>(
      `SELECT id, entry_id, query_key, result FROM experiment_run_results WHERE run_id = $1 AND id > $2 ${only} ORDER BY id LIMIT $3`,
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

/** The results that count in the run's means, each query once (results stored before query keys: the first). */
async function* countedResults(db: Queryable, runId: number): AsyncGenerator<Array<{ key: string; result: RunResult }>> {
  const written = new Set<string>();
  for await (const rows of resultPages(db, runId, 'AND counted')) {
    const fresh = [];
    for (const { query_key, result } of rows) {
      const key = query_key ?? queryKey(result.input ?? '');
      if (written.has(key)) continue;
      written.add(key);
      fresh.push({ key, result });
    }
    yield fresh;
  }
}

/** trec_eval splits on white space; judged ids have none, so an id with some becomes one no judgement can match. */
const docnoOf = (productId: string) => productId.replace(/\s+/g, '\u00a0');

/**
 * `qid Q0 docno rank score run-<id>` lines for the results that count in the means. Scores count down from
 * the number returned, so trec_eval's sort (score descending) keeps the target's order. A query without
 * hits has no line: with -c it scores 0, as in the run's means.
 */
export async function* runResultsTrec(db: Queryable, runId: number): AsyncGenerator<string> {
  const qidOf = await queryIds(db, runId);
  for await (const rows of countedResults(db, runId)) {
    const lines: string[] = [];
    for (const { key, result } of rows) {
      const qid = qidOf(key);
      const docnos = (result.results?.search_results ?? []).map((hit) => docnoOf(hit.product_id));
      docnos.forEach((docno, i) => lines.push(`${qid} Q0 ${docno} ${i + 1} ${docnos.length - i} run-${runId}\n`));
    }
    if (lines.length > 0) yield lines.join('');
  }
}

/**
 * `qid 0 docid grade` lines: the judgements each counted result was scored against, as the result stored
 * them (the golden set may have changed since). With runResultsTrec, `npm run metrics -- … -c` prints the
 * run's means.
 */
export async function* runResultsQrels(db: Queryable, runId: number): AsyncGenerator<string> {
  const qidOf = await queryIds(db, runId);
  for await (const rows of countedResults(db, runId)) {
    const lines = rows.flatMap(({ key, result }) =>
      (result.results?.golden_set ?? []).map(({ product_id, relevance }) => `${qidOf(key)} 0 ${product_id} ${relevance}\n`),
    );
    if (lines.length > 0) yield lines.join('');
  }
}

/** `qid<TAB>query` lines matching runResultsQrels; formula-safe, as spreadsheets open TSV files too. */
export async function* runQueriesTsv(db: Queryable, runId: number): AsyncGenerator<string> {
  const qidOf = await queryIds(db, runId);
  for await (const rows of countedResults(db, runId)) {
    const lines = rows.map(({ key, result }) => `${qidOf(key)}\t${spreadsheetSafe((result.input ?? '').trim().replace(/\s+/g, ' '))}\n`);
    if (lines.length > 0) yield lines.join('');
  }
}
