import { counted, formatCount } from '../shared/format-count';
import type { JudgeJob, JudgeJobEstimate } from './model-judge-types';

// How a judge job and its estimate read on the console: counts in en-US, costs in the judge's price unit to 4
// places (prices are per 1,000 tokens; a pair's cost is often a fraction of a cent).

const formatCost = (cost: number): string => cost.toFixed(4);

/** "12 pairs · about 3,400 prompt tokens · about 0.0125" */
export const estimateText = ({ pairs, prompt_tokens, cost }: JudgeJobEstimate): string =>
  `${counted(pairs, 'pair', 'pairs')} · about ${formatCount(prompt_tokens)} prompt tokens · about ${formatCost(cost)}`;

/** "3 of 12 pairs · 1 failed" */
export const progressText = ({ done, total, failed }: Pick<JudgeJob, 'done' | 'total' | 'failed'>): string =>
  `${formatCount(done)} of ${counted(total, 'pair', 'pairs')}${failed > 0 ? ` · ${formatCount(failed)} failed` : ''}`;

/** "300 in · 60 out · cost 0.0012" */
export const totalsText = ({ tokens_in, tokens_out, cost }: Pick<JudgeJob, 'tokens_in' | 'tokens_out' | 'cost'>): string =>
  `${formatCount(tokens_in)} tokens in · ${formatCount(tokens_out)} out · cost ${formatCost(cost)}`;

/** What the job judges: "golden set 3 · run 7 · unjudged pairs". */
export const jobScopeText = ({ golden_set_id, run_id, scope }: Pick<JudgeJob, 'golden_set_id' | 'run_id' | 'scope'>): string =>
  [`golden set ${golden_set_id}`, run_id === null ? null : `run ${run_id}`, scope === 'unjudged' ? 'unjudged pairs' : 'every pair']
    .filter(Boolean)
    .join(' · ');
