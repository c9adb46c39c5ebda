import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { seriousAccessibilityViolations, signIn } from './console-session';
import { openConsole, type OpenConsole } from './open-console';
import type { RunningServer } from './server-process';

// Accounts and the audit trail in the built console against the real server: the admin adds an account on
// /accounts and sees it listed, finds its 'account.create' row by admin on /audit, changes its role in place
// (kept after a reload, recorded as 'account.role'), filters the trail by action, removes the account; a viewer
// who opens both pages reads "Only admins can …" and no request of theirs is refused with a 403.

describe('accounts and the audit trail, as an admin and as a viewer', () => {
  let opened: OpenConsole | undefined;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let problems: string[];

  beforeAll(async () => {
    opened = await openConsole();
    ({ server, browser, page, token, problems } = opened);
  });

  afterAll(() => opened?.close());

  const backend = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/api/backend/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const accountsTable = () => page.getByRole('table', { name: 'Accounts' });
  const auditTable = () => page.getByRole('table', { name: 'Audit trail' });
  const answerTo = (method: string, path: string) => (response: Response) =>
    response.request().method() === method && new URL(response.url()).pathname === `/api/backend/${path}`;

  it('adds an account on /accounts and lists it with its role', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
    await accountsTable().getByRole('rowheader', { name: 'admin(you)' }).waitFor();

    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByLabel('Username*').fill('grace');
    await dialog.getByLabel('Password*').fill('hopper-1906-cobol');
    await dialog.getByLabel('Role').selectOption('curator');
    const created = page.waitForResponse(answerTo('POST', 'accounts/'));
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect((await created).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });

    await accountsTable().getByRole('rowheader', { name: 'grace' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Role of grace' }).inputValue()).toBe('curator');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const listed = (await (await backend('GET', 'accounts/?search=grace')).json()) as {
      results: Array<{ username: string; role: string }>;
    };
    expect(listed.results.map(({ username, role }) => [username, role])).toEqual([['grace', 'curator']]);
  });

  it('shows the account.create row by admin on /audit, linking to the account', async () => {
    await page.goto(`${server.url}/audit`);
    const row = auditTable().getByRole('row').filter({ hasText: 'account.create' }).filter({ hasText: 'grace' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1)).toEqual(['admin', 'account.create', 'Account grace', 'role curator']);
    expect(await row.getByRole('link', { name: 'Account grace' }).getAttribute('href')).toBe('/accounts?search=grace&page=1');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('changes the role in place, keeps it after a reload, and records it', async () => {
    await page.goto(`${server.url}/accounts?search=grace`);
    const role = page.getByRole('combobox', { name: 'Role of grace' });
    await role.waitFor();
    const saved = page.waitForResponse(answerTo('PATCH', 'accounts/grace'));
    await role.selectOption('admin');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => role.isEnabled()).toBe(true);
    expect(await role.inputValue()).toBe('admin');

    await page.reload();
    await page.getByRole('combobox', { name: 'Role of grace' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Role of grace' }).inputValue()).toBe('admin');

    await page.goto(`${server.url}/audit`);
    await auditTable().waitFor();
    const form = page.getByRole('form', { name: 'Filter the audit trail' });
    await form.getByLabel('Action').selectOption('account.role');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(`${server.url}/audit?action=account.role&page=1`);
    const rows = auditTable().getByRole('row').filter({ hasText: 'account.role' });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect((await rows.first().getByRole('cell').allTextContents()).slice(1)).toEqual([
      'admin',
      'account.role',
      'Account grace',
      'curator → admin',
    ]);
    expect(await auditTable().getByRole('row').count()).toBe(2);
  });

  it('removes the account after saying its sessions end', async () => {
    await page.goto(`${server.url}/accounts`);
    await page.getByRole('button', { name: 'Remove grace' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove account' });
    expect(await confirm.textContent()).toContain('grace is signed out everywhere at once');
    const removed = page.waitForResponse(answerTo('DELETE', 'accounts/grace'));
    await confirm.getByRole('button', { name: 'Remove' }).click();
    expect((await removed).status()).toBe(204);
    // The list loads again after the removal: read it once it shows its rows, not while it reloads.
    await expect.poll(() => accountsTable().getByRole('rowheader').allTextContents()).toEqual(['admin(you)']);
  });

  it('tells a viewer only admins can open these pages, and nothing of theirs is refused', async () => {
    expect((await backend('POST', 'accounts/', { username: 'vic', password: 'viewer-password', role: 'viewer' })).status).toBe(201);
    const viewerContext = await browser.newContext();
    try {
      const viewer = await viewerContext.newPage();
      const refused: string[] = [];
      viewer.on('response', (response) => {
        if (response.status() === 403) refused.push(response.url());
      });
      await signIn(viewer, server.url, 'viewer-password', 'vic');

      await viewer.goto(`${server.url}/accounts`);
      await viewer.getByText('Only admins can manage accounts. You are signed in as a viewer.').waitFor();
      expect(await viewer.getByRole('button', { name: 'Add account' }).count()).toBe(0);
      await viewer.goto(`${server.url}/audit`);
      await viewer.getByText('Only admins can read the audit trail. You are signed in as a viewer.').waitFor();
      expect(await viewer.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
      // Nor does the sidebar lead there.
      expect(
        await viewer
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: /^(Accounts|Audit)$/ })
          .count(),
      ).toBe(0);
      expect(refused).toEqual([]);
    } finally {
      await viewerContext.close();
    }
    expect(problems).toEqual([]);
  });
});
