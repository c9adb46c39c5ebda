import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { productDetailsMachine } from '../../../src/machines/catalogue/product-details.machine';
import type { Product } from '../../../src/domain/experiments/evaluation-backend-types';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderRoute } from '../helpers/render-console';
import { isXStateEvent, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the shortest path to every state of the product-details machine by every edge into it, replayed
// on /catalogue/products/{productId} through the route table (so the id is read from the address as the app
// reads it: here one with a slash in it).

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof productDetailsMachine>;
type ModelEvent =
  EventFromLogic<typeof productDetailsMachine> | ActorDone<'fetchProduct', Product | null> | ActorError<'fetchProduct', Error>;

const product: Product = {
  product_id: 'SOFA/7',
  name: 'Blue velvet sofa',
  description: 'A three-seat sofa.',
  image_url: 'https://img.example.com/sofa-7.jpg',
  attributes: { color: 'blue', seats: 3 },
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-23T09:30:00Z',
};

const candidates: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchProduct', output: product },
  { type: 'xstate.done.actor.fetchProduct', output: null },
  { type: 'xstate.error.actor.fetchProduct', error: new Error('The server answered 500') },
  { type: 'user.retry' },
  { type: 'user.back' },
];

const describeEvent = (event: ModelEvent) =>
  event.type === 'xstate.done.actor.fetchProduct'
    ? event.output === null
      ? 'fetch finds no such product'
      : 'fetch answers the product'
    : event.type === 'xstate.error.actor.fetchProduct'
      ? 'fetch fails'
      : event.type;

async function perform(event: ModelEvent, services: FakeDeps) {
  if (event.type === 'xstate.done.actor.fetchProduct') return services.settle('findProduct', { output: event.output });
  if (event.type === 'xstate.error.actor.fetchProduct') return services.settle('findProduct', { error: event.error });
  fireEvent.click(screen.getByRole('button', { name: event.type === 'user.retry' ? 'Try again' : 'Back' }));
}

function expectScreen(state: Snapshot, services: FakeDeps, event?: ModelEvent) {
  // Back leaves the page for the catalogue (the person came straight here: no page before it).
  if (event?.type === 'user.back') {
    expect(services.currentPath()).toBe('/catalogue');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Catalogue');
    return;
  }
  const heading = screen.getByRole('heading', { level: 1 }).textContent;
  const status = screen.queryByRole('status')?.textContent ?? null;
  const alert = screen.queryByRole('alert')?.textContent ?? null;
  const details = screen.queryByRole('region', { name: 'Product details' });
  if (state.matches('loading')) {
    expect([heading, status, alert, details]).toEqual(['Product', 'Loading...', null, null]);
  } else if (state.matches('missing')) {
    expect([heading, status, alert, details]).toEqual(['Product', null, 'Product not found: SOFA/7', null]);
  } else if (state.matches('failed')) {
    expect([heading, alert, details]).toEqual(['Product', 'Failed to fetch the product. The server answered 500', null]);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  } else {
    expect(heading).toBe('Blue velvet sofa');
    const terms = within(details!)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const definitions = within(details!)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, definitions[index]]))).toEqual({
      'Product ID': 'SOFA/7',
      Name: 'Blue velvet sofa',
      Description: 'A three-seat sofa.',
      Image: 'https://img.example.com/sofa-7.jpg',
      Attributes: '{\n  "color": "blue",\n  "seats": 3\n}',
      'Created At': 'Nov 22, 2026, 3:04 PM',
      'Updated At': 'Nov 23, 2026, 9:30 AM',
    });
    expect(within(details!).getByRole('img', { name: 'Blue velvet sofa' }).getAttribute('src')).toBe(product.image_url);
  }
}

describe('product details', () => {
  replayShortestPaths(productDetailsMachine, {
    input: { productId: 'SOFA/7' },
    events: (state) => candidates.filter((event) => (isXStateEvent(event) ? state.matches('loading') : state.can(event))),
    serializeEvent: (event) => describeEvent(event),
    // Each state once per edge into it, so every transition is walked.
    serializeState: (state, event, previous) =>
      JSON.stringify({ value: state.value, by: event && describeEvent(event), from: previous?.value }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 9 },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    async setup() {
      const services = fakeDeps();
      renderRoute(services, '/catalogue/products/SOFA%2F7');
      await waitFor(() => expect(services.last('findProduct').args).toEqual(['SOFA/7']));
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state, services, event) => expectScreen(state, services, event),
    afterPath({ steps }, services) {
      expect(services.calls('findProduct')).toBe(1 + steps.filter(({ event }) => event.type === 'user.retry').length);
      expect(services.wentBack()).toBe(steps.filter(({ event }) => event.type === 'user.back').length);
    },
  });

  it('shows "No image" and empty attributes for a product without them', async () => {
    const services = fakeDeps();
    renderRoute(services, '/catalogue/products/P-2');
    await services.settle('findProduct', { output: { ...product, product_id: 'P-2', image_url: null, attributes: {} } });
    const details = await screen.findByRole('region', { name: 'Product details' });
    expect(within(details).getByText('No image')).toBeTruthy();
    expect(within(details).getByLabelText('Attributes (JSON)').textContent).toBe('{}');
    expect(services.last('findProduct').args).toEqual(['P-2']);
  });
});
