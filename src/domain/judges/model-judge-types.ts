import type { Static } from 'typebox';
import type { ModelJudgeSchema, NewModelJudgeSchema } from '../../../server/schemas/model-judges';
import type { JudgeJobEstimateSchema, JudgeJobSchema, NewJudgeJobSchema } from '../../../server/schemas/judge-jobs';

// A model judge and its jobs as the evaluation backend answers them (server/schemas/model-judges.ts, judge-jobs.ts).

export type ModelJudge = Static<typeof ModelJudgeSchema>;
/** What a judge is created with; a change sends only the settings given. */
export type ModelJudgeSettings = Static<typeof NewModelJudgeSchema>;
export type NewJudgeJob = Static<typeof NewJudgeJobSchema>;
export type JudgeJobEstimate = Static<typeof JudgeJobEstimateSchema>;
export type JudgeJob = Static<typeof JudgeJobSchema>;

/** A job still to end: its page keeps asking for its progress. */
export const isJobActive = (job: Pick<JudgeJob, 'status'>) => job.status === 'queued' || job.status === 'running';
