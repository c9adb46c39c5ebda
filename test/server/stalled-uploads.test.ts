import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

// A client that starts an upload and stops sending must not hold the database. Uploads are
// real sockets here (inject cannot stall), against the app listening on loopback.

const ROUTE = '/api/service/dataset-entries/bulk-upload';
const BOUNDARY = 'stalled-upload-boundary';

interface RawAnswer {
  status: number;
  body: string;
}

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileStart = (lines: string[]) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="upload.csv"\r\nContent-Type: text/csv\r\n\r\n` +
  `${lines.join('\r\n')}\r\n`;
const entriesStart = (dataset: string) =>
  fileStart(['input,datasets', ...Array.from({ length: 200 }, (_, row) => `stalled query ${row},${dataset}`)]);

/** Opens an upload whose body promises more than it sends: `start`, then silence. */
function stalledUpload(port: number, authorization: string, route: string, start: string): { socket: Socket; answer: Promise<RawAnswer> } {
  const socket = connect(port, '127.0.0.1');
  socket.write(
    `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${start.length + 100_000}\r\n\r\n${start}`,
  );
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      const [head, body = ''] = text.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN);
      if (Buffer.byteLength(body) >= length) resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed without an answer: ${text}`)));
  });
  answer.catch(() => undefined);
  return { socket, answer };
}

describe.each(backends)('uploads from slow or stalled clients (%s)', (backend) => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];

  async function open(idleSeconds: number) {
    t = await startTestApp(backend, { UPLOAD_IDLE_SECONDS: String(idleSeconds) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  }

  async function stall(start: string, route = ROUTE) {
    const upload = stalledUpload(port, (await t.auth()).authorization, route, start);
    sockets.push(upload.socket);
    return upload;
  }

  const datasetNames = async () => (await t.db.query<{ name: string }>('SELECT name FROM datasets ORDER BY name')).rows.map((r) => r.name);

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await t?.close();
  });

  it('answers reads and other uploads while ten uploads are stalled mid-file', async () => {
    await open(60);
    const stalled = await Promise.all(Array.from({ length: 10 }, (_, n) => stall(entriesStart(`stalled ${n}`))));
    // Every stalled body has reached the server before the reads go out.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const list = await fetch(`http://127.0.0.1:${port}/api/service/datasets/?page=1&page_size=10`, { headers: await t.auth() });
    expect(list.status).toBe(200);

    const form = new FormData();
    form.append('file', new Blob(['input,datasets\nfresh query,fresh set\n'], { type: 'text/csv' }), 'fresh.csv');
    const other = await fetch(`http://127.0.0.1:${port}${ROUTE}`, { method: 'POST', body: form, headers: await t.auth() });
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ created_entries: 1, created_datasets: 1 });

    // The stalled ones are still waiting for their bodies: nothing of theirs is stored.
    const settled = await Promise.race([
      Promise.allSettled(stalled.map((upload) => upload.answer)).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 50)),
    ]);
    expect(settled).toBe('waiting');
    expect(await datasetNames()).toEqual(['fresh set']);
  });

  it('stops an upload that sends nothing for UPLOAD_IDLE_SECONDS with a 408 and writes nothing', async () => {
    await open(1);
    const uploads = await Promise.all([
      stall(entriesStart('never stored')),
      stall(field('name', 'never stored') + fileStart(['query,product_id,relevance', 'shoes,p1,2']), '/api/backend/golden-sets/'),
      stall(fileStart(['product_id,name', 'stalled-p1,Never stored']), '/api/backend/catalogue/import'),
    ]);
    for (const upload of uploads) {
      const answer = await upload.answer;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body).message).toBe(
        'The upload stalled: no data arrived for 1 s, so it was stopped and nothing was imported',
      );
    }
    const { rows } = await t.db.query<{ stored: number }>(
      `SELECT (SELECT count(*) FROM dataset_entries) + (SELECT count(*) FROM datasets) + (SELECT count(*) FROM golden_sets)
            + (SELECT count(*) FROM products WHERE product_id = 'stalled-p1') AS stored`,
    );
    expect(Number(rows[0].stored)).toBe(0);
  });

  it('stops a click log that stops arriving the same way, and stores no grade from it', async () => {
    await open(1);
    const set = await t.upload('/api/backend/golden-sets/', [
      ['name', 'Clicked'],
      ['max_grade', '1'],
      ['file', { file: 'query,product_id,relevance\nsofa,A,1\n' }],
    ]);
    expect(set.statusCode, set.body).toBe(201);
    const fields = field('format', 'csv') + field('min_impressions', '1') + field('thresholds', '1') + field('preview', 'false');
    const upload = await stall(
      fields + fileStart(['query,product_id,position,impressions,clicks', 'sofa,A,1,10,9']),
      `/api/backend/golden-sets/${set.json().id}/click-logs`,
    );
    const answer = await upload.answer;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).message).toBe('The upload stalled: no data arrived for 1 s, so it was stopped and nothing was imported');
    const raters = await t.call('GET', `/api/backend/golden-sets/${set.json().id}/raters`);
    expect(raters.json().map((rater: { kind: string }) => rater.kind)).toEqual(['import']);
  });
});
