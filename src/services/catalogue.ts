import type { ApiClient } from './api-client';
import { explained, foundOrNull } from './failure-message';
import type { FormPoster } from './upload-csv';
import type { CatalogueFormat } from '../domain/catalogue/catalogue';
import type { CatalogueImportCounts, Product } from '../domain/experiments/evaluation-backend-types';
import type { Page, PageRequest } from '../domain/evaluations/evaluation-service-types';
import type { UploadOptions } from '../domain/datasets/upload-types';

// The evaluation backend's catalogue: a page of products or of the built-in search's ranking, one
// product, and the import of a CSV or JSON Lines file (multipart over XHR, for its progress).

/** What the Catalogue page asks for besides the page: the search text and the golden set that grades it. */
export type CatalogueQuery = { search?: string; goldenSetId?: number };

export type Catalogue = ReturnType<typeof createCatalogue>;

export function createCatalogue(api: ApiClient, baseURL: string, postForm: FormPoster) {
  return {
    /** GET catalogue/products/?page&page_size&search&golden_set_id → {count, results}; searched: ranked, with scores (and grades). */
    productRows: async ({ page, pageSize }: PageRequest, { search, goldenSetId }: CatalogueQuery = {}): Promise<Page<Product>> => {
      const { count, results } = await explained(
        api<{ count: number; results: Product[] }>('catalogue/products/', {
          query: { page, page_size: pageSize, search: search || undefined, golden_set_id: goldenSetId },
        }),
      );
      return { items: results, total: count };
    },

    /** GET catalogue/products/{productId}; null when there is no such product. */
    findProduct: (productId: string) => foundOrNull(api<Product>(`catalogue/products/${encodeURIComponent(productId)}`)),

    /** POST catalogue/import as multipart: the format first (the server reads fields before the file), then the file. */
    importProducts: async (file: File, format: CatalogueFormat, options: UploadOptions = {}): Promise<CatalogueImportCounts> => {
      const url = `${baseURL.replace(/\/+$/, '')}/catalogue/import`;
      const buildForm = () => {
        const form = new FormData();
        form.append('format', format);
        form.append('file', file, file.name);
        return form;
      };
      return (await explained(postForm(url, buildForm, { ...options, size: file.size }))) as CatalogueImportCounts;
    },
  };
}
