import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { signIn } from './console-session';
import type { RunningServer } from './server-process';
import { grade, startFakeOpenAi, type FakeOpenAi } from '../server/helpers/fake-openai';

// Judgements from several sources end to end, in the built console against the real server and a fake
// OpenAI-compatible model: a curator sets up a model judge on the Model judges page and has it judge a demo
// run's unjudged products; two accounts then rate four of those pairs; the golden set's Agreement tab shows
// the two people's κ (worked by hand below) and the model against their consensus, as the API computes them.
const RUNNABLE = 'Built-in search · WANDS US golden set';

type Run = { id: number; status: string; config: { golden_set_id: number } };
type Item = { query: string; product_id: string };
type Agreement = {
  raters: Array<{ id: number; kind: string; name: string }>;
  vs_consensus: Array<{ rater: number; shared: number; kappa_quadratic: number | null }>;
};

/** The model's grade of a prompt: fixed by its text, so the same product always gets the same grade. */
function modelGrade(prompt: string): number {
  let sum = 0;
  for (const char of prompt) sum = (sum * 31 + char.charCodeAt(0)) % 1_000_003;
  return sum % 4;
}

describe('raters, a model judge and their agreement in Chromium', () => {
  let opened: OpenConsole | undefined;
  let fake: FakeOpenAi;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let run: Run;
  let pairs: Item[];

  const backend = async <T>(path: string, method = 'GET', body?: unknown, bearer = token): Promise<T> => {
    const response = await fetch(`${server.url}/api/backend/${path}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi((body) => grade(modelGrade(body.messages.map((m) => m.content).join('\n'))));
    const host = new URL(fake.baseUrl).host;
    opened = await openConsole({ env: { MODEL_JUDGE_HOSTS: host }, context: { viewport: { width: 1280, height: 900 } } });
    ({ server, page, token } = opened);
    const experiments = await backend<Array<{ id: number; name: string }>>('experiments/?page=1&page_size=100');
    const experiment = experiments.find((e) => e.name === RUNNABLE)!;
    const runs = await backend<Run[]>(`experiment-runs/by_experiment/${experiment.id}`);
    run = await backend<Run>(`experiment-runs/${runs.find((r) => r.status === 'success')!.id}`);
    // The pairs of the run's top k its golden set does not judge yet: what the model is asked to judge.
    pairs = await backend<Item[]>(`experiment-runs/${run.id}/unjudged/?scope=all&page_size=4`);
    expect(pairs).toHaveLength(4);
  });

  afterAll(async () => {
    await opened?.close();
    await fake?.close();
  });

  it("judges a run's unjudged products with a model judge made on the Model judges page, and shows the job to its end", async () => {
    await page.goto(`${server.url}/model-judges`);
    await page.getByRole('button', { name: 'New model judge' }).click();
    await page.getByLabel('Name*').fill('Fake model');
    await page.getByLabel('Base URL* (the /v1 root)').fill(fake.baseUrl);
    await page.getByLabel('Model*').fill('fake-1');
    // A local model can take what a hosted one's limits would refuse: the run's pairs judged in seconds.
    await page.getByLabel('Concurrency').fill('8');
    await page.getByLabel('Requests per minute').fill('6000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Judge a golden set or a run with Fake model' }).count()).toBe(1);
    // From the run's page: the job comes with the run and its golden set chosen; only the judge is left to pick.
    await page.goto(`${server.url}/experiment-run-results/${run.id}`);
    await page.getByRole('link', { name: 'Judge with a model' }).click();
    await page.waitForURL(/\/model-judges\?/);
    await page.getByRole('button', { name: 'Judge a golden set or a run with Fake model' }).click();
    await expect.poll(() => page.getByLabel('Golden set*').inputValue()).toBe(String(run.config.golden_set_id));
    expect(await page.getByLabel('Run id (empty: the whole set)').inputValue()).toBe(String(run.id));
    expect(await page.getByLabel('Pairs').inputValue()).toBe('unjudged');
    await page.getByRole('button', { name: 'Estimate cost' }).click();
    const estimate = await page.getByRole('status').filter({ hasText: 'Estimate:' }).innerText();
    const unjudged = Number(/(\d[\d,]*) pairs?/.exec(estimate)![1].replace(/,/g, ''));
    expect(unjudged).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: 'Start judging' }).click();
    await page.waitForURL(/\/judge-jobs\/\d+$/);
    const jobId = Number(/\/judge-jobs\/(\d+)$/.exec(page.url())![1]);
    await expect.poll(() => page.getByLabel('Status').innerText(), { timeout: 90_000 }).toMatch(/succeeded/i);
    const job = await backend<{ done: number; total: number; failed: number }>(`judge-jobs/${jobId}`);
    expect(job).toMatchObject({ done: unjudged, total: unjudged, failed: 0 });
    expect(fake.requests.length).toBeGreaterThanOrEqual(unjudged);
    // Every pair the model graded now has its rating in the golden set.
    const [first] = pairs;
    const judged = await backend<Array<{ product_id: string; ratings: Array<{ kind: string; rater: string }> }>>(
      `golden-sets/${run.config.golden_set_id}/judgements/?query=${encodeURIComponent(first.query)}`,
    );
    expect(judged.find((j) => j.product_id === first.product_id)!.ratings).toContainEqual(
      expect.objectContaining({ kind: 'model', rater: 'Fake model' }),
    );
  }, 150_000);

  it("shows two people's κ on the Agreement tab, and the model against their consensus", async () => {
    const setId = run.config.golden_set_id;
    await backend('accounts/', 'POST', { username: 'grace', password: 'grace-curator-password', role: 'curator' });
    const other = await opened!.browser.newContext();
    const { token: grace } = await signIn(await other.newPage(), server.url, 'grace-curator-password', 'grace');
    await other.close();
    // Admin grades 0, 1, 2, 3 and Grace 0, 1, 3, 3. Quadratic weights (i − j)²: observed disagreement 1/4;
    // expected, from the margins (admin ¼ each; Grace ¼, ¼, 0, ½), Σ pA(i)·pB(j)·(i − j)² = 3; κ = 1 − (1/4)/3 = 0.92.
    // Exact agreement 3 of 4.
    const rate = (who: string, product: Item, value: number) =>
      backend(`golden-sets/${setId}/judgements/`, 'PUT', { query: product.query, product_id: product.product_id, grade: value }, who);
    for (const [n, product] of pairs.entries()) {
      await rate(token, product, n);
      await rate(grace, product, [0, 1, 3, 3][n]);
    }
    const agreement = await backend<Agreement>(`golden-sets/${setId}/agreement`);
    const people = agreement.raters.filter((r) => r.kind === 'person').map((r) => r.name);
    expect(people).toHaveLength(2);
    const model = agreement.raters.find((r) => r.kind === 'model')!;
    const modelVsPeople = agreement.vs_consensus.find((v) => v.rater === model.id)!;
    expect(modelVsPeople.shared).toBe(4);

    await page.goto(`${server.url}/golden-sets/${setId}`);
    await page.getByRole('tab', { name: 'Agreement' }).click();
    const pairsTable = page.getByRole('table', { name: 'Rater pairs' });
    const peopleRow = pairsTable.getByRole('row', { name: new RegExp(`^(${people[0]} and ${people[1]}|${people[1]} and ${people[0]})$`) });
    await expect.poll(() => peopleRow.innerText()).toMatch(/\b4\b[\s\S]*0\.92[\s\S]*75%/);
    const consensus = page.getByRole('table', { name: "Against the people's consensus" });
    const modelRow = consensus.getByRole('row').filter({ hasText: 'Fake model' });
    expect(await modelRow.innerText()).toContain(modelVsPeople.kappa_quadratic === null ? '—' : modelVsPeople.kappa_quadratic.toFixed(2));
    expect(opened!.problems).toEqual([]);
  });
});
