import { assign, fromPromise, setup } from 'xstate';
import { adjudicateMachine } from './adjudicate.machine';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { disagreementKey } from '../../domain/golden-sets/agreement-text';
import type { Agreement } from '../../domain/judging/golden-set-judging-types';

// The golden set's Agreement tab: fetched when the tab is shown (and again each time, so it is never
// stale), one pair of raters opened to its confusion matrix, one disagreement opened to adjudicate. An
// adjudication saved fetches the numbers again and is counted (`adjudications`): the page refreshes the grades
// it shows.

export type AgreementTabInput = { goldenSetId: number | null };

type RaterPair = { rater_a: number; rater_b: number };
type Opened = { query: string; productId: string };

export type AgreementTabContext = {
  goldenSetId: number | null;
  agreement: Agreement | null;
  error: string | null;
  openPair: RaterPair | null;
  openDisagreement: Opened | null;
  adjudications: number;
};

export type AgreementTabEvent =
  | { type: 'user.show' }
  | { type: 'user.hide' }
  | { type: 'user.retry' }
  | ({ type: 'user.openPair' } & RaterPair)
  | { type: 'user.closePair' }
  | ({ type: 'user.openDisagreement' } & Opened)
  | { type: 'user.closeDisagreement' };

export const agreementTabMachine = setup({
  types: {
    context: {} as AgreementTabContext,
    input: {} as AgreementTabInput,
    events: {} as AgreementTabEvent,
    tags: {} as 'shown' | 'loading' | 'failed',
  },
  actors: {
    fetchAgreement: fromPromise<Agreement, { goldenSetId: number }>(notProvided('fetchAgreement')),
    adjudicate: adjudicateMachine,
  },
  guards: {
    isOtherPair: ({ context }, params: RaterPair) =>
      context.openPair?.rater_a !== params.rater_a || context.openPair?.rater_b !== params.rater_b,
    isListed: ({ context }, params: Opened) =>
      context.agreement?.disagreements.some(
        (listed) => disagreementKey(listed) === disagreementKey({ query: params.query, product_id: params.productId }),
      ) ?? false,
  },
  actions: {
    assignAgreement: assign((_, params: { agreement: Agreement }) => ({ agreement: params.agreement, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ agreement: null, error: messageOf(params.error) })),
    assignPair: assign((_, params: { pair: RaterPair | null }) => ({ openPair: params.pair })),
    assignDisagreement: assign((_, params: { opened: Opened | null }) => ({ openDisagreement: params.opened })),
    countAdjudication: assign(({ context }) => ({ adjudications: context.adjudications + 1, openDisagreement: null })),
  },
}).createMachine({
  id: 'agreementTab',
  context: ({ input }) => ({
    goldenSetId: input.goldenSetId,
    agreement: null,
    error: null,
    openPair: null,
    openDisagreement: null,
    adjudications: 0,
  }),
  initial: 'hidden',
  states: {
    hidden: { on: { 'user.show': 'shown' } },
    shown: {
      tags: 'shown',
      on: {
        'user.hide': {
          target: 'hidden',
          actions: [
            { type: 'assignPair', params: { pair: null } },
            { type: 'assignDisagreement', params: { opened: null } },
          ],
        },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          invoke: {
            id: 'fetchAgreement',
            src: 'fetchAgreement',
            input: ({ context }) => ({ goldenSetId: context.goldenSetId! }),
            onDone: { target: 'ready', actions: { type: 'assignAgreement', params: ({ event }) => ({ agreement: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { tags: 'failed', on: { 'user.retry': 'loading' } },
        ready: {
          on: {
            'user.openPair': {
              guard: { type: 'isOtherPair', params: ({ event }) => event },
              actions: { type: 'assignPair', params: ({ event }) => ({ pair: { rater_a: event.rater_a, rater_b: event.rater_b } }) },
            },
            'user.closePair': { actions: { type: 'assignPair', params: { pair: null } } },
            'user.openDisagreement': {
              guard: { type: 'isListed', params: ({ event }) => event },
              target: '.adjudicating',
              reenter: true,
              actions: {
                type: 'assignDisagreement',
                params: ({ event }) => ({ opened: { query: event.query, productId: event.productId } }),
              },
            },
          },
          initial: 'browsing',
          states: {
            browsing: {},
            adjudicating: {
              on: { 'user.closeDisagreement': { target: 'browsing', actions: { type: 'assignDisagreement', params: { opened: null } } } },
              invoke: {
                id: 'adjudicate',
                src: 'adjudicate',
                input: ({ context }) => ({ goldenSetId: context.goldenSetId!, ...context.openDisagreement! }),
                onDone: { target: '#agreementTab.shown.loading', actions: 'countAdjudication' },
              },
            },
          },
        },
      },
    },
  },
});
