import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../src/machines/auth.machine';
import { AuthActorContext } from '../../src/views/auth-actor-context';
import { UserMenu } from '../../src/views/UserMenu';
import type { AuthUser } from '../../src/domain/auth-user';

afterEach(cleanup);

async function renderSignedIn() {
  const logic = authMachine.provide({
    actors: {
      restoreSession: fromPromise<AuthUser | null>(async () => ({ sub: 'admin', name: 'Ada Admin' })),
      logout: fromPromise(() => new Promise<void>(() => undefined)),
    },
    actions: { forgetSession: () => undefined, replaceAddress: () => undefined },
  });
  const actor = createActor(logic, { input: { url: 'https://c.test/' } }).start();
  await act(async () => undefined); // restoreSession settles
  render(
    <AuthActorContext.Provider value={actor}>
      <UserMenu />
      <button type="button">elsewhere</button>
    </AuthActorContext.Provider>,
  );
  return { actor, trigger: screen.getByRole('button', { name: 'User menu for Ada Admin' }) };
}

describe('user menu (top bar)', () => {
  it('is a closed menu button until used', async () => {
    const { trigger } = await renderSignedIn();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on click with one item, Logout, which has the focus', async () => {
    const { trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Logout']);
    expect(document.activeElement).toBe(items[0]);
    expect(trigger.getAttribute('aria-controls')).toBe(screen.getByRole('menu').id);
  });

  it('opens with ArrowDown and closes with Escape, focus back on the button', async () => {
    const { trigger } = await renderSignedIn();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Logout' }));
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Logout' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes when the focus leaves it', async () => {
    const { trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    fireEvent.blur(screen.getByRole('menuitem', { name: 'Logout' }), { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Logout asks the auth machine to log out', async () => {
    const { actor, trigger } = await renderSignedIn();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });
});
