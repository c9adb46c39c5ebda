import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../browser/server-process';

// The real server process, as `npm start` runs it: what a first-time user sees in the terminal.
describe('first start of the server', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function requests(url: string) {
    for (const path of ['/healthz', '/config.json', '/', '/no-such-page']) await (await fetch(url + path)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the log lines arrive
  }

  it('shows the generated admin password as a banner on stderr and logs no requests by default', async () => {
    server = await startServer({ env: { CONSOLE_ADMIN_PASSWORD: '', LOG_LEVEL: '', DEMO_DATA: 'false' } });
    const before = server.output().stdout;
    await requests(server.url);
    const { stdout, stderr } = server.output();

    const banner = /account: +admin\n +password: +(\S+)\n\nThis password is shown once only/.exec(stderr);
    expect(banner, stderr).not.toBeNull();
    expect(banner![1]).toMatch(/^[\w-]{16}$/);
    expect(stdout).not.toContain(banner![1]);
    expect(stdout).toContain('sign-in: embedded OpenID provider');
    expect(stdout.slice(before.length)).not.toMatch(/incoming request|request completed/);
  });

  it('logs every request with LOG_LEVEL=info', async () => {
    server = await startServer({ env: { CONSOLE_ADMIN_PASSWORD: 'first-admin-password', LOG_LEVEL: 'info', DEMO_DATA: 'false' } });
    await requests(server.url);
    const { stdout, stderr } = server.output();
    expect(stdout).toMatch(/"url":"\/config.json".*"msg":"incoming request"/);
    expect(stdout).toContain('request completed');
    expect(stderr).not.toContain('password:');
  });
});
