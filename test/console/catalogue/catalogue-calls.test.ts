import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/services/api-client';
import { createCatalogue } from '../../../src/services/backend/catalogue';
import type { FormPoster } from '../../../src/services/upload-csv';

// The Catalogue page's calls over the real API client: the products page with the search and the golden set
// as the server names them, one product by its (escaped) id or null for a 404, and the import's form.

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'user-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  return { api, request };
}

const noForms: FormPoster = () => Promise.reject(new Error('no upload here'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catalogue calls', () => {
  it('asks for a page of products, searched and graded, and reads the total', async () => {
    const { api, request } = serve(() => Response.json({ count: 41, results: [{ product_id: 'P-1' }] }));
    const catalogue = createCatalogue(api, 'https://console.test/api/backend', noForms);

    const page = await catalogue.productRows({ page: 3, pageSize: 20 }, { search: 'red sofa', goldenSetId: 4 });

    expect(page).toEqual({ items: [{ product_id: 'P-1' }], total: 41 });
    const url = new URL(request().url);
    expect(url.pathname).toBe('/api/backend/catalogue/products/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '3', page_size: '20', search: 'red sofa', golden_set_id: '4' });
    expect(request().headers.get('authorization')).toBe('Bearer user-token');

    await catalogue.productRows({ page: 1, pageSize: 20 });
    expect(Object.fromEntries(new URL(request(1).url).searchParams)).toEqual({ page: '1', page_size: '20' });
  });

  it('finds one product by its id, escaped as one path segment, and answers null for a 404', async () => {
    let status = 200;
    const { api, request } = serve(() =>
      status === 200 ? Response.json({ product_id: 'a/b c' }) : Response.json({ message: 'Product "x" not found' }, { status }),
    );
    const catalogue = createCatalogue(api, 'https://console.test/api/backend', noForms);
    expect(await catalogue.findProduct('a/b c')).toEqual({ product_id: 'a/b c' });
    expect(new URL(request().url).pathname).toBe('/api/backend/catalogue/products/a%2Fb%20c');
    status = 404;
    expect(await catalogue.findProduct('x')).toBeNull();
  });

  it('imports with the format field before the file, to catalogue/import, with progress and abort', async () => {
    const postForm = vi.fn<FormPoster>(async () => ({ imported: 2, created: 1, updated: 1 }));
    const catalogue = createCatalogue(serve(() => Response.json({})).api, 'https://console.test/api/backend/', postForm);
    const file = new File(['{"product_id":"J-1","name":"Rug"}\n'], 'rugs.ndjson');
    const onProgress = vi.fn();
    const signal = new AbortController().signal;

    expect(await catalogue.importProducts(file, 'jsonl', { onProgress, signal })).toEqual({ imported: 2, created: 1, updated: 1 });

    const [url, buildForm, options] = postForm.mock.calls[0];
    expect(url).toBe('https://console.test/api/backend/catalogue/import');
    const form = buildForm();
    expect([...form.keys()]).toEqual(['format', 'file']);
    expect(form.get('format')).toBe('jsonl');
    expect((form.get('file') as File).name).toBe('rugs.ndjson');
    expect(options).toEqual({ onProgress, signal, size: file.size });
  });
});
