import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { compareCrumbs } from '../../domain/compare/compare-breadcrumbs';
import { shownFilter } from '../../domain/compare/compare-address';
import { runDifferences } from '../../domain/runs/run-differences';
import type { comparePageMachine } from './compare-page.machine';

export type ComparePageSnapshot = SnapshotFrom<typeof comparePageMachine>;
export type ComparePageRef = ActorRefFrom<typeof comparePageMachine>;

/** Why the address cannot be compared, or null. */
export const selectProblem = (snapshot: ComparePageSnapshot) => (snapshot.hasTag('invalid') ? snapshot.context.problem : null);
/** What the address chose: the runs, metric, filter, search, order and page. */
export const selectAddress = (snapshot: ComparePageSnapshot) => snapshot.context.address;
/** The last comparison the server answered (kept while the next one loads). */
export const selectComparison = (snapshot: ComparePageSnapshot) => snapshot.context.comparison;
export const selectIsLoading = (snapshot: ComparePageSnapshot) => snapshot.hasTag('busy');
/** The server's refusal or the failure, shown as the page's error. */
export const selectError = (snapshot: ComparePageSnapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null);
/** The rows of the filter and search: X-Total-Count. */
export const selectTotal = (snapshot: ComparePageSnapshot) => snapshot.context.total;
export const selectPageCount = ({ context }: ComparePageSnapshot) =>
  context.total === null ? null : Math.max(1, Math.ceil(context.total / context.pageSize));
/** The rows listed (every paired query until the page has chosen its opening filter). */
export const selectShownFilter = (snapshot: ComparePageSnapshot) => shownFilter(snapshot.context.address);
/** The order is by delta: rows only one run has have none (the server lists them by query text). */
export const selectOrderApplies = ({ context }: ComparePageSnapshot) =>
  context.address.filter !== 'only_baseline' && context.address.filter !== 'only_candidate';
export const selectCanSwap = (snapshot: ComparePageSnapshot) => snapshot.can({ type: 'user.swap' });
export const selectCanGoNext = (snapshot: ComparePageSnapshot) => snapshot.can({ type: 'user.nextPage' });
export const selectCanGoPrevious = (snapshot: ComparePageSnapshot) => snapshot.can({ type: 'user.previousPage' });
export const selectCanRetry = (snapshot: ComparePageSnapshot) => snapshot.can({ type: 'user.retry' });
export const selectExporter = (snapshot: ComparePageSnapshot) => snapshot.context.exporter;
/** The way back above the comparison, once it is known: to where the person came from. */
export const selectBreadcrumbs = ({ context }: ComparePageSnapshot) =>
  context.comparison ? compareCrumbs(context.origin, context.comparison) : [];
/** What differs between the two runs' configurations (script, tags, target, golden set, scoring). */
export const selectDifferences = ({ context }: ComparePageSnapshot) =>
  context.comparison ? runDifferences(context.comparison.baseline, context.comparison.candidate) : [];
