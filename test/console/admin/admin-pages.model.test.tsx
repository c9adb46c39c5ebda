import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic } from 'xstate';
import { auditPageMachine } from '../../../src/machines/admin/audit-page.machine';
import { AuditPage } from '../../../src/views/admin/AuditPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths } from '../helpers/replay-shortest-paths';

// /audit: who may open it (anyone else reads why, and the trail is not asked for), then every path of
// the page's own machine replayed on the view: the filter form applied as a whole (one address at page 1, one
// call with it), cleared, and the export of the filter the list shows.

afterEach(cleanup);

describe('who may read the audit trail', () => {
  it.each(['viewer', 'curator'] as const)('a %s reads why, and the trail is not asked for', (role) => {
    const services = fakeDeps();
    renderWithLogic(services, '/audit', <AuditPage />, { role });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Audit trail');
    expect(screen.getByRole('status').textContent).toBe(`Only admins can read the audit trail. You are signed in as a ${role}.`);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(services.calls('auditRows')).toBe(0);
  });
});

describe('the audit page’s own events', () => {
  type ModelEvent = EventFromLogic<typeof auditPageMachine>;
  const chosen = { actor: 'ada', action: 'golden_set.delete', from: '2026-03-01' };

  const field = (name: string) =>
    within(screen.getByRole('form', { name: 'Filter the audit trail' })).getByLabelText(name) as HTMLInputElement;

  function perform(event: ModelEvent) {
    if (event.type === 'user.export') return fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    if (Object.keys(event.filter).length === 0) return fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.change(field('Person (subject)'), { target: { value: ` ${chosen.actor} ` } });
    fireEvent.change(field('Action'), { target: { value: chosen.action } });
    fireEvent.change(field('Target'), { target: { value: '' } });
    fireEvent.change(field('From (day)'), { target: { value: chosen.from } });
    return fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  }

  function expectAfter(event: ModelEvent, services: FakeDeps) {
    if (event.type === 'user.applyFilters') {
      // The whole filter at once: one new address at page 1, one call with it.
      const address = Object.keys(event.filter).length
        ? '/audit?actor=ada&action=golden_set.delete&from=2026-03-01&page=1'
        : '/audit?page=1';
      expect(services.currentPath()).toBe(address);
      expect(services.calls('auditRows')).toBe(2);
      expect(services.last('auditRows').args).toEqual([{ page: 1, pageSize: 20 }, event.filter]);
    } else {
      expect(services.last('exportAuditTrail').args).toEqual([{ target_type: 'dataset' }]);
      expect(screen.getByRole('button', { name: 'Exporting CSV...' }).getAttribute('aria-busy')).toBe('true');
      expect(services.calls('auditRows')).toBe(1);
    }
  }

  replayShortestPaths(auditPageMachine, {
    input: { page: 2, filter: { target_type: 'dataset' } },
    events: [
      { type: 'user.applyFilters', filter: chosen },
      { type: 'user.applyFilters', filter: {} },
      { type: 'user.export' },
    ] satisfies ModelEvent[],
    serializeState: (state, event) => JSON.stringify({ value: state.value, by: event }),
    paths: { exactly: 4 },
    describeEvent: (event) => ('filter' in event ? `${event.type}(${JSON.stringify(event.filter)})` : event.type),
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/audit?target_type=dataset&page=2', <AuditPage />);
      expect(services.last('auditRows').args).toEqual([{ page: 2, pageSize: 20 }, { target_type: 'dataset' }]);
      await services.settle('auditRows', { output: { items: [], total: 0 } });
      expect(field('Target').value).toBe('dataset');
      return services;
    },
    perform: (event) => perform(event),
    afterPerform: ({ event }, services) => expectAfter(event, services),
  });
});
