/**
 * What the judge queues share, from a run or for a golden set: the pairs still below the set's target number of
 * ratings that the signed-in person has not rated, fewest ratings first, and how many ratings the scope still
 * misses. Blind: a pair comes with its number of ratings only for the order, never with a grade.
 *
 * A pair's ratings are counted one pair at a time through the ratings' key, so no order over every pair can
 * come from an index. The queue therefore reads its pairs in their own order (the run's, or the set's keys)
 * and stops at COUNT_CAP + 1 of them: that window is sorted fewest first and cut to the page, so any page
 * costs one bounded read, however large the run or set. A longer queue shows its first COUNT_CAP pairs in
 * that order; as they are rated the window moves on.
 */
import type { Queryable } from '../db/database';
import { COUNT_CAP, type ListTotal } from '../db/capped-matches';
import type { UnjudgedItem } from '../schemas/judging';

export interface QueuePage extends ListTotal {
  items: UnjudgedItem[];
  /** Ratings the scope still misses: over its pairs, the target less each pair's ratings. */
  missing: number;
  /** More than COUNT_CAP pairs miss ratings: `missing` counts the first of them only. */
  missingCapped: boolean;
}

/** A golden set's target of ratings per pair; 404 when there is no such set. */
export async function ratingsTarget(db: Queryable, goldenSetId: number): Promise<number | null> {
  const { rows } = await db.query<{ ratings_per_pair: number }>('SELECT ratings_per_pair FROM golden_sets WHERE id = $1', [goldenSetId]);
  return rows.length === 0 ? null : rows[0].ratings_per_pair;
}

/** The signed-in person's rater, or null before their first rating. */
export async function ownRater(db: Queryable, subject: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM raters WHERE kind = 'person' AND subject = $1`, [subject]);
  return rows.length === 0 ? null : Number(rows[0].id);
}

/**
 * The ratings a pair has, and whether rater `person` gave one of them, for a (set, key, product): the SQL of a
 * LATERAL subquery over the ratings' unique key, whose leading columns find a pair's ratings at once.
 */
export const pairRatingsSql = (set: string, key: string, product: string, person: string) =>
  `SELECT count(*)::int AS ratings, coalesce(bool_or(g.rater_id = ${person}::bigint), false) AS mine
   FROM golden_set_ratings g WHERE g.golden_set_id = ${set} AND g.query_key = ${key} AND g.product_id = ${product}`;

export interface QueueSql {
  /**
   * The waiting pairs in their own order (ORDER BY, no LIMIT), with the columns query, product_id, rank,
   * result_id, ratings and new_query, and whatever `order` names.
   */
  waiting: string;
  /** The pairs below the target whoever rated them, in the same order, with the column `missing`. */
  short: string;
  /** The order after fewest ratings first, over the columns of `waiting` (as w.column). */
  order: string;
  params: unknown[];
}

/** One page of a queue, how many pairs wait (up to COUNT_CAP) and how many ratings are missing. */
export async function queuePage(db: Queryable, sql: QueueSql, [limit, offset]: number[]): Promise<QueuePage> {
  const at = sql.params.length;
  const [page, short] = await Promise.all([
    db.query<{ total: number; items: UnjudgedItem[] }>(
      `WITH w AS MATERIALIZED (${sql.waiting} LIMIT ${COUNT_CAP + 1})
       SELECT (SELECT count(*)::int FROM w) AS total,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('query', x.query, 'product_id', x.product_id, 'rank', x.rank,
             'result_id', x.result_id, 'name', p.name, 'image_url', p.image_url, 'description', p.description,
             'attributes', coalesce(p.attributes, '{}'::jsonb), 'new_query', x.new_query) ORDER BY x.n), '[]'::jsonb)
          FROM (SELECT w.*, row_number() OVER (ORDER BY w.ratings, ${sql.order}) AS n FROM w
                ORDER BY w.ratings, ${sql.order} LIMIT $${at + 1} OFFSET $${at + 2}) AS x
            LEFT JOIN products p ON p.product_id = x.product_id) AS items`,
      [...sql.params, limit, offset],
    ),
    db.query<{ pairs: number; missing: number }>(
      `SELECT count(*)::int AS pairs, coalesce(sum(missing), 0)::int AS missing FROM (${sql.short} LIMIT ${COUNT_CAP + 1}) AS s`,
      sql.params,
    ),
  ]);
  const { total, items } = page.rows[0];
  const missing = { missing: Number(short.rows[0].missing), missingCapped: Number(short.rows[0].pairs) > COUNT_CAP };
  return {
    items,
    ...missing,
    ...(Number(total) > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: Number(total), capped: false }),
  };
}

/** A queue with nothing in it. */
export const emptyQueue = (): QueuePage => ({ items: [], total: 0, capped: false, missing: 0, missingCapped: false });
