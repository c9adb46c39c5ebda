import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { serviceClient } from './console-session';
import type { RunningServer } from './server-process';

// The dataset editor from the keyboard alone: from the filter, Tab reaches the list, the
// arrows and Space select, and the next Tab reaches 'Add Selected'; the focus ring shows whole.

describe('the dataset editor from the keyboard in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let datasetId = 0;

  beforeAll(async () => {
    opened = await openConsole({ env: { DEMO_DATA: 'false' } });
    ({ server, page } = opened);
    const api = serviceClient(server.url, opened.token);
    // More rows than one screen of the list, so a keyboard user could get lost among them.
    for (let n = 1; n <= 60; n += 1) {
      expect((await api('POST', 'dataset-entries/', { input: `query ${String(n).padStart(2, '0')}` })).status).toBe(201);
    }
    const created = await api<{ id: number }>('POST', 'datasets/', { name: 'Keyboard set', description: 'Built from the keyboard' });
    datasetId = created.data.id;
  });

  afterAll(() => opened?.close());

  /** The focused element's name, and whether its outline shows whole: not none, and inside every clipping ancestor. */
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      const reach = parseFloat(style.outlineWidth) + Math.max(0, parseFloat(style.outlineOffset));
      const box = element.getBoundingClientRect();
      let clipped = false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent);
        if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        clipped ||=
          box.left - reach < clip.left || box.top - reach < clip.top || box.right + reach > clip.right || box.bottom + reach > clip.bottom;
      }
      return {
        role: element.getAttribute('role') ?? element.tagName.toLowerCase(),
        name: element.getAttribute('aria-label') ?? element.textContent,
        outline: style.outlineStyle,
        clipped,
      };
    });

  it('reaches the list with Tab, selects with the arrows and Space, and reaches Add Selected with the next Tab', async () => {
    await page.goto(`${server.url}/datasets/${datasetId}/edit`);
    const filter = page.getByPlaceholder('Filter available entries...');
    await page.getByRole('heading', { name: 'Available Entries (60)' }).waitFor();
    await filter.focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'listbox', name: 'Available Entries', outline: 'solid', clipped: false });

    const listbox = page.getByRole('listbox', { name: 'Available Entries' });
    const active = () =>
      listbox.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent);
    // Newest first: query 60 at the top, query 01 at the bottom.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await active()).toBe('query 58');
    expect(await listbox.getByRole('option', { selected: true }).allTextContents()).toEqual(['query 59', 'query 58']);
    await page.keyboard.press('End');
    expect(await active()).toBe('query 01');
    // The active row is rendered and scrolled into view, inside the list.
    const [row, list] = await Promise.all([listbox.getByRole('option', { name: 'query 01' }).boundingBox(), listbox.boundingBox()]);
    expect(row!.y).toBeGreaterThanOrEqual(list!.y);
    expect(row!.y + row!.height).toBeLessThanOrEqual(list!.y + list!.height + 1);
    await page.keyboard.press('Space');
    expect(await listbox.getByRole('option', { selected: true }).allTextContents()).toEqual(['query 01']);

    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ role: 'button', name: 'Add Selected (3)', clipped: false });
    expect((await focused()).outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Included Entries (3)' }).waitFor();
    await page.getByRole('heading', { name: 'Available Entries (57)' }).waitFor();
  });
});
