import { fromPromise } from 'xstate';
import { judgeQueueMachine, type UnjudgedFetch } from '../machines/judging/judge-queue.machine';
import { rescoreRunMachine } from '../machines/runs/rescore-run.machine';
import type { JudgementInput } from '../domain/judging/judging-types';
import type { QueueSource } from '../domain/judging/queue-scope';
import type { ConsoleDeps } from './console-deps';

// Judging from a run, bound to the run's and its golden set's calls and the address bar.

type Deps = Pick<ConsoleDeps, 'runJudging' | 'experimentRuns' | 'goldenSets' | 'router'>;

/** Rescore, wherever a page offers it: the new run's page follows. */
export function rescoreRun({ experimentRuns, router }: Pick<Deps, 'experimentRuns' | 'router'>) {
  return rescoreRunMachine.provide({
    actors: { rescoreRun: fromPromise(({ input }: { input: { runId: number } }) => experimentRuns.rescore(input.runId)) },
    actions: { navigateTo: (_, { path }: { path: string }) => router.navigate(path) },
  });
}

/** A grade into a golden set. */
export const saveGrade = ({ goldenSets }: Pick<Deps, 'goldenSets'>) =>
  fromPromise(({ input }: { input: { goldenSetId: number; judgement: JudgementInput } }) =>
    goldenSets.saveJudgement(input.goldenSetId, input.judgement),
  );

export function createJudgingLogic(deps: Deps) {
  const { runJudging, experimentRuns, goldenSets, router } = deps;
  return {
    judgeQueue: judgeQueueMachine.provide({
      actors: {
        fetchTarget: fromPromise(({ input: { source } }: { input: { source: QueueSource } }) =>
          source.kind === 'run' ? runJudging.judgingTarget(source.id!) : runJudging.setTarget(source.id!),
        ),
        fetchItems: fromPromise(({ input: { source, page, pageSize } }: { input: UnjudgedFetch }) =>
          source.kind === 'run'
            ? experimentRuns.unjudged(source.id!, page, pageSize, source.choice)
            : goldenSets.setQueue(source.id!, page, pageSize),
        ),
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
