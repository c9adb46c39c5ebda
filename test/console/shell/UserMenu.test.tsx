import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Me } from '../../../src/domain/shell/roles';
import { AuthActorContext } from '../../../src/views/shell/auth-actor-context';
import { UserMenu } from '../../../src/views/shell/UserMenu';
import { adminMe, signedInAuth } from '../helpers/fake-me';

afterEach(cleanup);

async function renderSignedIn(me: Me = adminMe) {
  const { actor } = signedInAuth(me);
  await act(async () => undefined); // restoreSession and GET /me settle
  render(
    <AuthActorContext.Provider value={actor}>
      <UserMenu />
      <button type="button">elsewhere</button>
    </AuthActorContext.Provider>,
  );
  return { actor, trigger: screen.getByRole('button', { name: 'User menu for Ada Admin' }) };
}

const items = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('user menu (top bar)', () => {
  it('is a closed menu button until used', async () => {
    const { trigger } = await renderSignedIn();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it.each([
    [{ ...adminMe, name: 'alice', role: 'curator' }, 'alice · Curator'],
    [{ ...adminMe, role: 'viewer' }, 'Ada Admin · Viewer'],
    [adminMe, 'Ada Admin · Admin'],
  ] as const)('says who is signed in and as what, as the server knows them: %j', async (me, text) => {
    await renderSignedIn(me);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('opens on click with Change password (a local account) and Logout, the first with the focus', async () => {
    const { trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(items()).toEqual(['Change password', 'Logout']);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Change password' }));
    expect(trigger.getAttribute('aria-controls')).toBe(screen.getByRole('menu').id);
  });

  it('offers no Change password when the identity provider keeps the account', async () => {
    const { trigger } = await renderSignedIn({ ...adminMe, local_account: false });
    fireEvent.click(trigger);
    expect(items()).toEqual(['Logout']);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Logout' }));
  });

  it('moves between the items with the arrows, Home and End', async () => {
    const { trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    const [change, logout] = screen.getAllByRole('menuitem');
    fireEvent.keyDown(change, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(logout);
    fireEvent.keyDown(logout, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(change);
    fireEvent.keyDown(change, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(logout);
    fireEvent.keyDown(logout, { key: 'Home' });
    expect(document.activeElement).toBe(change);
    fireEvent.keyDown(change, { key: 'End' });
    expect(document.activeElement).toBe(logout);
  });

  it('opens with ArrowDown and closes with Escape, focus back on the button', async () => {
    const { trigger } = await renderSignedIn();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Change password' }));
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Change password' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes when the focus leaves it', async () => {
    const { trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    fireEvent.blur(screen.getByRole('menuitem', { name: 'Logout' }), { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Change password closes the menu and opens its dialog; closing that gives the focus back to the menu button', async () => {
    const { trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('Logout asks the auth machine to log out', async () => {
    const { actor, trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });
});
