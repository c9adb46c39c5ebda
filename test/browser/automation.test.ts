import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './console-session';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// Evaluation without a person, end to end: an admin makes an API key on the console's API keys page, a CI
// job's CLI (the file the server serves) starts a run with it and waits for its end, and the console shows
// the run, the key's last use, and the audit trail naming the key and its owner; on the experiment's page a
// curator schedules it and adds an alert on the same rule language; the key revoked, the CLI is refused at once.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const RUNNABLE = 'Built-in search · WANDS US golden set';

type CliResult = { code: number; stdout: string; stderr: string };

describe('an API key made on the console drives the CLI', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let secret = '';
  let experimentId = 0;
  let runId = 0;

  beforeAll(async () => {
    opened = await openConsole();
    ({ server, page } = opened);
    const response = await fetch(`${server.url}/api/backend/experiments/?page=1&page_size=100`, {
      headers: { Authorization: `Bearer ${opened.token}` },
    });
    const experiments = (await response.json()) as Array<{ id: number; name: string }>;
    experimentId = experiments.find((experiment) => experiment.name === RUNNABLE)!.id;
  });

  afterAll(() => opened?.close());

  /** The CLI as a CI job runs it: the file the server serves, the server's URL and the key from the environment. */
  const cli = (args: string[]) =>
    new Promise<CliResult>((resolve) => {
      execFile(
        process.execPath,
        ['server/cli/search-eval.mjs', ...args],
        { cwd: repoRoot, env: { ...process.env, SEARCH_EVAL_URL: server.url, SEARCH_EVAL_KEY: secret }, timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
      );
    });

  it('makes a curator key on the API keys page and shows its secret once', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('status').filter({ hasText: 'No API keys yet.' }).waitFor();
    await page.getByRole('button', { name: 'New key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByLabel('Name*').fill('nightly ci');
    await dialog.getByLabel('Role').selectOption('curator');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const shown = page.getByRole('dialog', { name: 'API key "nightly ci" created' });
    secret = (await shown.locator('output').innerText()).trim();
    expect(secret).toMatch(/^sek_[A-Za-z0-9_-]{8}[A-Za-z0-9_-]{43}$/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'nightly ci' }) });
    await row.waitFor();
    // Listed by its prefix only; never used yet.
    expect(await row.innerText()).toContain(`${secret.slice(0, 12)}…`);
    expect(await row.innerText()).not.toContain(secret.slice(12));
    expect((await row.getByRole('cell').allInnerTexts()).at(-2)).toBe('Never');
  });

  it('runs the experiment from the CLI with the key, waits for its end, and the console shows the run and who started it', async () => {
    const started = await cli(['run', '--experiment', String(experimentId), '--tag', 'ci-check', '--wait', '--timeout', '90']);
    expect(started.code, started.stderr).toBe(0);
    runId = Number(started.stdout.split('\n')[0]);
    expect(runId).toBeGreaterThan(0);

    await page.goto(`${server.url}/experiment-runs/${experimentId}`);
    const run = page
      .getByRole('table', { name: `Runs of experiment ${experimentId}` })
      .getByRole('row')
      .filter({ hasText: 'ci-check' });
    await expect.poll(() => run.innerText()).toMatch(/success/i);

    // The key's use is recorded: its last use on the keys page, and the run's start in the audit trail under it and its owner.
    await page.goto(`${server.url}/api-keys`);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'nightly ci' }) });
    await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).at(-2)).not.toBe('Never');
    await page.goto(`${server.url}/audit`);
    await expect.poll(() => page.getByRole('table', { name: 'Audit trail' }).innerText()).toContain('key "nightly ci" (admin)');
  });

  it('schedules the experiment and adds an alert on its page, both kept after a reload', async () => {
    await page.goto(`${server.url}/experiment-runs/${experimentId}`);
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await schedule.getByLabel('Cron (UTC)').fill('0 6 * * 1-5');
    // The next runs are named while typing, before anything is saved.
    await expect.poll(() => schedule.innerText()).toMatch(/Next runs \(your time\): \w{3} \d+, \d{4}, 6:00 AM/);
    await schedule.getByRole('switch').check();
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(() => schedule.innerText()).not.toContain('Next run: none (off)');

    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByRole('button', { name: 'Add alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add alert' });
    await dialog.getByLabel('Rule').fill('ndcg@10:0.01');
    await dialog.getByLabel('Webhook URL').fill('http://127.0.0.1:9/search-alerts');
    await dialog.getByLabel('Baseline (run id or latest:TAG; empty: the previous scheduled run)').fill('latest:ci-check');
    await dialog.getByRole('button', { name: 'Add alert' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.reload();
    const rule = page.getByRole('table', { name: 'Alert rules' }).getByRole('row').filter({ hasText: 'ndcg@10:0.01' });
    await expect.poll(() => rule.innerText()).toContain('latest:ci-check');
    await expect.poll(() => page.getByRole('region', { name: 'Schedule' }).getByLabel('Cron (UTC)').inputValue()).toBe('0 6 * * 1-5');
  });

  it('deletes the alert after asking, and says no one is told any more', async () => {
    await page.goto(`${server.url}/experiment-runs/${experimentId}`);
    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByRole('button', { name: 'Delete alert ndcg@10:0.01' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete alert' });
    await expect.poll(() => confirm.innerText()).toContain('Delete alert ndcg@10:0.01 and its deliveries?');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => alerts.innerText()).toContain('No alerts: a scheduled run that regresses tells nobody.');
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'Alerts' }).innerText()).toContain('No alerts');
  });

  it('refuses the CLI at once once the key is revoked', async () => {
    await page.goto(`${server.url}/api-keys`);
    await page.getByRole('button', { name: 'Revoke nightly ci' }).click();
    await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
    // A revoked key leaves the list.
    await page.getByRole('status').filter({ hasText: 'No API keys yet.' }).waitFor();
    const refused = await cli(['export', '--run', String(runId), '--format', 'json']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('API key revoked');
  });
});
