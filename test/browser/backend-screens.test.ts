import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { followInAppLink, seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// The evaluation-backend screens end to end: the built console, the real server with its
// deterministic demo data, real sign-in. Failures are provoked by failing the backend call in the page.
// One page signs in once: after its first load, a screen is reached as a link reaches it (followInAppLink);
// only the checks of a load itself load the page again.

// The theme's colours (src/views/ui/theme.css.ts) as Chromium computes them.
const green = 'rgb(26, 127, 55)';
const red = 'rgb(180, 35, 24)';
const grey = 'rgb(87, 96, 106)';
const orange = 'rgb(179, 89, 0)';

describe('evaluation-backend screens in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let problems: string[];
  /** The failed demo run's results page, as the walk through the screens found it. */
  let runResultsUrl = '';

  beforeAll(async () => {
    opened = await openConsole({ expectedConsoleErrors: /Failed to load resource/ });
    ({ server, page, problems } = opened);
  });

  afterAll(() => opened?.close());

  const backendPath = (path: string) => (url: URL) => url.pathname === `/api/backend/${path}`;
  const failWith500 = (route: Route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error","message":"Injected failure"}' });
  const colour = (locator: Locator, property: 'backgroundColor' | 'borderTopColor' | 'color') =>
    locator.evaluate((element, name) => getComputedStyle(element)[name as 'color'], property);
  const alertText = async () => {
    const alert = page.getByRole('alert').first();
    await alert.waitFor();
    return { text: await alert.textContent(), colour: await colour(alert, 'color') };
  };
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  const open = (path: string) => followInAppLink(page, path);

  it('walks scripts → a script’s experiments → runs → results → result details and back', async () => {
    await nav('Evaluation Scripts').click();
    const scripts = page.getByRole('table', { name: 'Evaluation scripts' });
    await scripts.getByRole('link', { name: 'Golden set relevance', exact: true }).waitFor();
    expect(await scripts.getByRole('row').count()).toBe(4);
    expect(await page.getByText('3 evaluation scripts', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Page 1 of 1', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // The details card and Back with the page.
    await scripts.getByRole('link', { name: 'Golden set relevance', exact: true }).click();
    const card = page.getByRole('region', { name: 'Script details' });
    await card.getByText('scoredResult').waitFor();
    expect(JSON.parse((await page.getByTestId('output-schema').textContent())!)).toMatchObject({ type: 'object' });
    expect(await page.getByTestId('output-schema').textContent()).toContain('\n  "type": "object"');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/evaluation-scripts?page=1`);

    await page.getByRole('link', { name: 'Details of Golden set relevance' }).click();
    await page.getByRole('heading', { level: 1, name: 'Experiments for Script: Golden set relevance' }).waitFor();
    const experiments = page.getByRole('table', { name: 'Experiments of the script' });
    await experiments.getByRole('cell', { name: /^BM25 baseline/ }).waitFor();
    expect((await experiments.getByRole('row').allTextContents()).length).toBe(5);

    await experiments.getByRole('link', { name: 'Details of BM25 baseline' }).click();
    await page.waitForURL(/\/experiment-runs\/\d+$/);
    const runs = page.getByRole('table', { name: /^Runs of experiment/ });
    await runs.getByRole('row').nth(3).waitFor();
    const runRows = runs.getByRole('row');
    expect(await runRows.count()).toBe(4);
    // The status after the run's number, the script, the tags and the target.
    const statuses = await runRows.locator('td:nth-child(5) span').allTextContents();
    expect(statuses.sort()).toEqual(['failed', 'success', 'success']);
    for (const [status, expected] of [
      ['success', green],
      ['failed', red],
    ] as const) {
      expect(await colour(runs.getByText(status, { exact: true }).first(), 'backgroundColor')).toBe(expected);
    }
    expect(await runRows.filter({ hasText: 'hotfix' }).locator('td').nth(2).textContent()).toBe('hotfix');
    // Tags are a list of chips, one item a tag.
    const baselineTags = runRows
      .filter({ hasText: 'baseline' })
      .getByRole('list', { name: /^Tags of run/ })
      .getByRole('listitem');
    expect(await baselineTags.allTextContents()).toEqual(['baseline', 'nightly']);
    await expectNoSeriousViolations();

    // The failed run: PASS green, FAIL red, and its ERROR row grey.
    await runRows
      .filter({ has: page.getByText('failed', { exact: true }) })
      .getByRole('link', { name: /^Details of run/ })
      .click();
    await page.waitForURL(/\/experiment-run-results\/\d+$/);
    const results = page.getByRole('table', { name: /^Results of run/ });
    await results.getByRole('row').nth(1).waitFor();
    for (const [status, expected] of [
      ['PASS', green],
      ['FAIL', red],
    ] as const) {
      expect(await colour(results.getByText(status, { exact: true }).first(), 'backgroundColor')).toBe(expected);
    }
    // Scored results first: the error the run stopped on comes after them, on page 2, grey.
    expect(await results.getByRole('row').nth(1).locator('td:nth-child(3) span').textContent()).toMatch(/^(PASS|FAIL)$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();
    expect(await colour(results.getByText('ERROR', { exact: true }), 'backgroundColor')).toBe(grey);
    await results.getByRole('row').nth(10).waitFor();
    expect(await results.getByRole('row').count()).toBe(11);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1').waitFor();
    await results.getByRole('row').nth(20).waitFor();
    const resultsUrl = page.url().split('?')[0];
    runResultsUrl = resultsUrl;

    // One product picture fails to load: its placeholder shows instead.
    let brokenImage = '';
    await page.route(
      (url) => url.pathname.startsWith('/demo-images/') && (brokenImage === '' || url.pathname === brokenImage),
      (route) => {
        brokenImage = new URL(route.request().url()).pathname;
        return route.fulfill({ status: 404, body: '' });
      },
    );
    await results
      .getByRole('link', { name: /^Details of result/ })
      .first()
      .click();
    await page.waitForURL(/\/experiment-run-result-details\/\d+$/);
    const searchResults = page.getByRole('list', { name: 'Search Results Products' });
    await searchResults.getByRole('listitem').first().waitFor();
    await page.getByRole('img', { name: /^No image for / }).waitFor();
    expect(await page.getByRole('img', { name: /^No image for / }).count()).toBe(1);
    await page.unrouteAll();

    for (const item of await searchResults.getByRole('listitem').all()) {
      const match = await item.getAttribute('data-match');
      // Returned and judged below the cut: judged not relevant, neither colour.
      if (match === 'irrelevant') expect([green, orange]).not.toContain(await colour(item, 'borderTopColor'));
      else expect(await colour(item, 'borderTopColor')).toBe(match === 'common' ? green : orange);
      // Its rank, role and grade in words too.
      expect(await item.locator('p').first().textContent()).toMatch(/^#\d+ · (Common|Leftover|Judged not relevant) · (grade \d|unjudged)$/);
    }
    const golden = page.getByRole('list', { name: 'Golden Set Products' });
    for (const item of await golden.getByRole('listitem').all()) {
      const match = await item.getAttribute('data-match');
      const text = (await item.textContent())!;
      // Its role in words, the catalogue's name when it has one, the id and the grade (then what the catalogue says of it).
      const shape = /^(?:Common|Missing|Judged not relevant).*W\d+-\d{2}Relevance: ([0-3])/;
      expect(text).toMatch(shape);
      const grade = text.match(shape)![1];
      // Grade 0 is judged not relevant: neither common nor missing, and not coloured as either.
      if (grade === '0') expect(match).toBe('irrelevant');
      else expect(await colour(item, 'borderTopColor')).toBe(match === 'common' ? green : red);
    }
    const matches = await Promise.all((await golden.getByRole('listitem').all()).map((item) => item.getAttribute('data-match')));
    expect(matches.every((match) => match === 'common' || match === 'missing' || match === 'irrelevant')).toBe(true);

    // The Metrics grid folds away and back.
    const toggle = page.getByRole('button', { name: /Metrics/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByLabel('Metrics', { exact: true }).getByRole('term').allTextContents()).toContain('nDCG@10');
    await toggle.click();
    expect(await page.getByLabel('Metrics', { exact: true }).count()).toBe(0);
    await toggle.click();
    await page.getByLabel('Metrics', { exact: true }).waitFor();
    await expectNoSeriousViolations();

    // A reload keeps the passed row (history state); Back returns to the results page.
    await page.reload();
    await searchResults.getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Back to Results' }).click();
    await page.waitForURL(`${resultsUrl}?page=1`);
    await results.getByRole('row').nth(1).waitFor();

    // Loaded from its address (no row passed): fetched by id; an id the server lacks: the not-found text.
    await page.goto(`${server.url}/experiment-run-result-details/1`);
    await searchResults.getByRole('listitem').first().waitFor();
    await open('/experiment-run-result-details/99999999');
    expect((await alertText()).text).toBe('No run result details found. Please go back and try again.');
  });

  it('cuts an 11,000-character input to two lines in the run results, the whole input on hover and focus', async () => {
    expect(runResultsUrl).not.toBe('');
    const long = 'red velvet three-seater sofa with oak legs '.repeat(256).slice(0, 11_000);
    // The server's first result, its input made as long as the one that once made a row 11,537 px tall.
    const runResults = (url: URL) => /^\/api\/backend\/experiment-runs\/\d+\/results$/.test(url.pathname);
    await page.route(runResults, async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as Array<{ result: { input: string } }>;
      rows[0].result.input = long;
      await route.fulfill({ response, json: rows });
    });
    await open(runResultsUrl);
    const input = page.getByRole('table', { name: /^Results of run/ }).getByTitle(long);
    await input.waitFor();
    expect((await input.locator('xpath=ancestor::tr').boundingBox())!.height).toBeLessThan(100);
    // Tab reaches it, and focus unfolds the whole input.
    await input.focus();
    expect(await input.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap');
    await page.unroute(runResults);
  });

  it('filters /experiments by script over that script’s own call, fetching each distinct script once', async () => {
    const scriptCalls: string[] = [];
    const listen = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/backend\/evaluation-scripts\/\d+$/.test(pathname)) scriptCalls.push(pathname);
    };
    page.on('request', listen);
    await open('/experiments');
    const table = page.getByRole('table', { name: 'Experiments' });
    await table.getByRole('cell', { name: /^BM25 baseline/ }).waitFor();
    expect(await table.getByRole('row').count()).toBe(7);
    // The server's total above the table, and how many pages it makes.
    expect(await page.getByText('6 experiments', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Page 1 of 1', { exact: true }).isVisible()).toBe(true);
    expect(scriptCalls.sort()).toEqual([...new Set(scriptCalls)].sort());
    expect(scriptCalls).toHaveLength(3);
    expect(await table.getByRole('row').filter({ hasText: 'Semantic rerank for chairs' }).locator('td').nth(1).textContent()).toBe(
      'LLM relevance judge',
    );

    const filter = page.getByLabel('Filter by Script');
    const [first, ...options] = await filter.locator('option').allTextContents();
    expect([first, ...options.sort()]).toEqual(['All Scripts', 'Click model replay', 'Golden set relevance', 'LLM relevance judge']);
    const scriptExperiments = page.waitForRequest((request) =>
      /\/api\/backend\/evaluation-scripts\/\d+\/experiments\?page=1&page_size=20$/.test(request.url()),
    );
    await filter.selectOption({ label: 'LLM relevance judge' });
    await scriptExperiments;
    await table.getByRole('row').nth(1).filter({ hasText: 'Semantic rerank for chairs' }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await page.getByText('1 experiment', { exact: true }).isVisible()).toBe(true);
    expect(scriptCalls).toHaveLength(3);

    // A cancelled run (the demo's, stopped half way) is grey.
    await table.getByRole('link', { name: 'Details of Semantic rerank for chairs' }).click();
    const runs = page.getByRole('table', { name: /^Runs of experiment/ });
    await runs.getByText('cancelled', { exact: true }).waitFor();
    expect(await colour(runs.getByText('cancelled', { exact: true }), 'backgroundColor')).toBe(grey);
    await page.goBack();
    await page.getByLabel('Filter by Script').waitFor();
    page.off('request', listen);
  });

  it('shows every evaluation-backend error text in red above the table', async () => {
    const expectAlert = async (text: string | RegExp) => {
      const { text: shown, colour: shownColour } = await alertText();
      if (typeof text === 'string') expect(shown).toBe(text);
      else expect(shown).toMatch(text);
      expect(shownColour).toBe(red);
    };

    // A link to the screen already shown would not load it again: no two in a row go to the same one.
    await page.route(backendPath('evaluation-scripts/'), failWith500);
    await open('/evaluation-scripts');
    await expectAlert('Failed to fetch evaluation scripts.');
    await page.unrouteAll();

    await page.route(backendPath('experiments/'), failWith500);
    await open('/experiments');
    await expectAlert(/^Failed to fetch experiments or script details\. Error: .*500 Internal Server Error/);
    await page.unrouteAll();

    await page.route(backendPath('evaluation-scripts/1'), failWith500);
    await open('/evaluation-scripts/1?page=1');
    await expectAlert('Failed to fetch evaluation script details. ');
    await page.unrouteAll();

    await page.route((url) => /^\/api\/backend\/evaluation-scripts\/\d+\/experiments$/.test(url.pathname), failWith500);
    await open('/experiments');
    await page.getByRole('table', { name: 'Experiments' }).waitFor();
    await page.getByLabel('Filter by Script').selectOption({ label: 'Click model replay' });
    await expectAlert(/^Failed to fetch experiments\. Error: .*500 Internal Server Error/);
    await open('/evaluation-scripts/1/experiments');
    await expectAlert('Failed to fetch experiments.');
    await page.unrouteAll();

    await page.route((url) => url.pathname.startsWith('/api/backend/experiment-runs/by_experiment/'), failWith500);
    await open('/experiment-runs/1');
    await expectAlert('Failed to fetch experiment runs.');
    await page.unrouteAll();

    await page.route((url) => /^\/api\/backend\/experiment-runs\/\d+\/results$/.test(url.pathname), failWith500);
    await open('/experiment-run-results/1');
    await expectAlert('Failed to fetch experiment run results.');
    await page.unrouteAll();

    // After a failure, Try again reaches the server once it answers.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('table', { name: /^Results of run/ }).waitFor();
  });

  it('names a missing or malformed identifier', async () => {
    for (const [path, text] of [
      ['/experiment-runs/abc', 'Invalid experiment ID'],
      ['/experiment-run-results/0', 'Invalid experiment run ID'],
      ['/evaluation-scripts/1.5', 'Invalid evaluation script ID'],
      ['/evaluation-scripts/experiments', 'No script ID provided.'],
    ]) {
      await open(path);
      expect((await alertText()).text).toBe(text);
    }
  });

  it('says an id the server does not have is not found, with no actions and no empty name in the title', async () => {
    for (const [path, text, title] of [
      ['/experiment-runs/999999', 'Experiment not found', 'Experiment Runs'],
      ['/experiment-run-results/999999', 'Experiment run not found', 'Experiment Run Results'],
      ['/evaluation-scripts/999999/experiments', 'Evaluation script not found', 'Experiments for Script'],
      ['/evaluation-scripts/999999', 'Evaluation script not found', 'Evaluation Script'],
    ]) {
      await open(path);
      expect((await alertText()).text).toBe(text);
      expect(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.getByRole('button', { name: /Run experiment|Export|Try again/ }).count()).toBe(0);
    }
  });

  it('lets the keyboard reach the output schema, a scroll region', async () => {
    await open('/evaluation-scripts/1');
    const schema = page.getByTestId('output-schema');
    await schema.waitFor();
    await schema.focus();
    expect(await schema.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSeriousViolations();
  });

  it('saw no page errors or unexpected console errors', () => {
    expect(problems).toEqual([]);
  });

  async function expectNoSeriousViolations() {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }
});
