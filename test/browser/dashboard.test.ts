import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// The Dashboard colours a series alike in both charts, says which numbers are sample data,
// and counts the experiments the server really has.

describe('the Dashboard', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    opened = await openConsole();
    ({ server, page, token } = opened);
    await page.getByRole('img', { name: 'Dataset Distribution' }).waitFor();
  });

  afterAll(() => opened?.close());

  const swatchColour = (legend: number, series: string) =>
    page
      .getByRole('list', { name: 'Legend' })
      .nth(legend)
      .locator(`[data-series="${series}"] span`)
      .evaluate((swatch) => getComputedStyle(swatch).backgroundColor);

  it('shows each series in the same colour in both charts', async () => {
    for (const series of ['datasets', 'evaluations', 'goldenSets', 'experiments']) {
      expect(await swatchColour(0, series)).toBe(await swatchColour(1, series));
    }
  });

  it('counts the server’s experiments and marks the sample numbers', async () => {
    const response = await fetch(`${server.url}/api/backend/experiments/?page=1&page_size=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const total = Number(response.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(0);
    expect(total).not.toBe(10); // the spec's placeholder
    const pieLegend = page.getByRole('list', { name: 'Legend' }).nth(1);
    expect(await pieLegend.getByRole('listitem').last().textContent()).toBe(`Experiments: ${total}`);
    await page.getByText('Sample data: fixed numbers, not this console’s activity.').waitFor();
    expect(await page.getByRole('list', { name: 'Counts' }).getByText('Sample data').count()).toBe(1);
  });
});
