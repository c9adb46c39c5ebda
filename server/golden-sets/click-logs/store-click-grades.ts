/**
 * Grades from a click log stored as the set's rater "clicks": one transaction replaces everything the
 * clicks rater said before, so a pair the new log leaves ungraded (or does not hold) loses its click rating,
 * and the set's grade of every pair touched is made again by the set's rule.
 */
import type { Database } from '../../db/database';
import { recordAudit } from '../../audit/audit-trail';
import { counted, joined, type AuditActor } from '../../audit/audit-summaries';
import { clicksRater, rateInBulk, type RaterGrade } from '../rater-grades';

interface GradedPair {
  query: string;
  product_id: string;
  grade: number | null;
}

interface StoredClickGrades {
  rater_id: number;
  /** Pairs the clicks rater now rates. */
  rated: number;
  /** Pairs whose grade in the set changed. */
  changed: number;
}

export async function storeClickGrades(
  db: Database,
  actor: AuditActor,
  goldenSetId: number,
  pairs: readonly GradedPair[],
): Promise<StoredClickGrades> {
  const grades: RaterGrade[] = [];
  for (const { query, product_id, grade } of pairs) if (grade !== null) grades.push({ query, product_id, grade });
  return db.transaction(async (tx) => {
    const raterId = await clicksRater(tx, goldenSetId);
    const { rated, changed } = await rateInBulk(tx, goldenSetId, raterId, grades, { who: actor.name, replace: true });
    await recordAudit(tx, actor, {
      action: 'golden_set.clicks',
      target_type: 'golden_set',
      target_id: goldenSetId,
      summary: joined(
        counted(rated, 'pair rated from clicks', 'pairs rated from clicks'),
        counted(changed, 'grade changed', 'grades changed'),
      ),
    });
    return { rater_id: raterId, rated, changed };
  });
}
