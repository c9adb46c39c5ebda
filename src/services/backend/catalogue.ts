import type { ApiClient } from '../api-client';
import { foundOrNull } from '../failure-message';
import { countedPage, pageQuery } from '../paging';
import type { FormPoster } from '../upload-csv';
import type { CatalogueFormat } from '../../domain/catalogue/catalogue';
import type { CatalogueImportCounts, Product } from '../../domain/experiments/evaluation-backend-types';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { UploadOptions } from '../../domain/datasets/upload-types';

// catalogue/ on the evaluation backend (server/routes/backend/catalogue.ts): a page of products or of the
// built-in search's ranking, one product, and the import of a CSV or JSON Lines file (multipart over XHR, for
// its progress).

/** What the Catalogue page asks for besides the page: the search text and the golden set that grades it. */
type CatalogueQuery = { search?: string; goldenSetId?: number };

export type Catalogue = ReturnType<typeof createCatalogue>;

export function createCatalogue(api: ApiClient, baseURL: string, postForm: FormPoster) {
  return {
    /** GET catalogue/products/?page&page_size&search&golden_set_id → {count, results}; searched: ranked, with scores (and grades). */
    productRows: async (page: PageRequest, { search, goldenSetId }: CatalogueQuery = {}): Promise<Page<Product>> =>
      countedPage(
        await api<{ count: number; results: Product[] }>('catalogue/products/', {
          query: { ...pageQuery(page), search: search || undefined, golden_set_id: goldenSetId },
        }),
      ),

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
      return (await postForm(url, buildForm, { ...options, size: file.size })) as CatalogueImportCounts;
    },
  };
}
