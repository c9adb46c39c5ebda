/**
 * Pairs' grades made again from their ratings, many at a time: a set whose rule changed (every pair), or
 * pairs a model or a click log just rated. In the caller's transaction with the set's row locked, a batch at
 * a time: a pair rated for the first time gets its grade, a pair whose grade moves is updated, a pair left
 * without ratings goes. Every move is kept in the history under one new version, and the set's kept counts
 * are counted again once, so they stay exact.
 */
import type { Queryable } from '../db/database';
import { pairGrade, type RatedGrade } from './aggregate-grade';
import type { Aggregate } from '../schemas/golden-sets';
import { storeQueryCount } from './golden-set-records';

const BATCH_PAIRS = 5000;

export interface PairKey {
  query_key: string;
  product_id: string;
}

interface RatedPair extends PairKey {
  query: string;
  grade: number | null;
  ratings: RatedGrade[];
}

interface Move extends PairKey {
  query: string;
  old: number | null;
  grade: number | null;
}

// A pair's ratings, newest first (the order pairGrade reads adjudications in), with its grade now (null:
// none yet). `pairs` picks the pairs: a page of the set's rated pairs, or the pairs given.
const ratedPairs = (pairs: string) => `
  SELECT r.query_key, r.product_id, coalesce(j.query, min(r.query)) AS query, j.grade,
    json_agg(json_build_object('kind', t.kind, 'grade', r.grade, 'adjudication', r.adjudication)
      ORDER BY r.judged_at DESC, r.rater_id DESC) AS ratings
  FROM golden_set_ratings r
    JOIN raters t ON t.id = r.rater_id
    LEFT JOIN golden_set_judgements j ON j.golden_set_id = r.golden_set_id AND j.query_key = r.query_key AND j.product_id = r.product_id
  WHERE r.golden_set_id = $1 AND ${pairs}
  GROUP BY r.query_key, r.product_id, j.query, j.grade`;

const SET_PAGE = `${ratedPairs('(r.query_key, r.product_id) > ($2, $3)')} ORDER BY r.query_key, r.product_id LIMIT $4`;
const GIVEN_PAIRS = ratedPairs('(r.query_key, r.product_id) IN (SELECT k, p FROM unnest($2::text[], $3::text[]) AS given (k, p))');

interface Regrade {
  /** Makes the grades of these pairs (read with their ratings) again. */
  settle(rows: RatedPair[]): Promise<void>;
  /** Removes the grades of the set's pairs that have no rating left (of `pairs` only, when given). */
  dropUnrated(pairs?: PairKey[]): Promise<void>;
  /** Stores the new version and the counts when anything moved; how many grades moved. */
  finish(): Promise<number>;
}

async function startRegrade(tx: Queryable, goldenSetId: number, who: string): Promise<Regrade> {
  const { rows } = await tx.query<{ version: number; aggregate: Aggregate; prefer_adjudication: boolean }>(
    'SELECT version, aggregate, prefer_adjudication FROM golden_sets WHERE id = $1',
    [goldenSetId],
  );
  const { aggregate, prefer_adjudication } = rows[0];
  const version = rows[0].version + 1;
  let moved = 0;

  const keep = async (moves: Move[]) => {
    if (moves.length === 0) return;
    await tx.query(
      `INSERT INTO golden_set_history (golden_set_id, version, query, query_key, product_id, old_grade, new_grade, changed_by)
       SELECT $1, $2, q, k, p, o, n, $8 FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::int[]) AS m (q, k, p, o, n)`,
      [
        goldenSetId,
        version,
        moves.map((m) => m.query),
        moves.map((m) => m.query_key),
        moves.map((m) => m.product_id),
        moves.map((m) => m.old),
        moves.map((m) => m.grade),
        who,
      ],
    );
    moved += moves.length;
  };

  return {
    async settle(pairs) {
      const moves = pairs.flatMap((pair): Move[] => {
        const grade = pairGrade(aggregate, pair.ratings, prefer_adjudication) ?? null;
        return grade === pair.grade ? [] : [{ ...pair, old: pair.grade, grade }];
      });
      const graded = moves.filter((m) => m.grade !== null);
      if (graded.length > 0) {
        await tx.query(
          `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade, judged_by, judged_at)
           SELECT $1, q, k, p, g, $6, now() FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS m (q, k, p, g)
           ON CONFLICT (golden_set_id, query_key, product_id)
             DO UPDATE SET grade = EXCLUDED.grade, judged_by = EXCLUDED.judged_by, judged_at = now()`,
          [
            goldenSetId,
            graded.map((m) => m.query),
            graded.map((m) => m.query_key),
            graded.map((m) => m.product_id),
            graded.map((m) => m.grade),
            who,
          ],
        );
      }
      await keep(moves);
    },
    async dropUnrated(pairs) {
      const only = pairs ? 'AND (j.query_key, j.product_id) IN (SELECT k, p FROM unnest($2::text[], $3::text[]) AS given (k, p))' : '';
      const { rows: dropped } = await tx.query<Move>(
        `DELETE FROM golden_set_judgements j WHERE j.golden_set_id = $1 ${only}
           AND NOT EXISTS (SELECT 1 FROM golden_set_ratings r
             WHERE r.golden_set_id = j.golden_set_id AND r.query_key = j.query_key AND r.product_id = j.product_id)
         RETURNING j.query, j.query_key, j.product_id, j.grade AS old, NULL::int AS grade`,
        pairs ? [goldenSetId, pairs.map((p) => p.query_key), pairs.map((p) => p.product_id)] : [goldenSetId],
      );
      await keep(dropped);
    },
    async finish() {
      if (moved > 0) {
        await tx.query('UPDATE golden_sets SET version = $2, changed_at = now() WHERE id = $1', [goldenSetId, version]);
        await storeQueryCount(tx, goldenSetId);
      }
      return moved;
    },
  };
}

/** Regrades every pair of the set (whose row the caller holds locked) by its rule now; how many grades moved. */
export async function regradeSet(tx: Queryable, goldenSetId: number, who: string): Promise<number> {
  const regrade = await startRegrade(tx, goldenSetId, who);
  let after: [string, string] = ['', ''];
  for (;;) {
    const { rows } = await tx.query<RatedPair>(SET_PAGE, [goldenSetId, after[0], after[1], BATCH_PAIRS]);
    await regrade.settle(rows);
    if (rows.length < BATCH_PAIRS) break;
    const last = rows[rows.length - 1];
    after = [last.query_key, last.product_id];
  }
  await regrade.dropUnrated();
  return regrade.finish();
}

/**
 * Regrades the given pairs of the set (whose row the caller holds locked): `rated` just gained a rating,
 * `unrated` lost one (and may have none left). How many grades moved.
 */
export async function regradePairs(
  tx: Queryable,
  goldenSetId: number,
  pairs: { rated: PairKey[]; unrated: PairKey[] },
  who: string,
): Promise<number> {
  const regrade = await startRegrade(tx, goldenSetId, who);
  for (const [given, mayBeUnrated] of [
    [pairs.rated, false],
    [pairs.unrated, true],
  ] as const) {
    for (let start = 0; start < given.length; start += BATCH_PAIRS) {
      const batch = given.slice(start, start + BATCH_PAIRS);
      const keys = [batch.map((p) => p.query_key), batch.map((p) => p.product_id)];
      await regrade.settle((await tx.query<RatedPair>(GIVEN_PAIRS, [goldenSetId, ...keys])).rows);
      if (mayBeUnrated) await regrade.dropUnrated(batch);
    }
  }
  return regrade.finish();
}
