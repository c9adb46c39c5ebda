import type { ApiClient } from './api-client';
import { explained } from './failure-message';
import type { SignedInUser } from '../domain/account-types';

// Who the session's token is for (issue 17): GET me on the evaluation backend → subject, name, role (null when
// the token maps to none) and whether accounts live here. Pages for admins ask it before anything else.

export type SignedIn = ReturnType<typeof createSignedIn>;

export function createSignedIn(api: ApiClient) {
  return {
    whoAmI: () => explained(api<SignedInUser>('me')),
  };
}
