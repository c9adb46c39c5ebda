/**
 * A golden set's judge queue, without a run: the set's pairs below its target of ratings the signed-in person has
 * not rated, fewest ratings first, then by query and product (rating-queue.ts).
 */
import type { Queryable } from '../db/database';
import { notFound } from '../errors';
import { emptyQueue, pairRatingsSql, queuePage, ratingsTarget, type QueuePage } from './rating-queue';

// The set's pairs in its key's order, so the window stops once it has its pairs. The query as the set writes it.
const PAIRS_OF_SET = (filters: string) => `
  SELECT j.query, j.product_id, NULL::int AS rank, NULL::bigint AS result_id, n.ratings, false AS new_query, j.query_key
  FROM golden_set_judgements j CROSS JOIN LATERAL (${pairRatingsSql('$1', 'j.query_key', 'j.product_id', '$3')}) AS n
  WHERE j.golden_set_id = $1 AND n.ratings < $2 ${filters}
  ORDER BY j.query_key, j.product_id`;

/** A page of the set's queue for rater `person` (null: someone who has rated nothing yet); 404 without the set. */
export async function setQueuePage(db: Queryable, goldenSetId: number, person: number | null, window: number[]): Promise<QueuePage> {
  const target = await ratingsTarget(db, goldenSetId);
  if (target === null) throw notFound('Golden set', goldenSetId);
  // A pair is in the set only while it has a rating: with one wanted, none waits (and no set is read through).
  if (target === 1) return emptyQueue();
  return queuePage(
    db,
    {
      waiting: PAIRS_OF_SET('AND NOT n.mine'),
      short: `SELECT $2 - ratings AS missing FROM (${PAIRS_OF_SET('')}) AS p`,
      order: 'w.query_key, w.product_id',
      params: [goldenSetId, target, person],
    },
    window,
  );
}
