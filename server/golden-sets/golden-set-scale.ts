/**
 * A golden set's scale: grades 0 to max_grade, a label per grade. Set at upload or later;
 * never below a grade the set already holds.
 */
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../errors';
import { MAX_SCALE_GRADE } from '../schemas/limits';

const DEFAULT_LABELS = ['Poor', 'Fair', 'Good', 'Perfect'];

export interface ScaleInput {
  max_grade: number;
  labels?: string[];
}

/** The labels to store: trimmed, at most one per grade; a 400 naming the field (as the request calls it) otherwise. */
export function scaleLabels({ max_grade, labels }: ScaleInput, fields: { maxGrade: string; labels: string }): string[] {
  if (!Number.isInteger(max_grade) || max_grade < 1 || max_grade > MAX_SCALE_GRADE) {
    throw new HttpError(400, `${fields.maxGrade} must be a whole number from 1 to ${MAX_SCALE_GRADE}, got ${max_grade}`);
  }
  const given = (labels ?? DEFAULT_LABELS.slice(0, max_grade + 1)).map((label) => label.trim());
  if (given.length > max_grade + 1) {
    throw new HttpError(400, `${fields.labels} has ${given.length} labels for grades 0 to ${max_grade}: at most ${max_grade + 1}`);
  }
  const blank = given.findIndex((label) => label === '');
  if (blank !== -1) throw new HttpError(400, `${fields.labels}: the label of grade ${blank} is blank`);
  return given;
}

/** Changes the scale; 409 when the set holds grades above the new highest one. */
export async function changeScale(tx: Queryable, goldenSetId: number, scale: ScaleInput): Promise<void> {
  const labels = scaleLabels(scale, { maxGrade: 'body.scale.max_grade', labels: 'body.scale.labels' });
  const { rows } = await tx.query<{ grade_counts: Record<string, number> }>(
    'SELECT grade_counts FROM golden_sets WHERE id = $1 FOR UPDATE',
    [goldenSetId],
  );
  if (rows.length === 0) throw notFound('Golden set', goldenSetId);
  const above = Object.entries(rows[0].grade_counts)
    .filter(([grade]) => Number(grade) > scale.max_grade)
    .reduce((sum, [, n]) => sum + n, 0);
  if (above > 0) {
    const what = above === 1 ? '1 judgement is' : `${above} judgements are`;
    throw new HttpError(409, `${what} graded above ${scale.max_grade}: change or remove them first`);
  }
  // A rater's grade may be above the pair's (its rule took a lower one): it would be off the scale too.
  const rated = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM golden_set_ratings WHERE golden_set_id = $1 AND grade > $2', [
    goldenSetId,
    scale.max_grade,
  ]);
  if (rated.rows[0].n > 0) {
    const what = rated.rows[0].n === 1 ? '1 rating is' : `${rated.rows[0].n} ratings are`;
    throw new HttpError(409, `${what} graded above ${scale.max_grade}: its raters must change or remove them first`);
  }
  // demo = false: a person's change makes a row the demo made theirs, kept when the demo data is removed.
  await tx.query('UPDATE golden_sets SET max_grade = $2, grade_labels = $3::text[], updated_at = now(), demo = false WHERE id = $1', [
    goldenSetId,
    scale.max_grade,
    labels,
  ]);
}

/** The set's highest grade; 404 when there is no such set. */
export async function maxGradeOf(db: Queryable, goldenSetId: number): Promise<number> {
  const { rows } = await db.query<{ max_grade: number }>('SELECT max_grade FROM golden_sets WHERE id = $1', [goldenSetId]);
  if (rows.length === 0) throw notFound('Golden set', goldenSetId);
  return rows[0].max_grade;
}
