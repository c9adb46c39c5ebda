/** How a golden set's coverage of a dataset reads. Pure. */
import { formatCount } from '../shared/format-count';
import type { CoverageAnswer } from '../experiments/workbench-types';

const queries = (n: number) => (n === 1 ? '1 query' : `${formatCount(n)} queries`);

/** '52 of 60 queries have relevant judgements; 8 will not be scored.' */
export function coverageSentence({ queries: total, judged }: CoverageAnswer): string {
  const have = `${formatCount(judged)} of ${queries(total)} ${judged === 1 ? 'has' : 'have'} relevant judgements`;
  const left = total - judged;
  return left === 0 ? `${have}.` : `${have}; ${formatCount(left)} will not be scored.`;
}

/** The list's heading, saying when it is only the first of them. */
export function notJudgedHeading({ queries: total, judged, not_judged: listed }: CoverageAnswer): string {
  const left = total - judged;
  return listed.length < left ? `The first ${formatCount(listed.length)} of ${queries(left)} not judged` : 'Not judged';
}
