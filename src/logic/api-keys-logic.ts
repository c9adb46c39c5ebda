import { fromPromise } from 'xstate';
import { apiKeysPageMachine } from '../machines/api-keys/api-keys-page.machine';
import { newApiKeyMachine } from '../machines/api-keys/new-api-key.machine';
import type { CreatedApiKey, NewApiKey } from '../domain/api-keys/api-key-form';
import type { ConsoleDeps } from './console-deps';
import { pagedList } from './paged-lists';

// The /api-keys page bound to the api-keys calls, the clipboard and the address bar.
export function createApiKeysLogic({ apiKeys, clipboard, router }: Pick<ConsoleDeps, 'apiKeys' | 'clipboard' | 'router'>) {
  return {
    apiKeysPage: apiKeysPageMachine.provide({
      actors: {
        list: pagedList(router, {
          fetchPage: ({ page, pageSize }) => apiKeys.apiKeyRows({ page, pageSize }),
          deleteItem: (id) => apiKeys.revokeApiKey(id),
        }),
        newKey: newApiKeyMachine.provide({
          actors: {
            createKey: fromPromise<CreatedApiKey, NewApiKey>(({ input }) => apiKeys.createApiKey(input)),
            copySecret: fromPromise<void, { text: string }>(({ input }) => clipboard.copyText(input.text)),
          },
        }),
      },
    }),
  };
}
