import { fromPromise } from 'xstate';
import { experimentsPageMachine } from '../machines/experiments/experiments-page.machine';
import { scriptExperimentsPageMachine } from '../machines/experiments/script-experiments-page.machine';
import { pageFromSearch } from '../machines/shared/paged-list.machine';
import { scriptFilterMachine, scriptFromSearch, type ScriptFilterEvent } from '../machines/experiments/script-filter.machine';
import type { Router } from '../domain/shell/router';
import type { ConsoleDeps } from './console-deps';
import { allRows, pagedList, rowsOf, resource } from './paged-lists';
import { routeListener } from './route-listener';

// The /experiments and /evaluation-scripts screens, on the evaluation backend.
export function createExperimentsLogic({
  experiments,
  evaluationScripts,
  router,
}: Pick<ConsoleDeps, 'experiments' | 'evaluationScripts' | 'router'>) {
  const scriptDetails = resource((id) => evaluationScripts.findScript(id));
  const scriptExperiments = pagedList(router, { fetchPage: rowsOf(evaluationScripts.scriptExperimentRows) });
  return {
    experimentsPage: experimentsPageMachine.provide({
      actors: {
        scriptFilter: scriptFilterMachine.provide({
          actors: { fetchScriptOptions: fromPromise(() => evaluationScripts.allScriptOptions()), listenForScript: listenForScript(router) },
          actions: {
            showScript: (_, { scriptId }: { scriptId: number | null }) =>
              router.navigate(`${router.path()}?${scriptId === null ? '' : `script=${scriptId}&`}page=1`),
          },
        }),
        allExperiments: pagedList(router, { fetchPage: allRows(experiments.experimentRows) }),
        scriptExperiments,
      },
    }),
    scriptList: pagedList(router, { fetchPage: allRows(evaluationScripts.scriptRows) }),
    scriptDetails,
    scriptExperimentsPage: scriptExperimentsPageMachine.provide({ actors: { details: scriptDetails, list: scriptExperiments } }),
  };
}

/** Back and Forward between filters of the experiments page: the address's script, and its page. */
function listenForScript(router: Router) {
  return routeListener<ScriptFilterEvent>(router, (search) => ({
    type: 'route.scriptChanged',
    scriptId: scriptFromSearch(search),
    page: pageFromSearch(search),
  }));
}
