import { describe, expect, it, vi } from 'vitest';
import { createBrowserRouter } from '../../../src/services/browser-router';

// The browser router's Back: to the console's page before, or to the fallback when the console was opened
// at this page, even when the tab's history holds other pages before it; and the trail of addresses that led
// to each entry, kept in its state beside the depth. One walk, as the router keeps both for the life of the page.

const where = () => `${window.location.pathname}${window.location.search}`;
const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));

describe('browser router', () => {
  it('goes back inside the console only, else to the fallback', async () => {
    // A page before the console in the tab, then the console opened directly at the entry editor.
    window.history.pushState(null, '', '/somewhere-else');
    window.history.pushState(null, '', '/dataset-entries/5/edit');
    const router = createBrowserRouter();
    const historyBack = vi.spyOn(window.history, 'back');

    router.back('/dataset-entries');
    expect(historyBack).not.toHaveBeenCalled();
    expect(where()).toBe('/dataset-entries');

    router.navigate('/dataset-entries?search=sofa&page=2');
    router.replace('/dataset-entries?search=sofa&dataset=3&page=2');
    window.history.pushState({ row: 7 }, '', '/dataset-entries/7/edit'); // a link with a history state
    // The entry knows the addresses that led to it, the list's query kept: each screen once, the last one left.
    expect(window.history.state).toEqual({
      row: 7,
      consoleDepth: 3,
      consoleTrail: ['/dataset-entries/5/edit', '/dataset-entries?search=sofa&dataset=3&page=2'],
    });
    for (const expected of ['/dataset-entries?search=sofa&dataset=3&page=2', '/dataset-entries', '/dataset-entries/5/edit']) {
      const returned = popped();
      router.back('/dataset-entries');
      await returned;
      expect(where()).toBe(expected);
      if (expected.startsWith('/dataset-entries?')) expect(window.history.state.consoleTrail).toEqual(['/dataset-entries/5/edit']);
    }
    expect(historyBack).toHaveBeenCalledTimes(3);
    // Back from the page the console was opened at would leave it: the fallback instead.
    router.back('/dataset-entries');
    expect(historyBack).toHaveBeenCalledTimes(3);
    expect(where()).toBe('/dataset-entries');
  });
});
