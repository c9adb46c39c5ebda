import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createExperimentRuns } from '../../../src/services/backend/experiment-runs';
import { createGoldenSets } from '../../../src/services/backend/golden-sets';
import { failureMessage } from '../../../src/services/failure-message';

// A golden set's three exports over the real API client: the path, the bearer token, the file's name from
// the server or else golden-set-{id}.…, the bytes exactly as sent (a CSV's BOM too, for both exports that
// share the download), and the server's message on a refusal.

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  return { goldenSets: createGoldenSets(api, 'https://console.test/api/backend', vi.fn()), runs: createExperimentRuns(api), request };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const bytesOf = async (blob: Blob) => Array.from(new Uint8Array(await blob.arrayBuffer()));

describe('golden-set exports', () => {
  it.each([
    ['csv', 'export.csv', 'text/csv; charset=utf-8', 'golden-set-4.csv'],
    ['qrels', 'export.qrels', 'text/plain; charset=utf-8', 'golden-set-4.qrels'],
    ['queries', 'export.queries.tsv', 'text/tab-separated-values; charset=utf-8', 'golden-set-4.queries.tsv'],
    ['queries-without-entry', 'queries-without-entry.csv', 'text/csv; charset=utf-8', 'golden-set-4.queries-without-entry.csv'],
    ['products-not-in-catalogue', 'products-not-in-catalogue.csv', 'text/csv; charset=utf-8', 'golden-set-4.products-not-in-catalogue.csv'],
  ] as const)('downloads the %s export from golden-sets/4/%s with the token, named by the server', async (format, path, type, name) => {
    const body = 'q1\tsofa\n';
    const { goldenSets, request } = serve(
      () => new Response(body, { headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } }),
    );
    const file = await goldenSets.exportGoldenSet(4, format);
    expect([request().method, request().url]).toEqual(['GET', `https://console.test/api/backend/golden-sets/4/${path}`]);
    expect(request().headers.get('authorization')).toBe('Bearer user-token');
    expect(file.filename).toBe(name);
    expect(file.blob.type).toBe(type.replace('; ', ';'));
    expect(await file.blob.text()).toBe(body);
  });

  it('names the file after the set when the server gives no name', async () => {
    const { goldenSets } = serve(() => new Response('q1 0 P1 2\n', { headers: { 'Content-Type': 'text/plain' } }));
    expect((await goldenSets.exportGoldenSet(7, 'queries')).filename).toBe('golden-set-7.queries.tsv');
    expect((await goldenSets.exportGoldenSet(7, 'qrels')).filename).toBe('golden-set-7.qrels');
    expect((await goldenSets.exportGoldenSet(7, 'queries-without-entry')).filename).toBe('golden-set-7.queries-without-entry.csv');
  });

  it('keeps the bytes as the server sent them, a leading BOM included (text decoding would drop it)', async () => {
    const sent = new TextEncoder().encode('\uFEFFquery,product_id,relevance\r\n"=1+1",P1,2\r\nsofá,P2,0\r\n');
    const answer = () => new Response(sent.slice(), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    const { goldenSets, runs } = serve(answer);
    expect(await bytesOf((await goldenSets.exportGoldenSet(4, 'csv')).blob)).toEqual(Array.from(sent));
    expect(await bytesOf((await runs.exportRun(12, 'csv')).blob)).toEqual(Array.from(sent));
  });

  it("names a refusal by the server's message", async () => {
    const { goldenSets } = serve(() => Response.json({ error: 'Not Found', message: 'Golden set 99 not found' }, { status: 404 }));
    const error = await goldenSets.exportGoldenSet(99, 'qrels').catch((failure: unknown) => failure);
    expect(failureMessage(error)).toBe('Golden set 99 not found');
  });

  it('says what status a refusal had when its body is not JSON', async () => {
    const { goldenSets } = serve(
      () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/plain' } }),
    );
    const error = await goldenSets.exportGoldenSet(4, 'csv').catch((failure: unknown) => failure);
    expect(failureMessage(error)).toBe('The server answered 502 Bad Gateway');
  });
});
