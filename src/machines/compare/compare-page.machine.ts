import { assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { fileExportMachine } from '../shared/file-export.machine';
import { notProvided } from '../shared/not-provided';
import { PAGE_SIZE } from '../shared/paged-list.machine';
import {
  addressProblem,
  compareSearch,
  comparisonParams,
  openingFilter,
  readCompareAddress,
  sameAddress,
  swappedAddress,
  type CompareAddress,
} from '../../domain/compare/compare-address';
import {
  DEFAULT_RBO_P,
  type ComparisonFilter,
  type ComparisonOrder,
  type ComparisonPage,
  type ComparisonParams,
  type RunComparison,
} from '../../domain/compare/comparison-types';
import { messageOf } from '../../domain/shared/error-message';

// The /compare?baseline=A&candidate=B page: two finished runs compared query by query. One call answers the
// paired statistics of every metric, the chosen metric's histogram, the rankings' overlap and one page of its
// queries; any choice (metric, filter, search, order, RBO's persistence, page) asks again and is a new history entry (navigate), so Back undoes it
// and the address can be shared. The page only corrects its own address in place (replace): the canonical
// form of what it read, and the server's default metric once known. Back and Forward are heard
// (`route.changed`). An address without two valid, different run ids is `invalid`, with why, and asks nothing.
// The breadcrumb leads back to where the person came from (the origin: a runs list or a run's results, as left).
// An address without a filter opens on the changes: the first answer (every paired query) tells how many
// queries got worse and better, and when the order would put unchanged ones first the page asks again for the
// other kind of change; the filter it opened on is written into the address. Swap makes the candidate the
// baseline (a new entry).

export type ComparePageInput = {
  search: string;
  /** The address the comparison was opened from (domain/shell/origin), or null. */
  origin?: string | null;
};

/** What the comparison call is asked: the comparison's parameters and one page. */
export type ComparisonFetch = { params: ComparisonParams; page: number; pageSize: number };

export type ComparePageContext = {
  address: CompareAddress;
  origin: string | null;
  /** Why the address cannot be compared; null when it can. */
  problem: string | null;
  /** The last answer; kept while the next page or filter loads, dropped when the runs change or a call fails. */
  comparison: RunComparison | null;
  total: number | null;
  pageSize: number;
  error: string | null;
  exporter: ActorRefFrom<typeof fileExportMachine>;
};

/** A choice made on the page; each starts again at page 1. */
type Choice = Partial<Pick<CompareAddress, 'metric' | 'filter' | 'search' | 'order' | 'rboP'>>;

export type ComparePageEvent =
  | { type: 'user.metricChosen'; metric: string }
  | { type: 'user.filterChosen'; filter: ComparisonFilter }
  | { type: 'user.searched'; search: string }
  | { type: 'user.orderChosen'; order: ComparisonOrder }
  /** RBO's persistence p for the rankings' overlap. */
  | { type: 'user.persistenceChosen'; p: number }
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | { type: 'user.retry' }
  /** The comparison's rows (this filter, search and order) as CSV. */
  | { type: 'user.export' }
  /** The candidate becomes the baseline and the baseline the candidate. */
  | { type: 'user.swap' }
  /** The address changed without the page (Back, Forward, a link): its query. */
  | { type: 'route.changed'; search: string };

const choiceOf = (event: ComparePageEvent): Choice => {
  switch (event.type) {
    case 'user.metricChosen':
      return { metric: event.metric };
    case 'user.filterChosen':
      return { filter: event.filter };
    case 'user.searched':
      return { search: event.search.trim() };
    case 'user.orderChosen':
      return { order: event.order };
    case 'user.persistenceChosen':
      return { rboP: event.p === DEFAULT_RBO_P ? undefined : event.p };
    default:
      return {};
  }
};

/** A choice: when it changes the address, start at page 1 and write the new address as a new entry. */
const choose = {
  guard: { type: 'isOtherChoice', params: ({ event }: { event: ComparePageEvent }) => choiceOf(event) },
  target: '.loading',
  actions: [
    { type: 'applyChoice', params: ({ event }: { event: ComparePageEvent }) => choiceOf(event) },
    { type: 'navigateTo', params: ({ context }: { context: ComparePageContext }) => ({ search: compareSearch(context.address) }) },
  ],
} as const;

const turnPage = (step: 1 | -1) =>
  ({
    guard: step === 1 ? 'hasNextPage' : 'isAfterFirstPage',
    target: 'loading',
    actions: [
      { type: 'turnPage', params: { step } },
      { type: 'navigateTo', params: ({ context }: { context: ComparePageContext }) => ({ search: compareSearch(context.address) }) },
    ],
  }) as const;

export const comparePageMachine = setup({
  types: {
    input: {} as ComparePageInput,
    context: {} as ComparePageContext,
    events: {} as ComparePageEvent,
    tags: {} as 'invalid' | 'busy' | 'failed',
  },
  actors: {
    fetchComparison: fromPromise<ComparisonPage, ComparisonFetch>(notProvided('fetchComparison')),
    listenForRoute: fromCallback<ComparePageEvent>(notProvided('listenForRoute')),
    // src/logic gives it the CSV call.
    fileExport: fileExportMachine,
  },
  guards: {
    hasAddressProblem: ({ context }) => context.problem !== null,
    isOtherAddress: ({ context }, params: { search: string }) => !sameAddress(readCompareAddress(params.search), context.address),
    isOtherChoice: ({ context }, params: Choice) => !sameAddress({ ...context.address, ...params }, context.address),
    isOpening: ({ context }) => context.address.metric === '' || context.address.filter === null,
    /** The answer (every paired query) would open on unchanged queries while there are changes to show. */
    opensElsewhere: ({ context }, params: ComparisonPage) =>
      context.address.filter === null && openingFilter(params.comparison, context.address.order) !== 'paired',
    hasNextPage: ({ context: { address, total, pageSize, comparison } }) =>
      total === null ? comparison?.results.length === pageSize : address.page * pageSize < total,
    isAfterFirstPage: ({ context }) => context.address.page > 1,
  },
  actions: {
    /** A new history entry: what the person chose. */
    navigateTo: notProvided<{ search: string }>('navigateTo'),
    /** The same entry, corrected: what the page read, written in its one form. */
    replaceWith: notProvided<{ search: string }>('replaceWith'),
    readAddress: assign(({ context }, params: { search: string }) => {
      const address = readCompareAddress(params.search);
      const sameRuns = address.baseline === context.address.baseline && address.candidate === context.address.candidate;
      return { address, problem: addressProblem(address), comparison: sameRuns ? context.comparison : null, total: null };
    }),
    applyChoice: assign(({ context }, params: Choice) => ({ address: { ...context.address, ...params, page: 1 } })),
    turnPage: assign(({ context }, params: { step: number }) => ({
      address: { ...context.address, page: context.address.page + params.step },
    })),
    assignComparison: assign((_, params: ComparisonPage) => ({ comparison: params.comparison, total: params.total, error: null })),
    /** The server's metric (nDCG first) and the filter the page opens on, from the first answer. */
    adoptOpening: assign(({ context }, params: ComparisonPage) => ({
      address: {
        ...context.address,
        metric: context.address.metric || params.comparison.metric,
        filter: context.address.filter ?? openingFilter(params.comparison, context.address.order),
      },
    })),
    swapRuns: assign(({ context }) => ({ address: swappedAddress(context.address), comparison: null, total: null })),
    assignError: assign((_, params: { error: unknown }) => ({ comparison: null, total: null, error: messageOf(params.error) })),
    exportRows: sendTo(
      ({ context }) => context.exporter,
      ({ context }) => ({
        type: 'user.export' as const,
        // The file is named by the query; the id is the baseline's run, for the exporter's record.
        id: context.comparison?.baseline.id ?? 0,
        format: 'csv',
        query: comparisonParams(context.address),
      }),
    ),
  },
}).createMachine({
  id: 'comparePage',
  context: ({ input, spawn }) => {
    const address = readCompareAddress(input.search);
    return {
      address,
      origin: input.origin ?? null,
      problem: addressProblem(address),
      comparison: null,
      total: null,
      pageSize: PAGE_SIZE,
      error: null,
      exporter: spawn('fileExport', { id: 'exporter' }),
    };
  },
  invoke: { id: 'listenForRoute', src: 'listenForRoute' },
  on: {
    'route.changed': {
      guard: { type: 'isOtherAddress', params: ({ event }) => ({ search: event.search }) },
      target: '.checkingAddress',
      actions: { type: 'readAddress', params: ({ event }) => ({ search: event.search }) },
    },
  },
  initial: 'checkingAddress',
  states: {
    checkingAddress: {
      always: [
        { guard: 'hasAddressProblem', target: 'invalid' },
        { target: 'comparing', actions: { type: 'replaceWith', params: ({ context }) => ({ search: compareSearch(context.address) }) } },
      ],
    },
    // No two different runs to compare: the page says why; only another address leaves.
    invalid: { tags: 'invalid' },
    comparing: {
      on: {
        'user.metricChosen': choose,
        'user.filterChosen': choose,
        'user.searched': choose,
        'user.orderChosen': choose,
        'user.persistenceChosen': choose,
        'user.export': { actions: 'exportRows' },
        'user.swap': {
          target: '.loading',
          actions: [
            'swapRuns',
            { type: 'navigateTo', params: ({ context }: { context: ComparePageContext }) => ({ search: compareSearch(context.address) }) },
          ],
        },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchComparison',
            src: 'fetchComparison',
            input: ({ context }) => ({ params: comparisonParams(context.address), page: context.address.page, pageSize: context.pageSize }),
            onDone: [
              {
                // No regressions to put first (or no improvements, improvements first): ask for the other changes.
                guard: { type: 'opensElsewhere', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: [
                  { type: 'assignComparison', params: ({ event }) => event.output },
                  { type: 'adoptOpening', params: ({ event }) => event.output },
                  { type: 'replaceWith', params: ({ context }) => ({ search: compareSearch(context.address) }) },
                ],
              },
              {
                // The server chose the metric, the answer the filter: the address names them from now on.
                guard: 'isOpening',
                target: 'loaded',
                actions: [
                  { type: 'assignComparison', params: ({ event }) => event.output },
                  { type: 'adoptOpening', params: ({ event }) => event.output },
                  { type: 'replaceWith', params: ({ context }) => ({ search: compareSearch(context.address) }) },
                ],
              },
              { target: 'loaded', actions: { type: 'assignComparison', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: {
          on: { 'user.nextPage': turnPage(1), 'user.previousPage': turnPage(-1) },
        },
        // The server's refusal (a run missing, unfinished, nothing in common, a bad metric) or a failure.
        failed: {
          tags: 'failed',
          on: { 'user.retry': 'loading' },
        },
      },
    },
  },
});
