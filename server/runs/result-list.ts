/**
 * One page of a run's results to triage: filtered by status, completion status and by text in the input,
 * sorted by a metric or the input (by default scored results first, then unjudged, then errors, each newest
 * first). Reads the generated status / input / scores / completion columns (migrations 010 and 037), never a
 * result's whole JSON, and only the page's rows. A search's matches are counted up to the
 * cap, as the entries list counts them (db/capped-matches.ts).
 */
import type { Queryable } from '../db/database';
import { COUNT_CAP, type ListTotal } from '../db/capped-matches';
import { pageKeys, type OrderColumn } from '../db/page-keys';
import { HttpError } from '../errors';
import type { ExperimentRunResult, ResultListQuery } from '../schemas/results';
import { requireRow } from '../db/require-row';
import { containsPattern } from '../db/like-pattern';
import { parseSegment, segmentCondition } from '../db/segment-filter';

interface ResultListPage extends ListTotal {
  ids: number[];
}

async function resultListPage(
  db: Queryable,
  runId: number,
  query: ResultListQuery,
  window: { limit: number; offset: number },
): Promise<ResultListPage> {
  const params: unknown[] = [runId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['run_id = $1'];
  const statuses = query.status ? [...new Set(query.status.split(','))] : undefined;
  if (statuses) conditions.push(`status = ANY(${param(statuses)}::text[])`);
  const completions = query.completion ? [...new Set(query.completion.split(','))] : undefined;
  if (completions) conditions.push(`completion = ANY(${param(completions)}::text[])`);
  const search = query.search?.trim() || undefined;
  if (search) conditions.push(`input ILIKE ${param(containsPattern(search))}`);
  if (query.segment !== undefined) conditions.push(segmentCondition('experiment_run_results', parseSegment(query.segment), param));
  const from = `FROM experiment_run_results WHERE ${conditions.join(' AND ')}`;

  const total = await countMatches(db, from, params, search !== undefined);
  const order = await sortOrder(db, runId, query, param);
  const ids = await pageKeys<number | string>(db, {
    select: `SELECT id AS key ${from}`,
    params,
    order,
    limit: window.limit,
    offset: window.offset,
    total: total.capped ? undefined : total.total,
  });
  return { ids: ids.map(Number), ...total };
}

/** Exact, except a search matching more than COUNT_CAP: counting every match would read the whole run. */
async function countMatches(db: Queryable, from: string, params: unknown[], searched: boolean): Promise<ListTotal> {
  const limit = searched ? `LIMIT ${COUNT_CAP + 1}` : '';
  const { rows } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (SELECT 1 ${from} ${limit}) AS matches`, params);
  const total = Number(rows[0].total);
  return total > COUNT_CAP && searched ? { total: COUNT_CAP, capped: true } : { total, capped: false };
}

/** What a reader looks at first: scored results (PASS, FAIL), then those still to judge, then errors. */
const STATUS_RANK = `(CASE status WHEN 'PASS' THEN 0 WHEN 'FAIL' THEN 0 WHEN 'UNJUDGED' THEN 1 ELSE 2 END)`;

type Order = OrderColumn[];

/**
 * The list's order, first to last, the id last to make it total. A metric's missing values (errors) come
 * last either way.
 */
async function sortOrder(db: Queryable, runId: number, query: ResultListQuery, param: (value: unknown) => string): Promise<Order> {
  if (query.sort === undefined && query.completion) {
    // Only scored results have a completion status, so they all come first: newest first is the same order,
    // read from migration 037's index.
    return [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ];
  }
  if (query.sort === undefined) {
    // The expression of migration 021's index, word for word, so that the page is read from the index alone.
    return [
      [STATUS_RANK, 'ASC'],
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ];
  }
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  if (query.sort === 'input') {
    return [
      ['input', direction],
      ['id', direction],
    ];
  }
  await requireMetric(db, runId, query.sort);
  // As numeric, not float8: the embedded database parses 100,000 float8s in twice the time of the whole sort
  // otherwise. Metrics are stored as JavaScript prints numbers, so both orders are the same.
  return [
    [`(scores->>${param(query.sort)})::numeric`, direction, 'NULLS LAST'],
    ['id', direction],
  ];
}

/** A sort by a metric the run's results do not have is a mistake to name, not an arbitrary order. */
async function requireMetric(db: Queryable, runId: number, name: string): Promise<void> {
  const { rows } = await db.query<{ known: boolean; names: string[] }>(
    `SELECT (metric_sums ? $2) OR EXISTS (SELECT 1 FROM experiment_run_results WHERE run_id = $1 AND scores ? $2) AS known,
       ARRAY(SELECT jsonb_object_keys(metric_sums) ORDER BY 1) AS names
     FROM experiment_runs WHERE id = $1`,
    [runId, name],
  );
  if (rows[0]?.known) return;
  const names = rows[0]?.names ?? [];
  const choices = names.length > 0 ? `input or one of its metrics (${names.join(', ')})` : 'input or one of its metrics';
  throw new HttpError(400, `querystring.sort must be ${choices} for run ${runId}, got "${name}"`);
}

/** The page's results themselves, in the list's order; 404 when there is no such run. */
export async function resultPage(
  db: Queryable,
  runId: number,
  query: ResultListQuery,
  [limit, offset]: number[],
): Promise<{ results: ExperimentRunResult[] } & ListTotal> {
  await requireRow(db, 'experiment_runs', runId);
  const { ids, ...total } = await resultListPage(db, runId, query, { limit, offset });
  const page = await db.query<ExperimentRunResult>(
    `SELECT id, entry_id, experiment_configuration, created_at, result, completion FROM experiment_run_results WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  // The page's rows in the order its ids were picked.
  const byId = new Map(page.rows.map((row) => [Number(row.id), row]));
  return { results: ids.flatMap((id) => byId.get(id) ?? []), ...total };
}
