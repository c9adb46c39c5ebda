import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createDatasetEntries } from '../../../src/services/evaluation-service/dataset-entries';
import { createDatasetEntryMappings } from '../../../src/services/evaluation-service/dataset-entry-mappings';
import { createDatasets } from '../../../src/services/evaluation-service/datasets';
import { failureMessage } from '../../../src/services/failure-message';
import { RefusalError } from '../../../src/domain/shared/error-message';

const baseURL = 'https://console.test/api/service/';

afterEach(() => vi.unstubAllGlobals());

function stubServer(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request.clone());
      return answer(request);
    }),
  );
  return requests;
}

const session = { getAccessToken: async () => 'token-1', onSignedOut: vi.fn() };
const uploadCsv = vi.fn();
/** The evaluation service's three resources over one client. */
const service = () => {
  const api = createApiClient(baseURL, session);
  return { ...createDatasets(api), ...createDatasetEntries(api, uploadCsv), ...createDatasetEntryMappings(api) };
};

describe('evaluation service', () => {
  it('lists a page of datasets with the X-Total-Count total, through the raw client and its bearer token', async () => {
    const requests = stubServer(() => Response.json([{ id: 1 }], { headers: { 'X-Total-Count': '45' } }));
    await expect(service().listDatasets({ page: 3, pageSize: 20 })).resolves.toEqual({ items: [{ id: 1 }], total: 45 });
    expect(requests[0].url).toBe(`${baseURL}datasets/?page=3&page_size=20`);
    expect(requests[0].headers.get('authorization')).toBe('Bearer token-1');
  });

  it('sends the editor’s entry filters and leaves out the ones not asked for', async () => {
    const requests = stubServer(() => Response.json([], { headers: { 'X-Total-Count': '0' } }));
    await service().listEntries({ page: 1, pageSize: 1000, notInDataset: 7, search: 'red sofa' });
    await service().listEntries({ page: 2, pageSize: 1000, inDataset: 7, search: '' });
    expect(requests.map((request) => new URL(request.url).search)).toEqual([
      '?page=1&page_size=1000&not_in_dataset=7&search=red+sofa',
      '?page=2&page_size=1000&in_dataset=7',
    ]);
  });

  it('counts datasets and entries exactly from the totals of a page of one', async () => {
    const requests = stubServer((request) =>
      Response.json([], { headers: { 'X-Total-Count': request.url.includes('dataset-entries') ? '1000001' : '6' } }),
    );
    await expect(Promise.all([service().countDatasets(), service().countEntries()])).resolves.toEqual([6, 1_000_001]);
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?page=1&page_size=1', '?page=1&page_size=1']);
  });

  it('moves the editor’s entries in one array call each way', async () => {
    const requests = stubServer((request) =>
      request.method === 'POST' ? Response.json({ created: 2 }, { status: 201 }) : Response.json({ deleted: 1 }),
    );
    await service().moveEntries({ datasetId: 7, direction: 'add', entryIds: [12, 13] });
    await service().moveEntries({ datasetId: 7, direction: 'remove', entryIds: [12] });
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', `${baseURL}dataset-entry-mappings/`],
      ['DELETE', `${baseURL}dataset-entry-mappings/`],
    ]);
    await expect(requests[0].json()).resolves.toEqual([
      { dataset_id: 7, dataset_entry_id: 12 },
      { dataset_id: 7, dataset_entry_id: 13 },
    ]);
    await expect(requests[1].json()).resolves.toEqual([{ dataset_id: 7, dataset_entry_id: 12 }]);
  });

  it('throws the server’s message, e.g. a duplicate name’s 409', async () => {
    stubServer(() => Response.json({ error: 'Conflict', message: 'A dataset named "Sofas" already exists' }, { status: 409 }));
    await expect(service().createDataset({ name: 'Sofas', description: 'd' })).rejects.toThrow('A dataset named "Sofas" already exists');
  });

  it('throws a 409 as a refusal (asking again cannot help), a 500 as a plain failure', async () => {
    const message = 'Dataset "Sofas UK" cannot be deleted: the experiment "BM25 baseline" uses it.';
    stubServer(() => Response.json({ error: 'Conflict', message }, { status: 409 }));
    const refused = await service()
      .deleteDataset(7)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefusalError);
    expect((refused as Error).message).toBe(message);
    stubServer(() => Response.json({ error: 'Internal Server Error', message: 'Broken' }, { status: 500 }));
    const failed = await service()
      .deleteDataset(7)
      .catch((error: unknown) => error);
    expect(failed).not.toBeInstanceOf(RefusalError);
  });

  it("sends the datasets list's name search, and none when blank", async () => {
    const requests = stubServer(() => Response.json([], { headers: { 'X-Total-Count': '0' } }));
    await service().listDatasets({ page: 1, pageSize: 20, search: 'sofa uk' });
    await service().listDatasets({ page: 2, pageSize: 20, search: '' });
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?page=1&page_size=20&search=sofa+uk', '?page=2&page_size=20']);
  });

  it('says what happened when the server sent no message', () => {
    expect(failureMessage(new Error('boom'))).toBe('boom');
    expect(failureMessage('nothing')).toBe('Something went wrong. Please try again.');
  });
});

describe('evaluation service: what the screens call', () => {
  it('finds a dataset or an entry, and answers null for a 404', async () => {
    stubServer((request) =>
      request.url.endsWith('/7') ? Response.json({ id: 7 }) : Response.json({ message: 'Not found' }, { status: 404 }),
    );
    await expect(service().findDataset(7)).resolves.toEqual({ id: 7 });
    await expect(service().findDataset(9)).resolves.toBeNull();
    await expect(service().findEntry(9)).resolves.toBeNull();
  });

  it('throws other failures of a find with the server’s message', async () => {
    stubServer(() => Response.json({ message: 'Database unavailable' }, { status: 503 }));
    await expect(service().findEntry(7)).rejects.toThrow('Database unavailable');
  });

  it('counts the whole side beside a searched window of the dataset editor', async () => {
    const requests = stubServer((request) =>
      Response.json([{ id: 1 }], { headers: { 'X-Total-Count': new URL(request.url).searchParams.has('search') ? '3' : '40' } }),
    );
    await expect(service().entryWindow({ datasetId: 7, side: 'available', search: 'red', page: 1, pageSize: 1000 })).resolves.toEqual({
      items: [{ id: 1 }],
      total: 3,
      count: 40,
    });
    expect(requests.map((request) => new URL(request.url).search)).toEqual([
      '?page=1&page_size=1000&not_in_dataset=7&search=red',
      '?page=1&page_size=1&not_in_dataset=7',
    ]);
  });

  it('keeps a capped search total ("10,000+") as a lower bound until a window comes back short', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
    stubServer((request) => {
      const params = new URL(request.url).searchParams;
      if (!params.has('search')) return Response.json([{ id: 1 }], { headers: { 'X-Total-Count': '50000' } });
      const page = Number(params.get('page'));
      // Windows of 1,000: full up to the 12th, 300 rows in the 13th.
      return Response.json(rows(page < 13 ? 1000 : 300), { headers: { 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' } });
    });
    const window = (page: number) => service().entryWindow({ datasetId: 7, side: 'available', search: 'oak', page, pageSize: 1000 });
    await expect(window(1)).resolves.toMatchObject({ total: 10_000, capped: true, count: 50_000 });
    await expect(window(12)).resolves.toMatchObject({ total: 12_000, capped: true });
    const last = await window(13);
    expect(last).toMatchObject({ total: 12_300, count: 50_000 });
    expect(last.capped).toBeUndefined();
  });

  it('saves an entry’s links: creates the added ones, then deletes the removed ones', async () => {
    const requests = stubServer((request) => Response.json(request.method === 'POST' ? { created: 1 } : { deleted: 1 }));
    await service().saveEntryLinks(7, [1, 2], [1, 3]);
    expect(requests.map((request) => request.method)).toEqual(['POST', 'DELETE']);
    await expect(requests[0].json()).resolves.toEqual([{ dataset_id: 3, dataset_entry_id: 7 }]);
    await expect(requests[1].json()).resolves.toEqual([{ dataset_id: 2, dataset_entry_id: 7 }]);
  });

  it('links a new entry to its datasets in one call, and offers every dataset by id and name', async () => {
    const requests = stubServer((request) =>
      request.method === 'POST' ? Response.json({ created: 2 }) : Response.json([{ id: 1, name: 'Sofas', description: 'd' }]),
    );
    await service().linkEntryToDatasets(42, [1, 2]);
    await expect(requests[0].json()).resolves.toEqual([
      { dataset_id: 1, dataset_entry_id: 42 },
      { dataset_id: 2, dataset_entry_id: 42 },
    ]);
    await expect(service().datasetOptions()).resolves.toEqual([{ id: 1, name: 'Sofas' }]);
  });
});
