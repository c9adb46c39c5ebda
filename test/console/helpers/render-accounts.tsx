import { vi } from 'vitest';
import { act } from '@testing-library/react';
import { selectMeActor } from '../../../src/machines/shell/auth.selectors';
import { selectMe } from '../../../src/machines/shell/me.selectors';
import type { Me } from '../../../src/domain/shell/roles';
import { AuthActorContext } from '../../../src/views/shell/auth-actor-context';
import { AccountsPage } from '../../../src/views/admin/AccountsPage';
import { adminMe, signedInAuth } from './fake-me';
import type { FakeDeps } from './fake-deps';
import { renderWithLogic } from './render-console';

// /accounts as the shell shows it: signed in as `me` (whose account lives here unless it says not),
// with the role the shell gives the screens. Resolves once the server has said who it is.
export async function renderAccounts(services: FakeDeps, path = '/accounts', me: Me = adminMe) {
  const { actor } = signedInAuth(me);
  const view = renderWithLogic(
    services,
    path,
    <AuthActorContext.Provider value={actor}>
      <AccountsPage />
    </AuthActorContext.Provider>,
    me.role === null ? {} : { role: me.role },
  );
  await act(() =>
    vi.waitFor(() => {
      const meActor = selectMeActor(actor.getSnapshot());
      if (!meActor || !selectMe(meActor.getSnapshot())) throw new Error('who is signed in is not known yet');
    }),
  );
  return view;
}
