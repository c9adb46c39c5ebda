import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Signs in for real through the embedded provider and keeps the access token the console redeemed, so
// a test can also arrange and check data through the same API the console calls. As `username` (an
// account of another role), the first admin unless a test says.
export async function signIn(page: Page, baseUrl: string, password: string, username = 'admin'): Promise<{ token: string }> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByLabel('Username').waitFor();
  const tokenAnswer = page.waitForResponse((response) => response.url() === `${baseUrl}/oidc/token`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const { access_token: token } = (await (await tokenAnswer).json()) as { access_token: string };
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return { token };
}

/**
 * Goes to `path` (its query too) in the console already open in `page` as an in-app link does: wouter's links
 * call history.pushState, which wouter announces to the router, so the screen opens without a reload and its
 * sign-in again. Returns once the new screen is painted at that path.
 */
export async function followInAppLink(page: Page, path: string): Promise<void> {
  const from = new URL(page.url());
  const to = new URL(path, from);
  // The screen shown stays mounted when only its query changes: it would not load again as a test expects.
  if (to.pathname === from.pathname) throw new Error(`Already at ${from.pathname}: a link to ${path} would not open its screen anew`);
  await page.evaluate((address) => window.history.pushState(null, '', address), path);
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(painted)));
  const at = new URL(page.url()).pathname;
  if (at !== to.pathname) throw new Error(`A link to ${path} ended at ${at}`);
}

/** The evaluation service as the test's own client, with the signed-in user's token. */
export function serviceClient(baseUrl: string, token: string) {
  return async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T; total: number | null }> {
    const response = await fetch(`${baseUrl}/api/service/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const total = response.headers.get('x-total-count');
    return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T, total: total === null ? null : Number(total) };
  };
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** axe-core run in the page (evaluated through DevTools, so the page's CSP stays as it is); serious and critical only. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const source = await axeSource;
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
