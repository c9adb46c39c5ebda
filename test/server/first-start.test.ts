import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
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
  const linesOf = (text: string) => text.split('\n').filter(Boolean);

  it('says first the address to open, then shows the generated admin password as a banner, and logs no requests', async () => {
    server = await startServer({ env: { CONSOLE_ADMIN_PASSWORD: '', LOG_LEVEL: '', LOG_FORMAT: '', DEMO_DATA: 'false' } });
    const before = server.output().stdout;
    await requests(server.url);
    const { stdout, stderr } = server.output();

    const banner = /account: +admin\n +password: +(\S+)\n\nThis password is shown once only/.exec(stderr);
    expect(banner, stderr).not.toBeNull();
    expect(banner![1]).toMatch(/^[\w-]{16}$/);
    expect(stdout).not.toContain(banner![1]);
    // Readable lines (time, level, message), the address to open first of them.
    const [first, ...rest] = linesOf(stdout);
    expect(first).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: Open ${server.url}/ in a browser`));
    expect(rest).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: storage: PGlite in /));
    expect(stdout).not.toContain('{"level"');
    expect(stdout.slice(before.length)).not.toMatch(/incoming request|request completed/);
  });

  it('with CONSOLE_ADMIN_PASSWORD, says second where the password is; with SEARCH_TARGET_HOSTS, which hosts targets may call', async () => {
    server = await startServer({
      env: {
        CONSOLE_ADMIN_PASSWORD: 'first-admin-password',
        DEMO_DATA: 'false',
        LOG_FORMAT: '',
        SEARCH_TARGET_HOSTS: 'search.example.com, *.shop.test,localhost:9200',
      },
    });
    const lines = linesOf(server.output().stdout);
    expect(lines[0]).toContain(`INFO: Open ${server.url}/ in a browser`);
    expect(lines[1]).toContain('INFO: sign-in: as "admin" with the password in CONSOLE_ADMIN_PASSWORD');
    expect(lines).toContainEqual(
      expect.stringContaining(
        'INFO: search targets: HTTP calls only to search.example.com, *.shop.test, localhost:9200 (SEARCH_TARGET_HOSTS)',
      ),
    );
    expect(lines.join('\n')).not.toContain('SEARCH_TARGET_HOSTS is not set');
    expect(server.output().stderr).not.toContain('password:');
  });

  it('logs every request as JSON lines with LOG_LEVEL=info and LOG_FORMAT=json', async () => {
    server = await startServer({
      env: { CONSOLE_ADMIN_PASSWORD: 'first-admin-password', LOG_LEVEL: 'info', LOG_FORMAT: 'json', DEMO_DATA: 'false' },
    });
    await requests(server.url);
    const { stdout, stderr } = server.output();
    const entries = linesOf(stdout).map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(entries[0].msg).toBe(`Open ${server.url}/ in a browser (server listening at ${server.url})`);
    expect(entries).toContainEqual(
      expect.objectContaining({ msg: 'incoming request', req: expect.objectContaining({ url: '/config.json' }) }),
    );
    expect(entries.map((entry) => entry.msg)).toContain('request completed');
    expect(stderr).not.toContain('password:');
  });

  it('refuses a LOG_FORMAT it does not know, naming the two it does', () => {
    expect(() => readConfig({ LOG_FORMAT: 'pretty' })).toThrow('LOG_FORMAT must be text or json, got "pretty"');
    expect(readConfig({ LOG_FORMAT: 'JSON' }).logging.format).toBe('json');
    expect(readConfig({}).logging.format).toBe('text');
  });
});
