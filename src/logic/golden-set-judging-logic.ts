import { fromCallback, fromPromise } from 'xstate';
import { addJudgementMachine, CATALOGUE_RESULTS } from '../machines/golden-sets/add-judgement.machine';
import { goldenSetPageMachine, QUERY_FILTER, type GoldenSetPageEvent } from '../machines/golden-sets/golden-set-page.machine';
import { pagedListMachine, type PageFetch, type PagedListEvent, type PageResult } from '../machines/shared/paged-list.machine';
import { queryJudgementsMachine } from '../machines/golden-sets/query-judgements.machine';
import { scaleEditorMachine } from '../machines/golden-sets/scale-editor.machine';
import { clickGradesMachine } from '../machines/golden-sets/click-grades.machine';
import type { ClickLogRequest } from '../domain/golden-sets/click-grades';
import { queryFromSearch, withOpenQuery } from '../domain/golden-sets/golden-set-address';
import type { JudgementEdit } from '../domain/golden-sets/judgement-edits';
import type { GradeScale } from '../domain/judging/golden-set-judging-types';
import type { ConsoleDeps } from './console-deps';
import { pagedList, rowsOf, resource } from './paged-lists';
import { routeListener } from './route-listener';

// The /golden-sets/{id} screen: the golden set judged, bound to its calls, the catalogue's search (to add a
// product) and the address bar.
export function createGoldenSetJudgingLogic({ goldenSets, catalogue, router }: Pick<ConsoleDeps, 'goldenSets' | 'catalogue' | 'router'>) {
  return {
    goldenSetPage: goldenSetPageMachine.provide({
      actors: {
        goldenSet: resource((id) => goldenSets.findGoldenSet(id)),
        queries: pagedList(router, { fetchPage: rowsOf(goldenSets.queryRows), filterNames: QUERY_FILTER }),
        // The history pages on its own: the address belongs to the queries.
        history: pagedListMachine.provide({
          actors: {
            fetchPage: fromPromise<PageResult<unknown>, PageFetch>(({ input }) =>
              goldenSets.historyRows(input.ownerId!, { page: input.page, pageSize: input.pageSize }),
            ),
            listenForRoute: fromCallback<PagedListEvent>(() => undefined),
          },
          actions: { showPage: () => undefined },
        }),
        scaleEditor: scaleEditorMachine.provide({
          actors: {
            saveScale: fromPromise(({ input }: { input: { goldenSetId: number; scale: GradeScale } }) =>
              goldenSets.updateScale(input.goldenSetId, input.scale),
            ),
          },
        }),
        clickGrades: clickGradesMachine.provide({
          actors: {
            gradeClickLog: fromPromise(({ input, signal }: { input: ClickLogRequest; signal: AbortSignal }) =>
              goldenSets.gradeClickLog(input, { signal }),
            ),
          },
        }),
        queryJudgements: queryJudgementsMachine.provide({
          actors: {
            fetchJudgements: fromPromise(({ input }: { input: { goldenSetId: number; query: string } }) =>
              goldenSets.judgementsOf(input.goldenSetId, input.query),
            ),
            saveEdit: fromPromise(
              async ({ input: { goldenSetId, query, edit } }: { input: { goldenSetId: number; query: string; edit: JudgementEdit } }) => {
                if (edit.kind === 'grade')
                  return goldenSets.saveJudgement(goldenSetId, { query, product_id: edit.product_id, grade: edit.grade });
                await goldenSets.removeJudgement(goldenSetId, { query, product_id: edit.product_id });
                return null;
              },
            ),
            addJudgement: addJudgementMachine.provide({
              actors: {
                searchCatalogue: fromPromise(
                  async ({ input }: { input: { search: string } }) =>
                    (await catalogue.productRows({ page: 1, pageSize: CATALOGUE_RESULTS }, { search: input.search })).items,
                ),
              },
            }),
          },
        }),
        listenForRoute: routeListener<GoldenSetPageEvent>(router, (search) => ({ type: 'route.changed', query: queryFromSearch(search) })),
      },
      actions: {
        showQuery: (_, { query }: { query: string | null }) => router.navigate(`${router.path()}${withOpenQuery(router.search(), query)}`),
      },
    }),
  };
}
