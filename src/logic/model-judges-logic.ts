import { fromPromise } from 'xstate';
import type { JudgeRequest } from '../domain/judges/judge-form';
import type { JudgeJob, ModelJudge } from '../domain/judges/model-judge-types';
import { judgeFormMachine } from '../machines/judges/judge-form.machine';
import { judgeJobPageMachine } from '../machines/judges/judge-job-page.machine';
import { modelJudgesPageMachine } from '../machines/judges/model-judges-page.machine';
import { startJudgeJobMachine } from '../machines/judges/start-judge-job.machine';
import type { SubmitInput } from '../machines/shared/form-dialog.machine';
import type { ConsoleDeps } from './console-deps';
import { allRows, pagedList } from './paged-lists';

// Model judges (curators): the /model-judges page bound to the judges calls, and a job's page to its calls.
export function createModelJudgesLogic({ modelJudges, router }: Pick<ConsoleDeps, 'modelJudges' | 'router'>) {
  return {
    modelJudgesPage: modelJudgesPageMachine.provide({
      actors: {
        list: pagedList(router, {
          fetchPage: allRows((page) => modelJudges.judgeRows(page)),
          deleteItem: (id) => modelJudges.deleteJudge(id),
        }),
        judgeForm: judgeFormMachine.provide({
          actors: {
            submit: fromPromise<ModelJudge, SubmitInput<JudgeRequest>>(({ input: { request } }) =>
              modelJudges.saveJudge(request.id, request.settings),
            ),
          },
        }),
        startJob: startJudgeJobMachine.provide({
          actors: {
            estimateJob: fromPromise(({ input }) => modelJudges.estimateJob(input.judgeId, input.job)),
            startJob: fromPromise(({ input }) => modelJudges.startJob(input.judgeId, input.job)),
          },
          actions: { showJob: (_, { id }: { id: number }) => router.navigate(`/judge-jobs/${id}`) },
        }),
      },
    }),
    judgeJobPage: judgeJobPageMachine.provide({
      actors: {
        fetchJob: fromPromise<JudgeJob, { id: number }>(({ input }) => modelJudges.judgeJob(input.id)),
        cancelJob: fromPromise<JudgeJob, { id: number }>(({ input }) => modelJudges.cancelJob(input.id)),
      },
    }),
  };
}
