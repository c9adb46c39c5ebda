import type { NewJudgeJob } from './model-judge-types';

// "Judge a golden set / a run": the set's id, a run's id (optional) and the scope, as typed. With a run, the
// scope is the run's unjudged pairs by default; without one, every pair of the set (the only scope there is).

export type JudgeJobFields = { golden_set_id: string; run_id: string; scope: NewJudgeJob['scope'] };

export const EMPTY_JUDGE_JOB_FIELDS: JudgeJobFields = { golden_set_id: '', run_id: '', scope: 'unjudged' };

const isId = (text: string) => /^\s*[1-9]\d{0,15}\s*$/.test(text);

export const isJudgeJobReady = (fields: JudgeJobFields) =>
  isId(fields.golden_set_id) && (fields.run_id.trim() === '' ? fields.scope === 'all' : isId(fields.run_id));

export function judgeJobRequest(fields: JudgeJobFields): NewJudgeJob {
  const runId = fields.run_id.trim();
  return { golden_set_id: Number(fields.golden_set_id), ...(runId === '' ? {} : { run_id: Number(runId) }), scope: fields.scope };
}
