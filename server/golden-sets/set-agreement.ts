/**
 * A golden set's agreement report. The database groups the set's ratings by pair once and answers how many pairs
 * were graded in each pattern (a few hundred rows for 600,000 ratings) and the widest disagreements; the measures
 * are computed from those counts (agreement/agreement-report.ts). People are the raters whose consensus the
 * others are measured against.
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import type { Agreement } from '../schemas/agreement';
import type { Rater } from '../schemas/judging';
import { agreementMeasures } from './agreement/agreement-report';
import { gradePatterns, patternGrades, type CountedPattern, type GradePatterns } from './agreement/grade-patterns';

interface Listed {
  query: string;
  product_id: string;
  pattern: string;
  spread: number;
}

export async function goldenSetAgreement(db: Queryable, goldenSetId: number, listed: number): Promise<Agreement> {
  await requireRow(db, 'golden_sets', goldenSetId);
  const { rows: scale } = await db.query<{ max_grade: number }>('SELECT max_grade FROM golden_sets WHERE id = $1', [goldenSetId]);
  const maxGrade = scale[0].max_grade;
  // A pair's pattern is its `rater:grade` entries (in index order, sorted again when parsed). Its disagreements
  // are ordered by the key and product as one string of C collation: the same order on every database.
  const { rows } = await db.query<{ patterns: CountedPattern[]; listed: Listed[] }>(
    `WITH by_pair AS MATERIALIZED (
       SELECT query_key, product_id, string_agg(rater_id || ':' || grade, ',') AS pattern, max(grade) - min(grade) AS spread
       FROM golden_set_ratings WHERE golden_set_id = $1
       GROUP BY query_key, product_id
     ), widest AS (
       SELECT query_key, product_id, pattern, spread FROM by_pair WHERE spread > 0
       ORDER BY spread DESC, (query_key || E'\\t' || product_id) COLLATE "C" LIMIT $2
     )
     SELECT
       (SELECT coalesce(json_agg(json_build_object('pattern', pattern, 'pairs', pairs)), '[]')
        FROM (SELECT pattern, count(*)::int AS pairs FROM by_pair GROUP BY pattern) AS counted) AS patterns,
       (SELECT coalesce(json_agg(json_build_object('query', first.query, 'product_id', w.product_id, 'pattern', w.pattern, 'spread', w.spread)
                                 ORDER BY w.spread DESC, (w.query_key || E'\\t' || w.product_id) COLLATE "C"), '[]')
        FROM widest w CROSS JOIN LATERAL (
          SELECT r.query FROM golden_set_ratings r
          WHERE r.golden_set_id = $1 AND r.query_key = w.query_key AND r.product_id = w.product_id
          ORDER BY r.judged_at LIMIT 1
        ) AS first) AS listed`,
    [goldenSetId, listed],
  );
  const patterns = gradePatterns(rows[0].patterns, maxGrade);
  const raters = await ratersNamed(db, patterns);
  const humans = raters.filter((rater) => rater.kind === 'person').map((rater) => rater.id);
  const { disagreements_total, ...measures } = agreementMeasures(patterns, { maxGrade, humans });
  return {
    ...measures,
    raters,
    disagreements: rows[0].listed.map(({ query, product_id, pattern, spread }) => ({
      query,
      product_id,
      grades: patternGrades(pattern, maxGrade),
      spread,
    })),
    disagreements_total,
  };
}

/**
 * The raters of the patterns with how many pairs each graded, counted from the patterns rather than by reading
 * the ratings again; ordered as the set's raters list is, most judgements first.
 */
async function ratersNamed(db: Queryable, { raters, rater, start, count }: GradePatterns): Promise<Rater[]> {
  const judgements = new Array<number>(raters.length).fill(0);
  for (let p = 0; p + 1 < start.length; p++) for (let i = start[p]; i < start[p + 1]; i++) judgements[rater[i]] += count[p];
  const { rows } = await db.query<Rater>(
    `SELECT t.id, t.kind, t.name, n.judgements
     FROM unnest($1::bigint[], $2::int[]) AS n (rater_id, judgements) JOIN raters t ON t.id = n.rater_id
     ORDER BY n.judgements DESC, t.name, t.id`,
    [raters, judgements],
  );
  return rows;
}
