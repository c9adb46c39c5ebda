// Uploads are copied into the data folder before they are imported, never into the system's temporary
// folder, and the copies a killed server left are removed at the next start.
import { connect } from 'node:net';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';

const BOUNDARY = 'spooled-upload-boundary';

/** Every file under `folder`, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = await read();
    if (ok(value) || tries === 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the upload spool', () => {
  let t: TestApp | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    await t?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('holds an upload in the data folder while it arrives, and nothing once it has ended', async () => {
    t = await startTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const start =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="upload.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `input\r\n${Array.from({ length: 100 }, (_, row) => `spooled query ${row}`).join('\r\n')}\r\n`;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/service/dataset-entries/bulk-upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Authorization: ${(await t.auth()).authorization}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: ${start.length + 10_000}\r\n\r\n${start}`,
    );
    const spool = join(t.dataDir, 'upload-spool', String(process.pid));
    const during = await until(
      () => filesUnder(spool),
      (files) => files.length > 0,
    );
    expect(during).toEqual([expect.stringMatching(/^upload-\w+\/file$/)]);

    socket.destroy();
    expect(
      await until(
        () => filesUnder(spool),
        (files) => files.length === 0,
      ),
    ).toEqual([]);
  });

  it('is cleared at start of what stopped processes left, and of nothing a running one holds', async () => {
    folder = await mkdtemp(join(tmpdir(), 'evaltest-spool-'));
    const spool = join(folder, 'upload-spool');
    const left = async (owner: string) => {
      await mkdir(join(spool, owner, 'upload-x'), { recursive: true });
      await writeFile(join(spool, owner, 'upload-x', 'file'), 'input\nleft behind\n');
    };
    // A process id no process has, this process's own (a restarted container's server has the same
    // one each time), and a running process's (this test's parent).
    await left('2147483646');
    await left(String(process.pid));
    await left(String(process.ppid));

    t = await startTestApp('pglite', { DATA_DIR: folder });
    expect(await filesUnder(spool)).toEqual([`${process.ppid}/upload-x/file`]);
  });
});
