import { fromPromise } from 'xstate';
import type { JudgeRequest } from '../domain/judges/judge-form';
import type { JudgeJob, ModelJudge } from '../domain/judges/model-judge-types';
import { judgeFormMachine } from '../machines/judges/judge-form.machine';
import { judgeJobPageMachine } from '../machines/judges/judge-job-page.machine';
import { modelJudgesPageMachine } from '../machines/judges/model-judges-page.machine';
import { startJudgeJobMachine } from '../machines/judges/start-judge-job.machine';
import type { SubmitInput } from '../machines/shared/form-dialog.machine';
import type { ConsoleDeps } from './console-deps';
import { allRows, pagedList, resource } from './paged-lists';

// Model judges (curators): the /model-judges page bound to the judges calls (and the golden sets to choose from),
// and a job's page to its calls.
export function createModelJudgesLogic({ modelJudges, goldenSets, router }: Pick<ConsoleDeps, 'modelJudges' | 'goldenSets' | 'router'>) {
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
        goldenSetOptions: resource(() => goldenSets.goldenSetOptions()),
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
