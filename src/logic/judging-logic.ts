import { fromPromise } from 'xstate';
import { judgeQueueMachine, type UnjudgedFetch } from '../machines/judging/judge-queue.machine';
import { rescoreRunMachine } from '../machines/runs/rescore-run.machine';
import type { NewJudgement } from '../domain/judging/judging-types';
import type { ConsoleDeps } from './console-deps';

// Judging from a run, bound to the run-judging calls and the address bar.

type Deps = Pick<ConsoleDeps, 'runJudging' | 'router'>;

/** Rescore, wherever a page offers it: the new run's page follows. */
export function rescoreRun({ runJudging, router }: Deps) {
  return rescoreRunMachine.provide({
    actors: { rescoreRun: fromPromise(({ input }: { input: { runId: number } }) => runJudging.rescore(input.runId)) },
    actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
  });
}

/** A grade into a golden set. */
export const saveGrade = ({ runJudging }: Pick<Deps, 'runJudging'>) =>
  fromPromise(({ input }: { input: { goldenSetId: number; judgement: NewJudgement } }) =>
    runJudging.judge(input.goldenSetId, input.judgement),
  );

export function createJudgingLogic(deps: Deps) {
  const { runJudging, router } = deps;
  return {
    judgeQueue: judgeQueueMachine.provide({
      actors: {
        fetchTarget: fromPromise(({ input }: { input: { runId: number } }) => runJudging.judgingTarget(input.runId)),
        fetchItems: fromPromise(({ input }: { input: UnjudgedFetch }) => runJudging.unjudged(input.runId, input.page, input.pageSize)),
        saveGrade: saveGrade(deps),
        rescoreRun: rescoreRun(deps),
      },
      actions: {
        navigateTo: (_, { path }: { path: string }) => router.navigate(path),
        // The position follows the item without a history entry per keystroke.
        replaceAddress: (_, { path }: { path: string }) => {
          if (`${router.path()}${router.search()}` !== path) router.replace(path);
        },
      },
    }),
  };
}
