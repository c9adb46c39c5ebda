import type { SnapshotFrom } from 'xstate';
import type { productDetailsMachine } from './product-details.machine';

export type ProductDetailsSnapshot = SnapshotFrom<typeof productDetailsMachine>;

export type ProductDetailsView = 'loading' | 'loaded' | 'missing' | 'failed';

export function selectProductView(snapshot: ProductDetailsSnapshot): ProductDetailsView {
  if (snapshot.hasTag('busy')) return 'loading';
  if (snapshot.matches('missing')) return 'missing';
  if (snapshot.matches('failed')) return 'failed';
  return 'loaded';
}

export const selectProduct = (snapshot: ProductDetailsSnapshot) => snapshot.context.product;
export const selectProductId = (snapshot: ProductDetailsSnapshot) => snapshot.context.productId;
export const selectProductError = (snapshot: ProductDetailsSnapshot) => snapshot.context.error;
