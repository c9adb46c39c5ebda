import { setup, type ActorRefFrom } from 'xstate';
import { pagedListMachine, pageFromSearch } from '../shared/paged-list.machine';
import { judgeFormMachine } from './judge-form.machine';
import { startJudgeJobMachine } from './start-judge-job.machine';

// The /model-judges page (curators): the paged judges, whose Delete confirmation is the list's confirm-modal;
// the judge's form (new, or a row's Edit; reloads the list); a row's "Judge a golden set / a run".

export type ModelJudgesPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  judgeForm: ActorRefFrom<typeof judgeFormMachine>;
  startJob: ActorRefFrom<typeof startJudgeJobMachine>;
};

/** The page's input from the address's query. */
export const modelJudgesPageInput = (search: string) => ({ page: pageFromSearch(search) });

export const modelJudgesPageMachine = setup({
  types: {
    input: {} as { page: number },
    context: {} as ModelJudgesPageContext,
  },
  actors: {
    // src/logic gives each its actors (the model judges calls).
    list: pagedListMachine,
    judgeForm: judgeFormMachine,
    startJob: startJudgeJobMachine,
  },
}).createMachine({
  id: 'modelJudgesPage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page } });
    return {
      list,
      judgeForm: spawn('judgeForm', { id: 'judgeForm', input: { reloadTarget: list } }),
      startJob: spawn('startJob', { id: 'startJob' }),
    };
  },
});
