import { counted } from '../shared/format-count';
import type { GradeScale } from '../judging/golden-set-judging-types';
import type { ClickLogAnswer } from '../../../server/schemas/click-logs';

// What the 'Grades from clicks' dialog sends (POST golden-sets/{id}/click-logs as multipart) and how it words
// the server's answer.

export type { ClickLogAnswer };
export type ClickLogFormat = ClickLogAnswer['format'];

export type ClickLogRequest = {
  goldenSetId: number;
  format: ClickLogFormat;
  file: File;
  /** As typed: the server checks them and names the field it refuses. */
  minImpressions: string;
  thresholds: string;
  /** true: grades answered, nothing stored; false: stored as the set's rater "clicks". */
  preview: boolean;
};

/** Pairs shown fewer times get no grade unless the person says otherwise: the server's own default. */
export const DEFAULT_MIN_IMPRESSIONS = '20';

/**
 * Rising COEC boundaries, one per grade above 0, as a starting point: a pair clicked as often as its positions
 * predict (COEC 1) sits in the middle of the scale, twice as often at its top; of two grades, 1 splits them.
 */
export function suggestedThresholds(scale: GradeScale): string {
  const steps = scale.max_grade;
  if (steps === 1) return '1';
  return Array.from({ length: steps }, (_, i) => String(Math.round(0.5 * 4 ** (i / (steps - 1)) * 100) / 100)).join(',');
}

/** What storing did, in words: '3 pairs rated from clicks · 1 grade changed'. */
export function storedSummary(stored: NonNullable<ClickLogAnswer['stored']>): string {
  return `${counted(stored.rated, 'pair rated from clicks', 'pairs rated from clicks')} · ${counted(stored.changed, 'grade changed', 'grades changed')}`;
}
