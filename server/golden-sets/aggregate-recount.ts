/**
 * A golden set's rule changed: every pair's grade made again from its ratings, in the transaction of the
 * change, one pass over the set's pairs a batch at a time. Pairs whose grade moves are written and kept in
 * the history under one new version; the grade counts are counted again once, so they stay exact.
 */
import type { Queryable } from '../db/database';
import { pairGrade, type RaterKind } from './aggregate-grade';
import type { Aggregate } from '../schemas/golden-sets';
import { storeQueryCount } from './golden-set-records';

const BATCH_PAIRS = 5000;

interface RatedPair {
  query: string;
  query_key: string;
  product_id: string;
  grade: number;
  ratings: Array<{ kind: RaterKind; grade: number }>;
}

/** Regrades the set (whose row the caller holds locked) by `rule`; how many pairs' grades changed. */
export async function regradeSet(tx: Queryable, goldenSetId: number, rule: Aggregate, who: string): Promise<number> {
  const { rows: sets } = await tx.query<{ version: number }>('SELECT version FROM golden_sets WHERE id = $1', [goldenSetId]);
  const version = sets[0].version + 1;
  let changed = 0;
  let after: [string, string] = ['', ''];
  for (;;) {
    const { rows } = await tx.query<RatedPair>(
      `SELECT j.query, j.query_key, j.product_id, j.grade,
         json_agg(json_build_object('kind', t.kind, 'grade', r.grade)) AS ratings
       FROM golden_set_judgements j
       JOIN golden_set_ratings r ON r.golden_set_id = j.golden_set_id AND r.query_key = j.query_key AND r.product_id = j.product_id
       JOIN raters t ON t.id = r.rater_id
       WHERE j.golden_set_id = $1 AND (j.query_key, j.product_id) > ($2, $3)
       GROUP BY j.query, j.query_key, j.product_id, j.grade
       ORDER BY j.query_key, j.product_id
       LIMIT $4`,
      [goldenSetId, after[0], after[1], BATCH_PAIRS],
    );
    const moved = rows.flatMap((pair) => {
      const grade = pairGrade(rule, pair.ratings);
      return grade === undefined || grade === pair.grade ? [] : [{ ...pair, old: pair.grade, grade }];
    });
    if (moved.length > 0) {
      const columns = [moved.map((p) => p.query_key), moved.map((p) => p.product_id), moved.map((p) => p.grade)];
      await tx.query(
        `UPDATE golden_set_judgements j SET grade = m.grade, judged_by = $5, judged_at = now()
         FROM unnest($2::text[], $3::text[], $4::int[]) AS m (query_key, product_id, grade)
         WHERE j.golden_set_id = $1 AND j.query_key = m.query_key AND j.product_id = m.product_id`,
        [goldenSetId, ...columns, who],
      );
      await tx.query(
        `INSERT INTO golden_set_history (golden_set_id, version, query, query_key, product_id, old_grade, new_grade, changed_by)
         SELECT $1, $2, q, k, p, o, n, $8 FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::int[]) AS m (q, k, p, o, n)`,
        [
          goldenSetId,
          version,
          moved.map((p) => p.query),
          moved.map((p) => p.query_key),
          moved.map((p) => p.product_id),
          moved.map((p) => p.old),
          moved.map((p) => p.grade),
          who,
        ],
      );
      changed += moved.length;
    }
    if (rows.length < BATCH_PAIRS) break;
    const last = rows[rows.length - 1];
    after = [last.query_key, last.product_id];
  }
  if (changed > 0) {
    await tx.query('UPDATE golden_sets SET version = $2, changed_at = now() WHERE id = $1', [goldenSetId, version]);
    await storeQueryCount(tx, goldenSetId);
  }
  return changed;
}
