import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// The Dashboard colours a series alike in both charts, and counts and draws what the server really has.

describe('the Dashboard', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    opened = await openConsole();
    ({ server, page, token } = opened);
    await page.getByRole('img', { name: 'Dataset Distribution' }).waitFor();
    await page.getByRole('img', { name: 'Monthly Activity' }).waitFor();
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

  it('counts the server’s experiments and evaluations, and draws its months, with no sample numbers', async () => {
    const totalOf = async (list: string) => {
      const response = await fetch(`${server.url}/api/backend/${list}/?page=1&page_size=1`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return Number(response.headers.get('x-total-count'));
    };
    const experiments = await totalOf('experiments');
    expect(experiments).toBeGreaterThan(0);
    const pieLegend = page.getByRole('list', { name: 'Legend' }).nth(1);
    expect(await pieLegend.getByRole('listitem').last().textContent()).toBe(`Experiments: ${experiments}`);
    const evaluationsCard = page.getByRole('list', { name: 'Counts' }).getByRole('link', { name: /^Evaluations/ });
    expect(await evaluationsCard.textContent()).toBe(`Evaluations${await totalOf('evaluations')}`);
    // Six months of the server's activity, four series each.
    expect(await page.getByRole('img', { name: 'Monthly Activity' }).locator('rect').count()).toBe(24);
    expect(await page.getByText(/sample/i).count()).toBe(0);
  });
});
