import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DatasetRow } from '../../../src/domain/evaluations/evaluation-service-types';
import { fakeDeps } from '../helpers/fake-deps';
import { logicOf } from '../helpers/render-console';

// The fakes name a call by its service method, checked against ConsoleDeps: a method renamed in a service
// breaks the tests that settle it at compile time, and an answer must have the shape the method resolves to.

const row: DatasetRow = {
  id: 1,
  name: 'Sofas',
  description: 'Sofa queries',
  created_at: '2026-01-05T09:30:00Z',
  updated_at: '2026-01-05T09:30:00Z',
  entry_count: 12,
};

describe('the fake services', () => {
  it('settle the call a machine waits on with the answer given', async () => {
    const services = fakeDeps();
    const actor = createActor(logicOf(services).datasetsPage, { input: { page: 1 } }).start();
    const { list } = actor.getSnapshot().context;
    expect(list.getSnapshot().matches('loading')).toBe(true);
    await services.settle('listDatasets', { output: { items: [row], total: 1 } });
    expect(list.getSnapshot().matches('loaded')).toBe(true);
    expect(list.getSnapshot().context.items).toEqual([row]);
    expect(services.calls('listDatasets')).toBe(1);
  });

  it('know only the services’ own method names', () => {
    const services = fakeDeps();
    // @ts-expect-error: no service has a method 'listDataset', so the misspelling does not compile.
    expect(() => services.last('listDataset')).toThrow('listDataset was never called');
    // @ts-expect-error: nor does a name that is not a method of any service.
    expect(services.calls('router')).toBe(0);
  });

  it('take only an answer of the shape the method resolves to', async () => {
    const services = fakeDeps();
    const { list } = createActor(logicOf(services).datasetsPage, { input: { page: 1 } })
      .start()
      .getSnapshot().context;
    // Never called (the list would choke on it): a page of datasets has items and a total, not a bare list.
    // @ts-expect-error: the answer's shape is checked against what listDatasets resolves to.
    const wrongShape = () => services.settle('listDatasets', { output: [row] });
    void wrongShape;
    await services.settle('listDatasets', { output: { items: [], total: 0 } });
    expect(list.getSnapshot().matches('empty')).toBe(true);
  });
});
