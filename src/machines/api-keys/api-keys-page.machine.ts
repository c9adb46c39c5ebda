import { setup, type ActorRefFrom } from 'xstate';
import { pagedListMachine, pageFromSearch } from '../shared/paged-list.machine';
import { newApiKeyMachine } from './new-api-key.machine';

// The /api-keys page: the paged keys (one's own; an admin's, everyone's), newest first, whose Revoke
// confirmation is the list's confirm-modal; 'New key' reloads the list once the key is made.

type ApiKeysPageInput = { page: number };

/** The page's input from the address's query. */
export const apiKeysPageInput = (search: string): ApiKeysPageInput => ({ page: pageFromSearch(search) });

type ApiKeysPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  newKey: ActorRefFrom<typeof newApiKeyMachine>;
};

export const apiKeysPageMachine = setup({
  types: { input: {} as ApiKeysPageInput, context: {} as ApiKeysPageContext },
  // src/logic gives each its actors (the api-keys calls, the clipboard).
  actors: { list: pagedListMachine, newKey: newApiKeyMachine },
}).createMachine({
  id: 'apiKeysPage',
  context: ({ input, spawn }) => {
    const list = spawn('list', { id: 'list', input: { page: input.page } });
    return { list, newKey: spawn('newKey', { id: 'newKey', input: { reloadTarget: list } }) };
  },
});
