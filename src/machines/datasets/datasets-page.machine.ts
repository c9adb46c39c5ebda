import { setup, type ActorRefFrom } from 'xstate';
import { createDatasetMachine } from './create-dataset.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';

// The /datasets page: the paged list (with its delete confirmation) and the Add New Dataset dialog. The dialog
// changes no row of this page: it opens the new dataset's editor, so it is given no reload target.

export type DatasetsPageInput = { page: number; filter?: ListFilter };

/** The list's filter in the address: `?search=` (a part of the name). */
export const DATASETS_FILTER = ['search'] as const;

/** The page's input from the address's query. */
export const datasetsPageInput = (search: string): DatasetsPageInput => ({
  page: pageFromSearch(search),
  filter: filterFromSearch(search, DATASETS_FILTER),
});

export type DatasetsPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  createDataset: ActorRefFrom<typeof createDatasetMachine>;
};

export const datasetsPageMachine = setup({
  types: {
    input: {} as DatasetsPageInput,
    context: {} as DatasetsPageContext,
  },
  actors: {
    // src/logic gives each its actors (the datasets call and delete; the create call and the editor's address).
    list: pagedListMachine,
    createDataset: createDatasetMachine,
  },
}).createMachine({
  id: 'datasetsPage',
  context: ({ input, spawn }) => ({
    list: spawn('list', { id: 'list', input: { page: input.page, filter: input.filter } }),
    createDataset: spawn('createDataset', { id: 'createDataset', input: {} }),
  }),
});
