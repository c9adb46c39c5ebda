import { setup, type ActorRefFrom } from 'xstate';
import { importProductsMachine } from './import-products.machine';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { resourceMachine } from '../shared/resource.machine';

// The /catalogue page: the products (paged, or the built-in search's ranking graded by a chosen golden set),
// the golden sets to choose from (a resource), the demo data's counts (a resource: the import dialog says when
// demo products share the catalogue), and the 'Import products' dialog, handed the list as its reload target. The search and the golden set live in the address with the page, as the list's filter.

export type CataloguePageInput = { page: number; filter?: ListFilter };

/** The list's filter in the address: `?search=` (the built-in search's text) and `?golden_set=` (an id). */
export const CATALOGUE_FILTER = ['search', 'golden_set'] as const;

/** The page's input from the address's query. */
export const cataloguePageInput = (search: string): CataloguePageInput => ({
  page: pageFromSearch(search),
  filter: filterFromSearch(search, CATALOGUE_FILTER),
});

export type CataloguePageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  goldenSetOptions: ActorRefFrom<typeof resourceMachine>;
  demoData: ActorRefFrom<typeof resourceMachine>;
  importProducts: ActorRefFrom<typeof importProductsMachine>;
};

export const cataloguePageMachine = setup({
  types: {
    input: {} as CataloguePageInput,
    context: {} as CataloguePageContext,
  },
  actors: {
    // src/logic gives each its actors (the products call, the golden sets call, the demo data call, the import).
    list: pagedListMachine,
    goldenSetOptions: resourceMachine,
    demoData: resourceMachine,
    importProducts: importProductsMachine,
  },
}).createMachine({
  id: 'cataloguePage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page, filter: input.filter } });
    return {
      list,
      // Every golden set, so no record id (0 is not one).
      goldenSetOptions: spawn('goldenSetOptions', { id: 'goldenSetOptions', input: { id: 0 } }),
      demoData: spawn('demoData', { id: 'demoData', input: { id: 0 } }),
      importProducts: spawn('importProducts', { id: 'importProducts', input: { reloadTarget: list } }),
    };
  },
});
