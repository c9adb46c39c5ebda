import { gradeText } from './grade-scale';
import type { GradeScale, Rating } from '../judging/golden-set-judging-types';

/** "Alice (person): 2 · Good, adjudication": one rater's grade of a pair, beside the pair's grade. */
export const ratingText = (scale: GradeScale, rating: Rating): string =>
  `${rating.rater} (${rating.kind}): ${gradeText(scale, rating.grade)}${rating.adjudication ? ', adjudication' : ''}`;
