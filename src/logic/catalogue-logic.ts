import { fromPromise } from 'xstate';
import { CATALOGUE_FILTER, cataloguePageMachine } from '../machines/catalogue/catalogue-page.machine';
import { importProductsMachine } from '../machines/catalogue/import-products.machine';
import type { UploadRequest } from '../machines/shared/upload.machine';
import { productDetailsMachine } from '../machines/catalogue/product-details.machine';
import type { CatalogueFormat } from '../domain/catalogue/catalogue';
import { parseRouteId } from '../domain/shell/route-id';
import type { ConsoleDeps } from './console-deps';
import { pagedList, resource } from './paged-lists';

const CATALOGUE_PATH = '/catalogue';

// The /catalogue and /catalogue/products/{productId} screens, on the evaluation backend.
export function createCatalogueLogic({
  catalogue,
  demoData,
  goldenSets,
  router,
}: Pick<ConsoleDeps, 'catalogue' | 'demoData' | 'goldenSets' | 'router'>) {
  return {
    cataloguePage: cataloguePageMachine.provide({
      actors: {
        list: pagedList(router, {
          // A golden set in the address that is not an id is no choice, as an unknown dataset is on the entries page.
          fetchPage: ({ page, pageSize, filter }) =>
            catalogue.productRows({ page, pageSize }, { search: filter.search, goldenSetId: parseRouteId(filter.golden_set) ?? undefined }),
          filterNames: CATALOGUE_FILTER,
        }),
        goldenSetOptions: resource(() => goldenSets.goldenSetOptions()),
        demoData: resource(() => demoData.demoDataState()),
        importProducts: importProductsMachine.provide({
          actors: {
            upload: fromPromise(({ input, signal }: { input: UploadRequest<CatalogueFormat>; signal: AbortSignal }) =>
              catalogue.importProducts(input.file, input.format, { signal, onProgress: input.reportProgress }),
            ),
          },
        }),
      },
    }),
    productDetails: productDetailsMachine.provide({
      actors: { fetchProduct: fromPromise(({ input }: { input: { productId: string } }) => catalogue.findProduct(input.productId)) },
      actions: { goBack: () => router.back(CATALOGUE_PATH) },
    }),
  };
}
