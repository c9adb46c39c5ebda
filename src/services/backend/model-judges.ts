import type { ApiClient } from '../api-client';
import { headerPage, pageQuery } from '../paging';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { JudgeJob, JudgeJobEstimate, ModelJudge, ModelJudgeSettings, NewJudgeJob } from '../../domain/judges/model-judge-types';

// judges/ and judge-jobs/ on the evaluation backend (server/routes/backend/model-judges.ts, judge-jobs.ts): the
// model judges listed, created, changed and deleted; a job's estimate asked, the job started, read and cancelled.

export type ModelJudges = ReturnType<typeof createModelJudges>;

export function createModelJudges(api: ApiClient) {
  const path = (id: number) => `judges/${id}`;
  return {
    /** GET judges/?page&page_size → the page, with X-Total-Count. */
    judgeRows: async (page: PageRequest): Promise<Page<ModelJudge>> =>
      headerPage(await api.raw<ModelJudge[]>('judges/', { query: pageQuery(page) })),

    /** POST judges/ → 201 with the judge; PATCH judges/{id} with the settings given. */
    saveJudge: (id: number | null, settings: ModelJudgeSettings) =>
      id === null
        ? api<ModelJudge>('judges/', { method: 'POST', body: settings })
        : api<ModelJudge>(path(id), { method: 'PATCH', body: settings }),

    /** DELETE judges/{id} → 204. */
    deleteJudge: async (id: number): Promise<void> => {
      await api(path(id), { method: 'DELETE' });
    },

    /** POST judges/{id}/jobs/estimate → what the job would cost; starts nothing. */
    estimateJob: (judgeId: number, job: NewJudgeJob) =>
      api<JudgeJobEstimate>(`${path(judgeId)}/jobs/estimate`, { method: 'POST', body: job }),

    /** POST judges/{id}/jobs → 202 with the job's id. */
    startJob: (judgeId: number, job: NewJudgeJob) =>
      api<{ id: number; estimate: JudgeJobEstimate }>(`${path(judgeId)}/jobs`, { method: 'POST', body: job }),

    /** GET judge-jobs/{id} → its progress, totals and failures. */
    judgeJob: (id: number) => api<JudgeJob>(`judge-jobs/${id}`),

    /** POST judge-jobs/{id}/cancel → the job, cancelled. */
    cancelJob: (id: number) => api<JudgeJob>(`judge-jobs/${id}/cancel`, { method: 'POST' }),
  };
}
