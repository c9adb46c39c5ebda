import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { accountsPageMachine } from '../../src/machines/accounts-page.machine';
import { adminAccessMachine } from '../../src/machines/admin-access.machine';
import { auditPageMachine } from '../../src/machines/audit-page.machine';
import type { SignedInUser } from '../../src/domain/account-types';
import { adminOnlyMessage } from '../../src/domain/admin-access';
import { AccountsPage } from '../../src/views/AccountsPage';
import { AuditPage } from '../../src/views/AuditPage';
import { fakeDeps, type FakeDeps } from './helpers/fake-deps';
import { renderWithLogic } from './helpers/render-console';

// Model-based: the pages for admins (issue 17). Every path of the admin-access machine on both pages (a
// non-admin reads why and no page call is made; a failure can be tried again), then the paths of each page's
// own machine: the accounts kept by an identity provider, the audit filter applied as a whole and the export.

afterEach(cleanup);

const admin: SignedInUser = { sub: 'admin', name: 'admin', role: 'admin', local_account: true };
const viewer: SignedInUser = { sub: 'vic', name: 'Vic', role: 'viewer', local_account: true };
const noRole: SignedInUser = { sub: 'sam', name: 'Sam', role: null, local_account: false };

const pages: Array<{ path: string; ui: ReactNode; doing: string; listCall: string }> = [
  { path: '/accounts', ui: <AccountsPage />, doing: 'manage accounts', listCall: 'accountRows' },
  { path: '/audit', ui: <AuditPage />, doing: 'read the audit trail', listCall: 'auditRows' },
];

describe.each(pages)('who may open $path', ({ path, ui, doing, listCall }) => {
  type Snapshot = SnapshotFrom<typeof adminAccessMachine>;
  type ModelEvent =
    | EventFromLogic<typeof adminAccessMachine>
    | { type: 'xstate.done.actor.fetchSignedInUser'; output: SignedInUser }
    | { type: 'xstate.error.actor.fetchSignedInUser'; error: Error };
  const unreachable = new Error('The server could not be reached. Please try again.');
  const paths = getShortestPaths(adminAccessMachine, {
    events: (state: Snapshot) => {
      const events: ModelEvent[] = state.matches('checking')
        ? [
            ...[admin, viewer, noRole].map((user) => ({ type: 'xstate.done.actor.fetchSignedInUser' as const, output: user })),
            { type: 'xstate.error.actor.fetchSignedInUser', error: unreachable },
          ]
        : [];
      if (state.can({ type: 'user.retry' })) events.push({ type: 'user.retry' });
      return events as never;
    },
    serializeState: ((state: Snapshot) => JSON.stringify({ value: state.value, context: state.context })) as never,
  });

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'xstate.done.actor.fetchSignedInUser':
        return services.settle('whoAmI', { output: event.output });
      case 'xstate.error.actor.fetchSignedInUser':
        return services.settle('whoAmI', { error: event.error });
      case 'user.retry':
        return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    }
  }

  function expectScreen(state: Snapshot, services: FakeDeps) {
    if (state.matches('granted')) {
      expect(services.calls(listCall)).toBe(1);
      return;
    }
    expect(services.calls(listCall)).toBe(0);
    if (state.matches('checking')) expect(screen.getByRole('status').textContent).toBe('Loading...');
    if (state.matches('forbidden')) expect(screen.getByRole('status').textContent).toBe(adminOnlyMessage(doing, state.context.user!.role));
    if (state.matches('failed'))
      expect(screen.getByRole('alert').textContent).toBe(`Could not check who is signed in. ${state.context.error}`);
    expect(screen.queryByRole('table')).toBeNull();
  }

  it('yields at least 6 paths', () => expect(paths.length).toBeGreaterThanOrEqual(6));

  for (const p of paths) {
    const steps = p.steps.slice(1);
    const route = steps
      .map(({ event }) => {
        const { type, output } = event as ModelEvent & { output?: SignedInUser };
        return output ? `signed in as ${output.role ?? 'no role'}` : type;
      })
      .join(' → ');
    it(`reaches ${String(p.state.value)} via ${route || 'nothing'}`, async () => {
      const services = fakeDeps();
      renderWithLogic(services, path, ui);
      expectScreen(p.steps[0].state as Snapshot, services);
      for (const step of steps) {
        await perform(step.event as ModelEvent, services);
        await waitFor(() => expectScreen(step.state as Snapshot, services));
      }
      expect(services.calls('whoAmI')).toBe(1 + steps.filter(({ event }) => event.type === 'user.retry').length);
    });
  }
});

describe('the accounts page once who is signed in is known', () => {
  type Snapshot = SnapshotFrom<typeof accountsPageMachine>;
  const paths = getShortestPaths(accountsPageMachine, {
    input: { page: 1, filter: {} },
    events: (state: Snapshot) =>
      (state.matches('checkingAccess')
        ? [admin, { ...admin, local_account: false }].map((user) => ({ type: 'xstate.done.actor.access', output: user }))
        : []) as never,
  });

  it('yields 3 paths', () => expect(paths.length).toBe(3));

  for (const p of paths) {
    it(`reaches ${String(p.state.value)}`, async () => {
      const services = fakeDeps();
      renderWithLogic(services, '/accounts', <AccountsPage />);
      for (const step of p.steps.slice(1))
        await services.settle('whoAmI', { output: (step.event as unknown as { output: SignedInUser }).output });
      const state = p.state as Snapshot;
      expect(services.calls('accountRows')).toBe(state.matches('ready') ? 1 : 0);
      expect(screen.queryByRole('button', { name: 'Add account' }) !== null).toBe(state.matches('ready'));
      if (state.matches('keptElsewhere'))
        expect(screen.getByRole('status').textContent).toMatch(/^Accounts are kept by the identity provider/);
      if (state.matches('checkingAccess')) expect(screen.getByRole('status').textContent).toBe('Loading...');
    });
  }
});

describe('the audit page’s own events', () => {
  type Snapshot = SnapshotFrom<typeof auditPageMachine>;
  type ModelEvent = EventFromLogic<typeof auditPageMachine> | { type: 'xstate.done.actor.access'; output: SignedInUser };
  const chosen = { actor: 'ada', action: 'golden_set.delete', from: '2026-03-01' };
  const paths = getShortestPaths(auditPageMachine, {
    input: { page: 2, filter: { target_type: 'dataset' } },
    events: (state: Snapshot) =>
      (state.matches('checkingAccess')
        ? [{ type: 'xstate.done.actor.access', output: admin }]
        : [{ type: 'user.applyFilters', filter: chosen }, { type: 'user.applyFilters', filter: {} }, { type: 'user.export' }]) as never,
    serializeState: ((state: Snapshot, event: ModelEvent | undefined) => JSON.stringify({ value: state.value, by: event })) as never,
  });

  const field = (name: string) =>
    within(screen.getByRole('form', { name: 'Filter the audit trail' })).getByLabelText(name) as HTMLInputElement;

  async function perform(event: ModelEvent, services: FakeDeps) {
    switch (event.type) {
      case 'xstate.done.actor.access':
        await services.settle('whoAmI', { output: event.output });
        return services.settle('auditRows', { output: { items: [], total: 0 } });
      case 'user.applyFilters':
        if (Object.keys(event.filter).length === 0) return fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
        fireEvent.change(field('Person (subject)'), { target: { value: ` ${chosen.actor} ` } });
        fireEvent.change(field('Action'), { target: { value: chosen.action } });
        fireEvent.change(field('Target'), { target: { value: '' } });
        fireEvent.change(field('From (day)'), { target: { value: chosen.from } });
        return fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
      case 'user.export':
        return fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    }
  }

  it('yields 5 paths', () => expect(paths.length).toBe(5));

  for (const p of paths) {
    const steps = p.steps.slice(1);
    const route = steps.map(({ event }) => ('filter' in event ? `${event.type}(${JSON.stringify(event.filter)})` : event.type)).join(' → ');
    it(`reaches ${String(p.state.value)} via ${route || 'nothing'}`, async () => {
      const services = fakeDeps();
      renderWithLogic(services, '/audit?target_type=dataset&page=2', <AuditPage />);
      for (const step of steps) {
        const event = step.event as ModelEvent;
        await perform(event, services);
        if (event.type === 'user.applyFilters') {
          // The whole filter at once: one new address at page 1, one call with it.
          const address = Object.keys(event.filter).length
            ? '/audit?actor=ada&action=golden_set.delete&from=2026-03-01&page=1'
            : '/audit?page=1';
          expect(services.currentPath()).toBe(address);
          expect(services.calls('auditRows')).toBe(2);
          expect(services.last('auditRows').args).toEqual([{ page: 1, pageSize: 20 }, event.filter]);
        }
        if (event.type === 'user.export') {
          expect(services.last('exportAuditTrail').args).toEqual([{ target_type: 'dataset' }]);
          expect(screen.getByRole('button', { name: 'Exporting CSV...' }).getAttribute('aria-busy')).toBe('true');
        }
      }
      expect(screen.queryByRole('button', { name: /^Export/ }) !== null).toBe((p.state as Snapshot).matches('ready'));
    });
  }
});
