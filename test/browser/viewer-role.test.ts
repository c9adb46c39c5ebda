import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type OpenConsole } from './open-console';
import { seriousAccessibilityViolations, serviceClient, signIn } from './console-session';
import type { RunningServer } from './server-process';

// The viewer role end to end: a viewer made with `npm run user -- add` while the server runs signs in to the
// built console and walks every main screen over the demo data. The user menu says Viewer; no control that
// would change something is usable (each refused with its reason, or left out); and not one response is a 403.
const viewer = { name: 'vera', password: 'viewer-role-viewer-password' };
const RUNNABLE = 'Built-in search · WANDS US golden set';
const REASON = 'Needs the curator role — you are a viewer';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run user -- add NAME` (a viewer unless told) against the running server's data folder; the password on stdin. */
function addAccount(dataDir: string, name: string, password: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/user.ts', 'add', name], { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
    child.stdin.end(`${password}\n`);
  });
}

/** What a control that changes something says (Add, Edit, Delete…): the pattern the screens are searched with; grades are found by their group. */
const CHANGES =
  /^(Add|Edit|Delete|Remove|Upload|Bulk Upload|Import|Save|New Experiment|Run experiment|Cancel run|Rescore|Judge unjudged|Try)/;

type Experiment = { id: number; name: string };
type Run = { id: number; status: string };

describe('a viewer in Chromium', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token = '';
  let problems: string[];
  const refused: string[] = [];

  const backend = async <T>(path: string) => {
    const response = await fetch(`${server.url}/api/backend/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  /** The main area's controls that change something and could still be used: buttons and links by what they say, grade selects, fields to type in. */
  const usableChangeControls = () =>
    page.evaluate((pattern) => {
      const changes = new RegExp(pattern);
      const nameOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      const main = document.querySelector('main')!;
      return [...main.querySelectorAll<HTMLElement>('button, a, [role="link"], select, input, textarea')]
        .filter((element) => {
          if (element.getAttribute('aria-disabled') === 'true' || (element as HTMLButtonElement).disabled) return false;
          if (element.closest('fieldset:disabled')) return false;
          if (element instanceof HTMLSelectElement) return /^Grade/.test(nameOf(element));
          if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
            return !['search', 'checkbox'].includes(element.type) && !element.closest('[role="search"]');
          return changes.test(nameOf(element)) || element.closest('[role="group"][aria-label^="Grade"]') !== null;
        })
        .map(nameOf);
    }, CHANGES.source);

  /** Opens a screen, waits for what shows it has loaded, and finds nothing a viewer could change. */
  async function visit(path: string, loaded: (page: Page) => Promise<unknown>) {
    await page.goto(`${server.url}${path}`);
    await loaded(page);
    await page.waitForLoadState('networkidle');
    expect(await usableChangeControls(), path).toEqual([]);
  }

  beforeAll(async () => {
    opened = await openConsole({ context: { viewport: { width: 1280, height: 900 } }, signIn: false });
    ({ server, page, problems } = opened);
    expect(await addAccount(server.dataDir, viewer.name, viewer.password)).toMatchObject({
      code: 0,
      stdout: `Added account "${viewer.name}" (viewer)`,
    });
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
    });
    ({ token } = await signIn(page, server.url, viewer.password, viewer.name));
  });

  afterAll(() => opened?.close());

  it('says in the user menu who is signed in, as a viewer, and shows no Accounts or Audit', async () => {
    expect(await backend('me')).toEqual({ sub: viewer.name, name: viewer.name, role: 'viewer', local_account: true });
    await page.getByText(`${viewer.name} · Viewer`).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).not.toContain('Accounts');
    expect(await nav.getByRole('link').allInnerTexts()).not.toContain('Audit');
    await page.getByRole('button', { name: `User menu for ${viewer.name}` }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Change password', 'Logout']);
    await page.keyboard.press('Escape');
  });

  it('meets datasets, a dataset’s editor and the entries with nothing to change, each refusal saying why on focus and hover', async () => {
    const { data: datasets } = await serviceClient(server.url, token)<Array<{ id: number; name: string }>>(
      'GET',
      'datasets/?page=1&page_size=1',
    );
    await visit('/datasets', (p) => p.getByRole('link', { name: datasets[0].name }).waitFor());
    const add = page.getByRole('button', { name: 'Add Dataset' });
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    const reason = page.getByRole('tooltip', { name: REASON });
    expect(await reason.isVisible()).toBe(false);
    await add.focus();
    expect(await reason.isVisible()).toBe(true);
    // Playwright would wait for it to be enabled: the click is forced, as a person's would land.
    await add.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Datasets' }).click();
    expect(await reason.isVisible()).toBe(false);
    await add.hover();
    expect(await reason.isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await visit(`/datasets/${datasets[0].id}/edit`, (p) => p.getByRole('listbox', { name: 'Available Entries' }).waitFor());
    expect(await page.getByRole('button', { name: /^Add Selected/ }).getAttribute('aria-disabled')).toBe('true');
    await visit('/dataset-entries', (p) => p.getByRole('table').waitFor());
  });

  it('meets golden sets, a golden set with a query open, and the catalogue with nothing to change', async () => {
    const { results: sets } = await backend<{ results: Array<{ id: number }> }>('golden-sets/?page=1&page_size=1');
    const { results: queries } = await backend<{ results: Array<{ query: string }> }>(
      `golden-sets/${sets[0].id}/queries/?page=1&page_size=1`,
    );
    await visit('/golden-sets', (p) => p.getByRole('table').waitFor());
    const query = queries[0].query;
    await visit(`/golden-sets/${sets[0].id}?query=${encodeURIComponent(query)}`, (p) =>
      p.getByRole('table', { name: `Judgements of “${query}”` }).waitFor(),
    );
    await page.getByRole('note').filter({ hasText: 'Grading, adding and removing judgements' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await visit('/catalogue', (p) => p.getByRole('table', { name: 'Products' }).waitFor());
  });

  it('meets experiments, a run and its results, a result’s details and the judge queue with nothing to change', async () => {
    const experiments = await backend<Experiment[]>('experiments/?page=1&page_size=100');
    const experiment = experiments.find((e) => e.name === RUNNABLE)!;
    const runs = await backend<Run[]>(`experiment-runs/by_experiment/${experiment.id}`);
    const run = runs.find((r) => r.status === 'success')!;

    await visit('/experiments', (p) => p.getByRole('table', { name: 'Experiments' }).waitFor());
    await visit(`/experiment-runs/${experiment.id}`, (p) =>
      p.getByRole('table', { name: `Runs of experiment ${experiment.id}` }).waitFor(),
    );
    expect(await page.getByRole('button', { name: 'Run experiment' }).getAttribute('aria-disabled')).toBe('true');
    await visit(`/experiment-run-results/${run.id}`, (p) => p.getByRole('link', { name: 'Judge unjudged' }).waitFor());
    await page.locator('main a[href^="/experiment-run-result-details/"]').first().click();
    await page.getByRole('list', { name: 'Search Results Products' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await usableChangeControls()).toEqual([]);
    await visit(`/experiment-run-results/${run.id}/judge`, (p) => p.getByRole('region', { name: 'Grade this product' }).waitFor());
    await page.keyboard.press('1');
    expect(await page.getByLabel('Progress').innerText()).toMatch(/^judged 0 · skipped 0 · left /);
  });

  it('meets the evaluation scripts with nothing to change, and never a 403 nor a console error anywhere', async () => {
    await visit('/evaluation-scripts', (p) => p.getByRole('table', { name: 'Evaluation scripts' }).waitFor());
    expect(refused).toEqual([]);
    expect(problems).toEqual([]);
  });
});
