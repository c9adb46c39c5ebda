import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { signIn } from './console-session';
import { ADMIN_PASSWORD, startServer, type RunningServer, type StartServerOptions } from './server-process';

export type OpenConsoleOptions = StartServerOptions & {
  /** The browser context's options (viewport, downloads). */
  context?: BrowserContextOptions;
  /** Who signs in once the page is open (the first admin unless said); false leaves the page blank and signed out. */
  signIn?: { username?: string; password?: string } | false;
  /**
   * Console errors the test provokes on purpose (a refused call Chromium logs as a failed resource), left out
   * of `problems`. The sign-in pages' own messages are always left out: they answer refusals by design.
   */
  expectedConsoleErrors?: RegExp;
  /** A server another openConsole started, shared instead of starting one (and left running by close). */
  server?: RunningServer;
};

export type OpenConsole = {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The signed-in user's access token ('' when nobody signed in), for arranging and checking data over the API. */
  token: string;
  /** The page's uncaught errors and console errors, which a test expects to stay empty. */
  problems: string[];
  close(): Promise<void>;
};

/**
 * The reference server, Chromium and one page of the built console, signed in unless said otherwise, with the
 * page's errors collected: what every browser test starts from. `close` stops all of it, whatever started.
 */
export async function openConsole(options: OpenConsoleOptions = {}): Promise<OpenConsole> {
  const { context: contextOptions, signIn: who = {}, expectedConsoleErrors, server: shared, ...serverOptions } = options;
  const started: { server?: RunningServer; browser?: Browser; context?: BrowserContext } = {};
  const close = async () => {
    await started.context?.close();
    await started.browser?.close();
    await started.server?.stop();
  };
  try {
    const server = shared ?? (started.server = await startServer(serverOptions));
    const browser = (started.browser = await launchChromium());
    const context = (started.context = await browser.newContext(contextOptions));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      if (where.includes('/oidc/')) return;
      if (expectedConsoleErrors?.test(message.text())) return;
      problems.push(`console: ${message.text()} (${where})`);
    });
    let token = '';
    if (who !== false) ({ token } = await signIn(page, server.url, who.password ?? ADMIN_PASSWORD, who.username));
    return { server, browser, context, page, token, problems, close };
  } catch (error) {
    await close();
    throw error;
  }
}
