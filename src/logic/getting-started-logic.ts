import { fromPromise } from 'xstate';
import { gettingStartedMachine } from '../machines/dashboard/getting-started.machine';
import type { ConsoleDeps } from './console-deps';

// The dashboard's "Get started" checklist: the steps from the server, the dismissal kept in this browser.
export function createGettingStartedLogic({
  gettingStarted,
  checklistDismissal,
}: Pick<ConsoleDeps, 'gettingStarted' | 'checklistDismissal'>) {
  return {
    gettingStarted: gettingStartedMachine.provide({
      actors: { fetchSteps: fromPromise(() => gettingStarted.fetchSteps()) },
      guards: { wasDismissed: () => checklistDismissal.isDismissed() },
      actions: { rememberDismissal: () => checklistDismissal.dismiss() },
    }),
  };
}
