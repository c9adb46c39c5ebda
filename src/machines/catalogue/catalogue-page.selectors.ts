import type { SnapshotFrom } from 'xstate';
import type { cataloguePageMachine } from './catalogue-page.machine';
import type { PagedListSnapshot } from '../shared/paged-list.selectors';

export type CataloguePageSnapshot = SnapshotFrom<typeof cataloguePageMachine>;

export const selectList = (snapshot: CataloguePageSnapshot) => snapshot.context.list;
export const selectGoldenSetOptions = (snapshot: CataloguePageSnapshot) => snapshot.context.goldenSetOptions;
export const selectDemoData = (snapshot: CataloguePageSnapshot) => snapshot.context.demoData;
export const selectImportProducts = (snapshot: CataloguePageSnapshot) => snapshot.context.importProducts;

/** The list shows the built-in search's ranking: ranks and scores. */
export const selectIsSearched = (snapshot: PagedListSnapshot) => Boolean(snapshot.context.filter.search);
/** A golden set is chosen: with a search, each product has its grade (without one the server sends none). */
export const selectIsGraded = (snapshot: PagedListSnapshot) =>
  Boolean(snapshot.context.filter.search && snapshot.context.filter.golden_set);
/** A golden set is chosen but nothing is searched: grades need a query. */
export const selectNeedsSearchForGrades = (snapshot: PagedListSnapshot) =>
  Boolean(snapshot.context.filter.golden_set && !snapshot.context.filter.search);
