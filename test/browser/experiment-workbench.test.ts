import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations } from './console-session';
import type { RunningServer } from './server-process';

// The experiment workbench end to end, in the built console against the real server: an experiment created
// through the form with an HTTP target served by this test (it answers with the built-in catalogue search, so
// scores vary), a query tried before saving (and a pointer mistake shown with the answer's start), the run, its
// results narrowed to FAIL and sorted by nDCG in the address, and a result's details opened by address.
const RUNNABLE = 'Built-in search · WANDS US golden set';

type Experiment = { id: number; name: string; dataset_id: number; config: { golden_set_id: number } };
type Result = { id: number; result: { input: string; status: string; results: { metrics: Record<string, number> } } };

describe('experiment workbench in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let service: Server;
  let serviceUrl: string;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let runnable: Experiment;
  let runId = 0;
  let problems: string[];

  const backend = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    opened = await openConsole();
    ({ server, context, page, token, problems } = opened);
    const listed = await backend<Experiment[]>('experiments/?page=1&page_size=100');
    runnable = await backend<Experiment>(`experiments/${listed.find((experiment) => experiment.name === RUNNABLE)!.id}`);
    // The search service: the catalogue's built-in search, as a JSON answer of its own shape.
    service = createServer((request, response) => {
      const url = new URL(request.url!, 'http://x');
      const search = new URLSearchParams({ search: url.searchParams.get('q') ?? '', page_size: url.searchParams.get('n') ?? '10' });
      fetch(`${server.url}/api/backend/catalogue/products/?${search}`, { headers: { Authorization: `Bearer ${token}` } })
        .then((answer) => answer.json() as Promise<{ results: Array<{ product_id: string; name: string }> }>)
        .then(({ results }) => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ data: { items: results.map(({ product_id, name }) => ({ sku: product_id, title: name })) } }));
        })
        .catch(() => response.writeHead(502).end());
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/search?q={query}&n={k}`;
  });

  afterAll(async () => {
    await opened?.close();
    await new Promise((resolve) => service?.close(resolve));
  });

  it('creates an experiment with an HTTP target through the form, trying a query first', async () => {
    await page.goto(`${server.url}/experiments`);
    await page.getByRole('link', { name: 'New Experiment' }).click();
    await page.waitForURL(`${server.url}/experiments/new`);
    const form = page.getByRole('form', { name: 'New experiment' });
    await form.waitFor();
    await form.getByLabel('Name', { exact: true }).fill('HTTP copy of the built-in search');
    await form.getByLabel('Dataset', { exact: true }).selectOption(String(runnable.dataset_id));
    await form.getByLabel('Evaluation script').selectOption({ label: 'Golden set relevance' });
    await form.getByLabel('Golden set').selectOption(String(runnable.config.golden_set_id));
    await form.getByLabel('Search with').selectOption('http');
    await form.getByLabel('URL template').fill(serviceUrl);
    await form.getByLabel('Product id pointer').fill('/sku');
    await form.getByLabel('Name pointer (optional)').fill('/title');
    // The golden set's coverage of the dataset: the runnable experiment's dataset is all judged.
    await form.getByText(/^[\d,]+ of [\d,]+ queries have relevant judgements\.$/).waitFor();

    // A pointer mistake: the message and the start of the answer.
    await form.getByLabel('Hits pointer').fill('/results');
    const query = await firstQuery();
    const tryPanel = page.getByRole('region', { name: 'Try a query' });
    await tryPanel.getByLabel('Query').fill(query);
    await tryPanel.getByRole('button', { name: 'Try' }).click();
    await tryPanel.getByText('Search target response has no array at /results').waitFor();
    // The answer's start, laid out one member a line.
    expect(await tryPanel.locator('pre').textContent()).toMatch(/^\{\n {2}"data": \{\n {4}"items": \[\n {6}\{\n {8}"sku": /);

    await form.getByLabel('Hits pointer').fill('/data/items');
    await tryPanel.getByRole('button', { name: 'Try' }).click();
    const hits = tryPanel.getByRole('list', { name: 'Hits' });
    await hits.waitFor();
    const items = await hits.getByRole('listitem').allTextContents();
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatch(/^#1/);
    expect(items.every((item) => /(grade \d+|unjudged)$/.test(item))).toBe(true);
    expect(await tryPanel.getByText(/^[\d,]+ hits? in [\d,]+ ms/).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/experiment-runs\/\d+$/);
    const card = page.getByRole('region', { name: 'Experiment' });
    await card.getByRole('heading', { name: 'HTTP copy of the built-in search' }).waitFor();
    expect(await card.getByText(/^HTTP GET 127\.0\.0\.1:\d+\/search\?q=\{query\}&n=\{k\}: hits \/data\/items, id \/sku$/).count()).toBe(1);
  });

  it('runs it, then narrows its results to FAIL and sorts them by nDCG, all in the address', async () => {
    await page.getByRole('textbox', { name: 'Tags for the run' }).fill('workbench');
    await page.getByRole('button', { name: 'Run experiment' }).click();
    const panel = page.getByRole('region', { name: /^Run \d+$/ });
    const finished = panel.getByText(/^Run #\d+ finished\.$/);
    await finished.waitFor({ timeout: 90_000 });
    // The panel is named by the run's id (its address), the sentence by its number within the experiment.
    runId = Number((await panel.getAttribute('aria-label'))!.slice('Run '.length));
    const runNumber = Number((await finished.textContent())!.match(/#(\d+)/)![1]);
    const runs = page.getByRole('table', { name: /^Runs of experiment/ });
    const row = runs.getByRole('row').filter({ has: page.getByRole('link', { name: `Details of run #${runNumber}` }) });
    await row.getByText('workbench').waitFor();
    // The run's means in its row, and its point on the trend.
    expect(await row.getByRole('cell').nth(5).textContent()).toMatch(/^\d\.\d{4}$/);
    await page
      .getByRole('group', { name: 'Mean nDCG by run' })
      .getByRole('link', { name: new RegExp(`^Run #${runNumber}: nDCG@10 `) })
      .waitFor();

    await row.getByRole('link', { name: `Details of run #${runNumber}` }).click();
    await page.waitForURL(`${server.url}/experiment-run-results/${runId}`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(`Run #${runNumber}`).waitFor();
    await page.getByRole('checkbox', { name: 'FAIL' }).check();
    await page.waitForURL(`${server.url}/experiment-run-results/${runId}?status=FAIL&page=1`);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('ndcg@10');
    await page.waitForURL(`${server.url}/experiment-run-results/${runId}?status=FAIL&sort=ndcg%4010&page=1`);

    const expected = await backend<Result[]>(`experiment-runs/${runId}/results?status=FAIL&sort=ndcg@10&order=asc&page=1&page_size=20`);
    expect(expected.length).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: `Results of run ${runId}` });
    await table.getByRole('link', { name: `Details of result ${expected[0].id}` }).waitFor();
    const links = await table
      .getByRole('link', { name: /^Details of result/ })
      .evaluateAll((all) => all.map((link) => link.getAttribute('href')));
    expect(links).toEqual(expected.map((result) => `/experiment-run-result-details/${result.id}`));
    expect(new Set(await table.getByRole('row').locator('td:nth-child(3)').allTextContents())).toEqual(new Set(['FAIL']));
    const ndcgs = expected.map((result) => result.result.results.metrics['ndcg@10']);
    expect(ndcgs).toEqual([...ndcgs].sort((a, b) => a - b));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("opens a result's details from its address, as a new tab would", async () => {
    const [worst] = await backend<Result[]>(`experiment-runs/${runId}/results?status=FAIL&sort=ndcg@10&page=1&page_size=1`);
    const tab = await context.newPage();
    await tab.goto(`${server.url}/experiment-run-result-details/${worst.id}`);
    await tab.getByText(worst.result.input, { exact: true }).waitFor();
    const returned = tab.getByRole('list', { name: 'Search Results Products' }).getByRole('listitem');
    if ((await returned.count()) > 0)
      expect(await returned.first().textContent()).toMatch(/^#1 · (Common|Leftover|Judged not relevant) · (grade \d+|unjudged)/);
    await tab.getByRole('button', { name: 'Back to Results' }).click();
    await tab.waitForURL(`${server.url}/experiment-run-results/${runId}?page=1`);
    // An id the server does not know: the spec's sentence.
    await tab.goto(`${server.url}/experiment-run-result-details/999999`);
    await tab.getByText('No run result details found. Please go back and try again.').waitFor();
    await tab.close();
  });

  it('saw no page errors or console errors', () => {
    expect(problems).toEqual([]);
  });

  /** A query of the runnable experiment's dataset: one its golden set judges. */
  async function firstQuery(): Promise<string> {
    const [run] = await backend<Array<{ id: number }>>(`experiment-runs/by_experiment/${runnable.id}?page=1&page_size=1`);
    if (run) {
      const [result] = await backend<Result[]>(`experiment-runs/${run.id}/results?status=PASS&page=1&page_size=1`);
      if (result) return result.result.input;
    }
    return 'sofa';
  }
});
