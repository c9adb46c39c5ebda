/**
 * A golden set's agreement report: every rating of the set read once, the measures computed in process
 * (agreement/agreement-report.ts). People are the raters whose consensus the others are measured against.
 */
import type { Queryable } from '../db/database';
import type { Agreement } from '../schemas/agreement';
import { agreementReport } from './agreement/agreement-report';
import { ratersOf } from './raters';

export async function goldenSetAgreement(db: Queryable, goldenSetId: number, listed: number): Promise<Agreement> {
  // ratersOf answers 404 for a set that does not exist.
  const raters = await ratersOf(db, goldenSetId);
  const { rows: scale } = await db.query<{ max_grade: number }>('SELECT max_grade FROM golden_sets WHERE id = $1', [goldenSetId]);
  // The pair is keyed by its query key and product, as the set's grades are; its query is shown as first written.
  const { rows } = await db.query<{ query: string; query_key: string; product_id: string; rater_id: number; grade: number }>(
    'SELECT query, query_key, product_id, rater_id, grade FROM golden_set_ratings WHERE golden_set_id = $1',
    [goldenSetId],
  );
  const pairs = new Map<string, { query: string; product_id: string }>();
  const ratings = rows.map((row) => {
    const pair = `${row.query_key}\t${row.product_id}`;
    if (!pairs.has(pair)) pairs.set(pair, { query: row.query, product_id: row.product_id });
    return { pair, rater: row.rater_id, grade: row.grade };
  });
  const humans = raters.filter((rater) => rater.kind === 'person').map((rater) => rater.id);
  const report = agreementReport(ratings, { maxGrade: scale[0].max_grade, humans });
  return {
    ...report,
    raters,
    disagreements: report.disagreements.slice(0, listed).map(({ pair, grades, spread }) => ({ ...pairs.get(pair)!, grades, spread })),
    disagreements_total: report.disagreements.length,
  };
}
