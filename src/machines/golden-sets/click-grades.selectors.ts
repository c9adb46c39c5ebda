import type { SnapshotFrom } from 'xstate';
import { gradeText } from '../../domain/golden-sets/grade-scale';
import { storedSummary } from '../../domain/golden-sets/click-grades';
import { formatCount } from '../../domain/shared/format-count';
import { isClickLogReady, type clickGradesMachine } from './click-grades.machine';

type ClickGradesSnapshot = SnapshotFrom<typeof clickGradesMachine>;

/** The rows of a preview the dialog lists: enough to see the grades at work, the counts cover all. */
const SAMPLE_ROWS = 5;

export const selectIsOpen = (snapshot: ClickGradesSnapshot) => snapshot.hasTag('modalOpen');
export const selectIsBusy = (snapshot: ClickGradesSnapshot) => snapshot.hasTag('busy');
export const selectFields = (snapshot: ClickGradesSnapshot) => snapshot.context.fields;
export const selectMaxGrade = (snapshot: ClickGradesSnapshot) => snapshot.context.scale.max_grade;
export const selectFailure = (snapshot: ClickGradesSnapshot) => snapshot.context.failure?.message ?? null;
export const selectProblems = (snapshot: ClickGradesSnapshot) => snapshot.context.failure?.problems ?? [];
/** A preview previews, a previewed form stores: the dialog's one button says which. */
export const selectSubmit = (snapshot: ClickGradesSnapshot) =>
  snapshot.matches('previewed') || snapshot.matches('storing')
    ? { label: 'Store grades', busyLabel: 'Storing...' }
    : { label: 'Preview', busyLabel: 'Previewing...' };
export const selectCanSubmit = (snapshot: ClickGradesSnapshot) =>
  snapshot.matches('previewed') || (snapshot.matches('editing') && isClickLogReady(snapshot.context.fields));
/** A store cannot be called back once sent. */
export const selectCanCancel = (snapshot: ClickGradesSnapshot) => !snapshot.matches('storing');

/** The grades the preview (or the store) gives, each labelled by the set's scale, with how many pairs get it. */
export const selectGradeCounts = (snapshot: ClickGradesSnapshot) => {
  const answer = snapshot.context.stored ?? snapshot.context.preview;
  if (!answer) return null;
  const { scale } = snapshot.context;
  return {
    grades: Object.entries(answer.grade_counts).map(([grade, count]) => ({ grade: gradeText(scale, Number(grade)), count })),
    ungraded: answer.ungraded,
    minImpressions: answer.min_impressions,
    pairs: answer.pair_count,
  };
};

/** A few of the preview's pairs, as the server ordered them, worded for the table: no grade under the minimum. */
export const selectSampleRows = (snapshot: ClickGradesSnapshot) =>
  (snapshot.context.preview?.pairs.slice(0, SAMPLE_ROWS) ?? []).map((pair) => ({
    key: `${pair.query}\u0000${pair.product_id}`,
    query: pair.query,
    productId: pair.product_id,
    impressions: formatCount(pair.impressions),
    clicks: formatCount(pair.clicks),
    coec: pair.coec === null ? '—' : pair.coec.toFixed(2),
    grade: pair.grade === null ? 'none' : gradeText(snapshot.context.scale, pair.grade),
  }));

/** What storing did, in words, once it did. */
export const selectStoredSummary = (snapshot: ClickGradesSnapshot) => {
  const stored = snapshot.context.stored?.stored;
  return stored ? storedSummary(stored) : null;
};
