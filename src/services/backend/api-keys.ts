import type { ApiClient } from '../api-client';
import { countedPage, pageQuery } from '../paging';
import type { ApiKey, CreatedApiKey, NewApiKey } from '../../domain/api-keys/api-key-form';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';

// api-keys/ on the evaluation backend (server/routes/backend/api-keys.ts): one's own keys (an admin's: everyone's),
// a new key (whose answer alone holds its secret), a key revoked.

export type ApiKeys = ReturnType<typeof createApiKeys>;

export function createApiKeys(api: ApiClient) {
  return {
    /** GET api-keys/?page&page_size → the page (newest first) and its count. */
    apiKeyRows: async (page: PageRequest): Promise<Page<ApiKey>> =>
      countedPage(await api<{ count: number; results: ApiKey[] }>('api-keys/', { query: pageQuery(page) })),

    /** POST api-keys/ → 201 with the key and its secret, shown once. */
    createApiKey: (key: NewApiKey) => api<CreatedApiKey>('api-keys/', { method: 'POST', body: key }),

    /** DELETE api-keys/{id} → 204; the key is refused from the next request on. */
    revokeApiKey: async (id: number): Promise<void> => {
      await api(`api-keys/${id}`, { method: 'DELETE' });
    },
  };
}
