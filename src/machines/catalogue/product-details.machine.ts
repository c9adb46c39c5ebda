import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import type { Product } from '../../domain/experiments/evaluation-backend-types';

// The /catalogue/products/{productId} page: one product with every field. Loading, loaded, missing (the
// server has no such product: the fetch answered null) or failed, with Try again. A product is keyed by its
// own text id, not a route's number, so this is not the resource machine (whose ids are positive integers).
// Back returns to the catalogue as the person left it (`goBack`, bound to the router's Back).

export type ProductDetailsInput = { productId: string };

export type ProductDetailsContext = { productId: string; product: Product | null; error: string | null };

export type ProductDetailsEvent = { type: 'user.retry' } | { type: 'user.back' };

export const productDetailsMachine = setup({
  types: {
    context: {} as ProductDetailsContext,
    input: {} as ProductDetailsInput,
    events: {} as ProductDetailsEvent,
    tags: {} as 'busy',
  },
  actors: {
    fetchProduct: fromPromise<Product | null, { productId: string }>(notProvided('fetchProduct')),
  },
  guards: {
    isMissing: (_, params: { product: Product | null }) => params.product === null,
  },
  actions: {
    goBack: notProvided('goBack'),
    assignProduct: assign((_, params: { product: Product | null }) => ({ product: params.product, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ product: null, error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'productDetails',
  context: ({ input }) => ({ productId: input.productId, product: null, error: null }),
  on: { 'user.back': { actions: 'goBack' } },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchProduct',
        src: 'fetchProduct',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ product: event.output }) }, target: 'missing' },
          { target: 'loaded', actions: { type: 'assignProduct', params: ({ event }) => ({ product: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {},
    missing: {},
    failed: { on: { 'user.retry': 'loading' } },
  },
});
