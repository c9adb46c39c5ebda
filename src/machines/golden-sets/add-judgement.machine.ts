import { assign, fromPromise, sendParent, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import type { Product } from '../../domain/experiments/evaluation-backend-types';

// The golden set page's "add a product": by its id, or found with the catalogue's built-in search, with the grade chosen
// beside it. The judgement itself is the query's (query-judgements.machine), which shows and saves it like any
// change: this machine only finds the product and hands it over (`user.add` to its parent).

export const CATALOGUE_RESULTS = 10;

export type AddJudgementContext = {
  productId: string;
  grade: number;
  /** The catalogue search that `results` answer. */
  search: string;
  results: Product[];
  error: string | null;
};

export type AddJudgementEvent =
  | { type: 'user.productIdChanged'; text: string }
  | { type: 'user.gradeChanged'; grade: number }
  | { type: 'user.addById' }
  | { type: 'user.search'; text: string }
  | { type: 'user.pick'; product: Pick<Product, 'product_id' | 'name' | 'image_url'> };

export const addJudgementMachine = setup({
  types: {
    context: {} as AddJudgementContext,
    events: {} as AddJudgementEvent,
    tags: {} as 'searching',
  },
  actors: {
    searchCatalogue: fromPromise<Product[], { search: string }>(notProvided('searchCatalogue')),
  },
  guards: {
    hasProductId: ({ context }) => context.productId.trim() !== '',
    hasSearch: (_, params: { text: string }) => params.text.trim() !== '',
  },
  actions: {
    assignProductId: assign((_, params: { text: string }) => ({ productId: params.text })),
    assignGrade: assign((_, params: { grade: number }) => ({ grade: params.grade })),
    assignSearch: assign((_, params: { text: string }) => ({ search: params.text.trim(), error: null })),
    clearSearch: assign({ search: '', results: [], error: null }),
    assignResults: assign((_, params: { results: Product[] }) => ({ results: params.results })),
    assignError: assign((_, params: { error: unknown }) => ({ results: [], error: messageOf(params.error) })),
    addById: sendParent(({ context }) => ({ type: 'user.add', productId: context.productId.trim(), grade: context.grade })),
    addPicked: sendParent(({ context }, params: { product: Pick<Product, 'product_id' | 'name' | 'image_url'> }) => ({
      type: 'user.add',
      productId: params.product.product_id,
      grade: context.grade,
      name: params.product.name,
      imageUrl: params.product.image_url,
    })),
    clearProductId: assign({ productId: '' }),
  },
}).createMachine({
  id: 'addJudgement',
  context: { productId: '', grade: 0, search: '', results: [], error: null },
  on: {
    'user.productIdChanged': { actions: { type: 'assignProductId', params: ({ event }) => event } },
    'user.gradeChanged': { actions: { type: 'assignGrade', params: ({ event }) => event } },
    'user.addById': { guard: 'hasProductId', actions: ['addById', 'clearProductId'] },
    'user.pick': { actions: { type: 'addPicked', params: ({ event }) => event } },
    'user.search': [
      {
        guard: { type: 'hasSearch', params: ({ event }) => event },
        target: '.searching',
        actions: { type: 'assignSearch', params: ({ event }) => event },
      },
      { target: '.idle', actions: 'clearSearch' },
    ],
  },
  initial: 'idle',
  states: {
    idle: {},
    searching: {
      tags: 'searching',
      invoke: {
        id: 'searchCatalogue',
        src: 'searchCatalogue',
        input: ({ context }) => ({ search: context.search }),
        onDone: { target: 'idle', actions: { type: 'assignResults', params: ({ event }) => ({ results: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
