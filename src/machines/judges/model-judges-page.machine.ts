import { setup, type ActorRefFrom } from 'xstate';
import type { JudgeJobFields } from '../../domain/judges/judge-job-form';
import { pagedListMachine, pageFromSearch } from '../shared/paged-list.machine';
import { resourceMachine } from '../shared/resource.machine';
import { judgeFormMachine } from './judge-form.machine';
import { startJudgeJobMachine } from './start-judge-job.machine';

// The /model-judges page (curators): the paged judges, whose Delete confirmation is the list's confirm-modal;
// the judge's form (new, or a row's Edit; reloads the list); a row's "Judge a golden set / a run", with the golden
// sets to choose from (a resource) and, from a run's page, that run and its set already chosen.

export type ModelJudgesPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  judgeForm: ActorRefFrom<typeof judgeFormMachine>;
  startJob: ActorRefFrom<typeof startJudgeJobMachine>;
  goldenSetOptions: ActorRefFrom<typeof resourceMachine>;
};

export type ModelJudgesPageInput = { page: number; preset: Partial<JudgeJobFields> };

/** The page's input from the address's query: `?golden_set=3&run=7` (a run's page) presets the job's choice. */
export function modelJudgesPageInput(search: string): ModelJudgesPageInput {
  const params = new URLSearchParams(search);
  const preset: Partial<JudgeJobFields> = {};
  for (const [param, field] of [
    ['golden_set', 'golden_set_id'],
    ['run', 'run_id'],
  ] as const) {
    const value = params.get(param);
    if (value && /^[1-9]\d{0,15}$/.test(value)) preset[field] = value;
  }
  return { page: pageFromSearch(search), preset };
}

export const modelJudgesPageMachine = setup({
  types: {
    input: {} as ModelJudgesPageInput,
    context: {} as ModelJudgesPageContext,
  },
  actors: {
    // src/logic gives each its actors (the model judges calls).
    list: pagedListMachine,
    judgeForm: judgeFormMachine,
    startJob: startJudgeJobMachine,
    goldenSetOptions: resourceMachine,
  },
}).createMachine({
  id: 'modelJudgesPage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page } });
    return {
      list,
      judgeForm: spawn('judgeForm', { id: 'judgeForm', input: { reloadTarget: list } }),
      startJob: spawn('startJob', { id: 'startJob', input: { preset: input.preset } }),
      // Every golden set, so no record id (0 is not one).
      goldenSetOptions: spawn('goldenSetOptions', { id: 'goldenSetOptions', input: { id: 0 } }),
    };
  },
});
