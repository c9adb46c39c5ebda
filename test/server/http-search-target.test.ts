import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv from 'ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpSearchTarget, MAX_RESPONSE_BYTES, readJsonPointer, ResponseShapeError } from '../../server/search/http-search-target';
import { checkHttpTargetConfig, envReferences } from '../../server/search/http-target-config';
import { targetHostWarnings } from '../../server/search/target-hosts';
import { HttpTargetSchema as httpTargetSchema, type HttpTargetConfig } from '../../server/schemas/run-config';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Handler = (request: Seen, response: ServerResponse) => void | Promise<void>;

const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Elasticsearch's answer: hits under /hits/hits, the id in _id and the document in _source. */
const esHits = (ids: string[]) => ({
  took: 1,
  hits: {
    total: { value: ids.length },
    hits: ids.map((id) => ({ _id: id, _score: 1, _source: { title: `Product ${id}`, image: `https://img.test/${id}.jpg` } })),
  },
});
/** Solr's answer: documents under /response/docs. */
const solrDocs = (ids: string[]) => ({
  responseHeader: { status: 0 },
  response: { numFound: ids.length, docs: ids.map((id) => ({ id, name: `Solr ${id}` })) },
});

describe('HttpSearchTarget against a local service', () => {
  let server: Server;
  let base: string;
  let handler: Handler;
  let seen: Seen[];
  let inFlight = 0;
  let maxInFlight = 0;

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const record = {
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      seen.push(record);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Counted out when the answer is sent, before the client can see it and start the next request.
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      response.end = ((...args: unknown[]) => {
        inFlight -= 1;
        return end(...args);
      }) as ServerResponse['end'];
      await handler(record, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
    inFlight = 0;
    maxInFlight = 0;
    handler = (_, response) => json(response, esHits(['a', 'b', 'c']));
  });

  const es = (extra: Partial<HttpTargetConfig> = {}): HttpTargetConfig => ({
    kind: 'http',
    url: `${base}/products/_search`,
    method: 'POST',
    body: '{"query": {"match": {"title": "{query}"}}, "size": {k}}',
    hits: '/hits/hits',
    product_id: '/_id',
    name: '/_source/title',
    image_url: '/_source/image',
    ...extra,
  });
  const solr = (extra: Partial<HttpTargetConfig> = {}): HttpTargetConfig => ({
    kind: 'http',
    url: `${base}/solr/products/select?q={query}&rows={k}&wt=json`,
    hits: '/response/docs',
    product_id: '/id',
    name: '/name',
    ...extra,
  });

  describe('requests', () => {
    it('fills the URL template with the URI-encoded query and k (GET, Solr-like)', async () => {
      handler = (_, response) => json(response, solrDocs(['s1', 's2']));
      const query = 'red sofa & chairs=2 + 50% ünïcödé 🛋️ #1 {k}';
      const hits = await new HttpSearchTarget(solr()).search(query, 5);
      expect(hits).toEqual([
        { product_id: 's1', name: 'Solr s1' },
        { product_id: 's2', name: 'Solr s2' },
      ]);
      const [request] = seen;
      expect(request.method).toBe('GET');
      const url = new URL(request.url, base);
      expect(url.pathname).toBe('/solr/products/select');
      expect(url.searchParams.get('q')).toBe(query);
      expect(url.searchParams.get('rows')).toBe('5');
      expect(request.url).toContain('q=red%20sofa%20%26%20chairs%3D2%20%2B%2050%25%20');
      expect(request.headers.accept).toBe('application/json');
      expect(request.headers['content-type']).toBeUndefined();
      expect(request.body).toBe('');
    });

    it('fills the POST body template so quotes and backslashes arrive as the exact text (Elasticsearch-like)', async () => {
      handler = (request, response) => {
        const body = JSON.parse(request.body);
        json(response, esHits(['x', 'y', 'z'].slice(0, body.size)));
      };
      const query = 'the "best" C:\\path\\ sofa {k} \n\t ü';
      const hits = await new HttpSearchTarget(es()).search(query, 2);
      expect(hits).toEqual([
        { product_id: 'x', name: 'Product x', image_url: 'https://img.test/x.jpg' },
        { product_id: 'y', name: 'Product y', image_url: 'https://img.test/y.jpg' },
      ]);
      const [request] = seen;
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toEqual({ query: { match: { title: query } }, size: 2 });
    });

    it('sends configured headers with {env:…} replaced, keeping a given Content-Type', async () => {
      const target = new HttpSearchTarget(
        es({
          headers: {
            Authorization: 'ApiKey {env:SEARCH_TARGET_ES_KEY}',
            'X-Tenant': 'shop-{env:SEARCH_TARGET_TENANT}',
            'Content-Type': 'application/vnd.es+json',
          },
        }),
        { env: { SEARCH_TARGET_ES_KEY: 'c2VjcmV0LWtleQ==', SEARCH_TARGET_TENANT: 'eu' } },
      );
      await target.search('sofa', 3);
      expect(seen[0].headers.authorization).toBe('ApiKey c2VjcmV0LWtleQ==');
      expect(seen[0].headers['x-tenant']).toBe('shop-eu');
      expect(seen[0].headers['content-type']).toBe('application/vnd.es+json');
    });

    it('never sends a variable not named SEARCH_TARGET_…', async () => {
      const leaky = new HttpSearchTarget(es({ headers: { 'X-Leak': '{env:DATABASE_URL}' } }), {
        env: { DATABASE_URL: 'postgres://secret' },
      });
      await expect(leaky.search('sofa', 3)).rejects.toThrow(
        'Search target header X-Leak refers to a variable not named SEARCH_TARGET_…, which is never sent',
      );
      expect(seen).toHaveLength(0);
    });

    it('reads the environment at request time', async () => {
      const env: NodeJS.ProcessEnv = {};
      const target = new HttpSearchTarget(es({ headers: { Authorization: 'Bearer {env:SEARCH_TARGET_TOKEN}' } }), { env });
      await expect(target.search('sofa', 3)).rejects.toThrow(
        'Search target header Authorization refers to {env:SEARCH_TARGET_TOKEN}, which is not set',
      );
      expect(seen).toHaveLength(0);
      env.SEARCH_TARGET_TOKEN = 'later';
      await target.search('sofa', 3);
      expect(seen[0].headers.authorization).toBe('Bearer later');
    });
  });

  describe('responses', () => {
    it('follows JSON pointers with ~0 and ~1 escapes and array indexes, turning numeric ids into strings', async () => {
      handler = (_, response) =>
        json(response, {
          'a/b': {
            'c~d': [
              { 'id/x': 17, 'm~n': { name: 'Seventeen' }, images: ['https://img.test/17.png'] },
              { 'id/x': 'B-2', images: [] },
            ],
          },
        });
      const target = new HttpSearchTarget(solr({ hits: '/a~1b/c~0d', product_id: '/id~1x', name: '/m~0n/name', image_url: '/images/0' }));
      expect(await target.search('q', 10)).toEqual([
        { product_id: '17', name: 'Seventeen', image_url: 'https://img.test/17.png' },
        { product_id: 'B-2' },
      ]);
    });

    it('reads a body that is itself the array of ids with the empty pointer', async () => {
      handler = (_, response) => json(response, ['p1', 2, 'p3']);
      expect(await new HttpSearchTarget(solr({ hits: '', product_id: '', name: undefined })).search('q', 10)).toEqual([
        { product_id: 'p1' },
        { product_id: '2' },
        { product_id: 'p3' },
      ]);
    });

    it('drops an image URL that is not http(s) or a path on this server, and says so on the hit', async () => {
      const images = ['https://img.test/a.jpg', 'javascript:alert(1)', '//evil.test/c.png', '/\\evil.test/d.png', '/images/e.png'];
      handler = (_, response) =>
        json(response, { hits: { hits: images.map((image, index) => ({ _id: `p${index}`, _source: { image } })) } });
      const note =
        'image_url at /_source/image must be an http(s) URL or a path on this server starting with a single "/"; no image is shown';
      expect(await new HttpSearchTarget(es({ name: undefined })).search('q', 10)).toEqual([
        { product_id: 'p0', image_url: 'https://img.test/a.jpg' },
        { product_id: 'p1', note },
        { product_id: 'p2', note },
        { product_id: 'p3', note },
        { product_id: 'p4', image_url: '/images/e.png' },
      ]);
    });

    it('returns at most k hits in the service order, and fewer or none when the service has fewer', async () => {
      handler = (_, response) => json(response, esHits(['9', '3', '7', '1', '5', '8']));
      expect((await new HttpSearchTarget(es()).search('q', 3)).map((hit) => hit.product_id)).toEqual(['9', '3', '7']);
      handler = (_, response) => json(response, esHits(['9', '3']));
      expect((await new HttpSearchTarget(es()).search('q', 10)).map((hit) => hit.product_id)).toEqual(['9', '3']);
      handler = (_, response) => json(response, esHits([]));
      expect(await new HttpSearchTarget(es()).search('q', 10)).toEqual([]);
    });

    it('counts a repeated product once and does not read hits beyond k', async () => {
      handler = (_, response) => json(response, { hits: { hits: [{ _id: 'a' }, { _id: 'a' }, { _id: 'b' }, { nothing: true }] } });
      expect((await new HttpSearchTarget(es()).search('q', 2)).map((hit) => hit.product_id)).toEqual(['a', 'b']);
    });

    it('rejects k out of range before asking the service', async () => {
      await expect(new HttpSearchTarget(es()).search('q', 0)).rejects.toThrow(RangeError);
      await expect(new HttpSearchTarget(es()).search('q', 1001)).rejects.toThrow(RangeError);
      expect(seen).toHaveLength(0);
    });
  });

  describe('target hosts and secrets', () => {
    it('refuses a host SEARCH_TARGET_HOSTS does not list, without sending anything', async () => {
      const target = new HttpSearchTarget(es(), { env: { SEARCH_TARGET_HOSTS: 'search.example.com, *.search.internal' } });
      const port = new URL(base).port;
      await expect(target.search('sofa', 3)).rejects.toThrow(
        `Search target host 127.0.0.1:${port} is not in SEARCH_TARGET_HOSTS (search.example.com, *.search.internal)`,
      );
      expect(seen).toHaveLength(0);
      const listed = new HttpSearchTarget(es(), { env: { SEARCH_TARGET_HOSTS: `search.example.com,127.0.0.1:${port}` } });
      expect(await listed.search('sofa', 3)).toHaveLength(3);
      const otherPort = new HttpSearchTarget(es(), { env: { SEARCH_TARGET_HOSTS: '127.0.0.1:5432' } });
      await expect(otherPort.search('sofa', 3)).rejects.toThrow(`Search target host 127.0.0.1:${port} is not in SEARCH_TARGET_HOSTS`);
      expect(seen).toHaveLength(1);
    });

    it('sends a secret only to the hosts its SEARCH_TARGET_<NAME>_HOSTS lists', async () => {
      const config = es({ headers: { 'x-api-key': '{env:SEARCH_TARGET_VENDOR_KEY}' } });
      const elsewhere = new HttpSearchTarget(config, {
        env: { SEARCH_TARGET_VENDOR_KEY: 'vendor-secret-1', SEARCH_TARGET_VENDOR_KEY_HOSTS: 'api.vendor.example' },
      });
      await expect(elsewhere.search('sofa', 3)).rejects.toThrow(
        `Search target header x-api-key refers to {env:SEARCH_TARGET_VENDOR_KEY}, which may only be sent to SEARCH_TARGET_VENDOR_KEY_HOSTS (api.vendor.example), not ${new URL(base).host}`,
      );
      expect(seen).toHaveLength(0);
      const bound = new HttpSearchTarget(config, {
        env: { SEARCH_TARGET_VENDOR_KEY: 'vendor-secret-1', SEARCH_TARGET_VENDOR_KEY_HOSTS: 'api.vendor.example,127.0.0.1' },
      });
      await bound.search('sofa', 3);
      expect(seen[0].headers['x-api-key']).toBe('vendor-secret-1');
    });

    it('does not follow a redirect, so no header reaches another host', async () => {
      const other: Seen[] = [];
      const elsewhere = createServer((request, response) => {
        other.push({ method: request.method!, url: request.url!, headers: request.headers, body: '', at: 0 });
        json(response, esHits(['x']));
      });
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      const location = `http://localhost:${(elsewhere.address() as AddressInfo).port}/steal`;
      try {
        handler = (_, response) => {
          response.writeHead(302, { location });
          response.end();
        };
        const target = new HttpSearchTarget(es({ headers: { 'x-api-key': '{env:SEARCH_TARGET_KEY}' } }), {
          env: { SEARCH_TARGET_KEY: 'the-api-key' },
        });
        await expect(target.search('sofa', 3)).rejects.toThrow(
          `Search target answered HTTP 302 Found, a redirect to ${location}, which is not followed: set url to where it leads`,
        );
        expect(seen).toHaveLength(1);
        expect(other).toHaveLength(0);
      } finally {
        elsewhere.closeAllConnections();
        await new Promise((resolve) => elsewhere.close(resolve));
      }
    });

    it('names only the content type and length of a body that is not JSON', async () => {
      const page = '<html><body>postgres internal admin page: user=admin token=abc123</body></html>';
      handler = (_, response) => {
        response.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page);
      };
      const failed = (await new HttpSearchTarget(es()).search('q', 3).catch((e: unknown) => e)) as Error;
      expect(failed.message).toBe(
        `Search target answered HTTP 500 Internal Server Error for "q" (text/html; charset=utf-8, ${page.length} bytes)`,
      );
      handler = (_, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(page);
      };
      const notJson = (await new HttpSearchTarget(es()).search('q', 3).catch((e: unknown) => e)) as Error;
      expect(notJson.message).toBe(`Search target response is not JSON (text/plain, ${page.length} bytes)`);
    });
  });

  describe('errors', () => {
    it('reports an HTTP error status with the query and the start of the body', async () => {
      handler = (_, response) => json(response, { error: { reason: 'all shards failed' } }, 500);
      await expect(new HttpSearchTarget(es()).search('red sofa', 3)).rejects.toThrow(
        'Search target answered HTTP 500 Internal Server Error for "red sofa": {"error":{"reason":"all shards failed"}}',
      );
      handler = (_, response) => {
        response.writeHead(503);
        response.end();
      };
      await expect(new HttpSearchTarget(es()).search('red sofa', 3)).rejects.toThrow(
        /^Search target answered HTTP 503 Service Unavailable for "red sofa"$/,
      );
    });

    it('never shows a header secret, even when the service echoes it', async () => {
      const secret = 'ApiKey-very-secret-123';
      handler = (request, response) => json(response, { error: `bad key ${request.headers.authorization}` }, 401);
      const target = new HttpSearchTarget(es({ headers: { Authorization: 'Bearer {env:SEARCH_TARGET_ES_KEY}' } }), {
        env: { SEARCH_TARGET_ES_KEY: secret },
      });
      const error = (await target.search('q', 3).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/^Search target answered HTTP 401 Unauthorized for "q"/);
      expect(error.message).not.toContain(secret);
      expect(error.message).toContain('[redacted]');

      const newline = new HttpSearchTarget(es({ headers: { Authorization: 'Bearer {env:SEARCH_TARGET_ES_KEY}' } }), {
        env: { SEARCH_TARGET_ES_KEY: `${secret}\r\nX-Evil: 1` },
      });
      const invalid = (await newline.search('q', 3).catch((e: unknown) => e)) as Error;
      expect(invalid.message).toBe(
        'Search target header Authorization has a value HTTP does not allow (a line break or a character beyond Latin-1)',
      );
      expect(seen).toHaveLength(1);
    });

    it('blanks a secret that the end of what is shown would cut, or that spacing would change', async () => {
      const secret = 'Key  with-two-spaces-0123456789';
      const target = new HttpSearchTarget(es({ headers: { 'x-api-key': '{env:SEARCH_TARGET_ES_KEY}' } }), {
        env: { SEARCH_TARGET_ES_KEY: secret },
      });
      // The secret starts 10 characters before the end of the quoted start of the answer.
      const echo = (status: number, shown: number) => (request: Seen, response: ServerResponse) => {
        const opening = '{"pad":"';
        const pad = 'x'.repeat(shown - 10 - opening.length - '","echo":"'.length);
        json(response, { pad, echo: request.headers['x-api-key'] }, status);
      };
      handler = echo(200, 2000);
      const shape = (await target.search('q', 3).catch((e: unknown) => e)) as ResponseShapeError;
      expect(shape.message).toBe('Search target response has no array at /hits/hits');
      expect(shape.rawStart).toMatch(/"echo":"\[redacted\]$/);
      expect(shape.rawStart).not.toContain(secret.slice(0, 10));

      handler = echo(401, 300);
      const refused = (await target.search('q', 3).catch((e: unknown) => e)) as Error;
      expect(refused.message).toMatch(/"echo":"\[redacted\]…$/);
      expect(refused.message).not.toContain('Key with');
    });

    it('reports a body that is not JSON', async () => {
      handler = (_, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>Welcome to nginx</html>');
      };
      await expect(new HttpSearchTarget(es()).search('q', 3)).rejects.toThrow('Search target response is not JSON (text/html, 29 bytes)');
    });

    it('reports a missing hits array and a hit without a product id', async () => {
      handler = (_, response) => json(response, { hits: { total: 0 } });
      await expect(new HttpSearchTarget(es()).search('q', 3)).rejects.toThrow('Search target response has no array at /hits/hits');
      handler = (_, response) => json(response, { hits: 'none' });
      await expect(new HttpSearchTarget(solr({ hits: '' })).search('q', 3)).rejects.toThrow(
        'Search target response has no array at the top level',
      );
      handler = (_, response) => json(response, { hits: { hits: [{ _id: 'a' }, { _source: {} }] } });
      await expect(new HttpSearchTarget(es()).search('q', 3)).rejects.toThrow('Search target hit at index 1 has no product_id at /_id');
      handler = (_, response) => json(response, { hits: { hits: [{ _id: { nested: 1 } }] } });
      await expect(new HttpSearchTarget(es()).search('q', 3)).rejects.toThrow(
        'Search target hit at index 0 has a product_id at /_id that is not a string or number',
      );
    });

    it('reads numeric product ids, but refuses one JSON would round (beyond 2^53) rather than score another product', async () => {
      handler = (_, response) => {
        response.setHeader('content-type', 'application/json');
        response.end('{"hits":{"hits":[{"_id":42},{"_id":9007199254740993}]}}');
      };
      await expect(new HttpSearchTarget(es()).search('q', 1)).resolves.toEqual([{ product_id: '42' }]);
      await expect(new HttpSearchTarget(es()).search('q', 3)).rejects.toThrow(
        'Search target hit at index 1 has a product_id at /_id too large to read exactly as a JSON number; return it as a string',
      );
    });

    it('reads a hit from an answer nested far deeper than the JSON the API accepts', async () => {
      const deep = `${'{"x":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
      handler = (_, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(`{"hits":{"hits":[{"_id":"p1","_source":${deep}}]}}`);
      };
      await expect(new HttpSearchTarget(es()).search('q', 3)).resolves.toEqual([{ product_id: 'p1' }]);
    });

    it('refuses an answer larger than 20 MiB, announced or streamed', async () => {
      const big = Buffer.alloc(MAX_RESPONSE_BYTES + 1, 0x20);
      handler = (_, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(big);
      };
      await expect(new HttpSearchTarget(es()).search('sofa', 3)).rejects.toThrow('Search target response is larger than 20 MiB');
      handler = (_, response) => {
        // No Content-Length: chunked, so only reading tells.
        response.setHeader('content-type', 'application/json');
        response.write(big.subarray(0, MAX_RESPONSE_BYTES / 2));
        response.end(big.subarray(MAX_RESPONSE_BYTES / 2));
      };
      await expect(new HttpSearchTarget(es()).search('sofa', 3)).rejects.toThrow('Search target response is larger than 20 MiB');
    });

    it('times out on a service that never answers, and frees the slot', async () => {
      handler = () => {}; // never answers
      const target = new HttpSearchTarget(es({ timeout_ms: 150, concurrency: 1 }));
      const started = performance.now();
      await expect(target.search('q', 3)).rejects.toThrow('Search target timed out after 150 ms');
      expect(performance.now() - started).toBeLessThan(2000);
      handler = (_, response) => json(response, esHits(['a']));
      expect(await target.search('q', 3)).toEqual([expect.objectContaining({ product_id: 'a' })]);
    });

    it('reports a service that cannot be reached', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      await expect(new HttpSearchTarget(solr({ url: `http://127.0.0.1:${port}/?q={query}` })).search('q', 3)).rejects.toThrow(
        /^Search target could not be reached: .*ECONNREFUSED/,
      );
    });
  });

  describe('limits', () => {
    it('keeps at most `concurrency` requests in flight, however many searches run at once', async () => {
      handler = async (request, response) => {
        await sleep(20);
        json(response, esHits([JSON.parse(request.body).query.match.title]));
      };
      const target = new HttpSearchTarget(es({ concurrency: 3 }));
      const queries = Array.from({ length: 20 }, (_, i) => `q${i}`);
      const results = await Promise.all(queries.map((query) => target.search(query, 5)));
      expect(results.map((hits) => hits[0].product_id)).toEqual(queries);
      expect(seen).toHaveLength(20);
      expect(maxInFlight).toBe(3);
    });

    it('starts queued searches in the order they were called', async () => {
      handler = async (_, response) => {
        await sleep(5);
        json(response, esHits([]));
      };
      const target = new HttpSearchTarget(es({ concurrency: 1 }));
      await Promise.all(['first', 'second', 'third', 'fourth'].map((query) => target.search(query, 5)));
      expect(seen.map((request) => JSON.parse(request.body).query.match.title)).toEqual(['first', 'second', 'third', 'fourth']);
    });

    it('spaces requests evenly under requests_per_minute', async () => {
      const target = new HttpSearchTarget(es({ requests_per_minute: 600, concurrency: 8 })); // one per 100 ms
      await Promise.all(Array.from({ length: 5 }, (_, i) => target.search(`q${i}`, 5)));
      const gaps = seen.slice(1).map((request, i) => request.at - seen[i].at);
      expect(gaps).toHaveLength(4);
      for (const gap of gaps) {
        expect(gap).toBeGreaterThanOrEqual(85);
        expect(gap).toBeLessThan(400);
      }
    });
  });

  describe('aborting', () => {
    it("stops an in-flight request when the caller aborts, with the caller's reason", async () => {
      handler = () => {}; // never answers
      const target = new HttpSearchTarget(es());
      const controller = new AbortController();
      const search = target.search('q', 3, { signal: controller.signal });
      await sleep(50);
      controller.abort();
      await expect(search).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('takes an aborted caller out of the queue without sending its request', async () => {
      let answer!: () => void;
      handler = (request, response) => {
        if (JSON.parse(request.body).query.match.title === 'slow') answer = () => json(response, esHits(['slow']));
        else json(response, esHits(['fast']));
      };
      const target = new HttpSearchTarget(es({ concurrency: 1 }));
      const slow = target.search('slow', 3);
      const controller = new AbortController();
      const aborted = target.search('aborted', 3, { signal: controller.signal });
      const after = target.search('after', 3);
      await sleep(50);
      controller.abort(new Error('run cancelled'));
      await expect(aborted).rejects.toThrow('run cancelled');
      answer();
      expect((await slow)[0].product_id).toBe('slow');
      expect((await after)[0].product_id).toBe('fast');
      expect(seen.map((request) => JSON.parse(request.body).query.match.title)).toEqual(['slow', 'after']);
    });

    it('does not send anything for a signal that is already aborted', async () => {
      await expect(new HttpSearchTarget(es()).search('q', 3, { signal: AbortSignal.abort() })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(seen).toHaveLength(0);
    });
  });
});

describe('target host warnings at start', () => {
  it('warns when SEARCH_TARGET_HOSTS is empty and names entries that are not hosts', () => {
    expect(targetHostWarnings({})).toEqual([
      "SEARCH_TARGET_HOSTS is not set: HTTP search targets may call any host, this server's own network included. Set it to your search services' hosts.",
    ]);
    expect(targetHostWarnings({ SEARCH_TARGET_HOSTS: 'es.internal:9200, *.example.com' })).toEqual([]);
    expect(targetHostWarnings({ SEARCH_TARGET_HOSTS: 'es.internal', SEARCH_TARGET_KEY_HOSTS: 'https://api.example.com/v1' })).toEqual([
      'SEARCH_TARGET_KEY_HOSTS: ignoring https://api.example.com/v1, not a host, host:port or *.domain',
    ]);
  });
});

describe('readJsonPointer', () => {
  it('reads RFC 6901 pointers and finds nothing outside own properties', () => {
    const document = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'm~n': 8, ' ': 7 };
    expect(readJsonPointer(document, '')).toBe(document);
    expect(readJsonPointer(document, '/foo/0')).toBe('bar');
    expect(readJsonPointer(document, '/')).toBe(0);
    expect(readJsonPointer(document, '/a~1b')).toBe(1);
    expect(readJsonPointer(document, '/m~0n')).toBe(8);
    expect(readJsonPointer(document, '/ ')).toBe(7);
    expect(readJsonPointer(document, '/foo/01')).toBeUndefined();
    expect(readJsonPointer(document, '/foo/-')).toBeUndefined();
    expect(readJsonPointer(document, '/foo/length')).toBeUndefined();
    expect(readJsonPointer(document, '/constructor')).toBeUndefined();
    expect(readJsonPointer(document, '/foo/0/x')).toBeUndefined();
  });
});

describe('http target configuration', () => {
  const valid: HttpTargetConfig = {
    kind: 'http',
    url: 'https://search.example.com/products/_search',
    method: 'POST',
    body: '{"query": {"multi_match": {"query": "{query}"}}, "size": {k}}',
    headers: { Authorization: 'ApiKey {env:SEARCH_TARGET_ES_KEY}', 'X-Trace': '{env:SEARCH_TARGET_TRACE_ID}-{env:SEARCH_TARGET_ES_KEY}' },
    hits: '/hits/hits',
    product_id: '/_source/sku',
    name: '/_source/name',
    timeout_ms: 5000,
    concurrency: 8,
    requests_per_minute: 120,
  };

  it('lists the environment variables the headers refer to, once each', () => {
    expect(envReferences(valid)).toEqual(['SEARCH_TARGET_ES_KEY', 'SEARCH_TARGET_TRACE_ID']);
    expect(envReferences({})).toEqual([]);
  });

  it('finds no problem with a usable configuration', () => {
    expect(checkHttpTargetConfig(valid, { SEARCH_TARGET_ES_KEY: 'k', SEARCH_TARGET_TRACE_ID: 't' })).toEqual([]);
    expect(
      checkHttpTargetConfig(
        { kind: 'http', url: 'http://localhost:8983/solr/select?q={query}&rows={k}', hits: '/response/docs', product_id: '/id' },
        {},
      ),
    ).toEqual([]);
  });

  it('names a host SEARCH_TARGET_HOSTS does not list and a secret bound to other hosts', () => {
    const env = {
      SEARCH_TARGET_HOSTS: 'search.internal',
      SEARCH_TARGET_ES_KEY: 'k',
      SEARCH_TARGET_ES_KEY_HOSTS: 'search.example.com',
      SEARCH_TARGET_TRACE_ID: 't',
    };
    expect(checkHttpTargetConfig(valid, env)).toEqual(['url host search.example.com is not in SEARCH_TARGET_HOSTS (search.internal)']);
    expect(checkHttpTargetConfig({ ...valid, url: 'http://search.internal:9200/_search' }, env)).toEqual([
      'headers.Authorization refers to {env:SEARCH_TARGET_ES_KEY}, which may only be sent to SEARCH_TARGET_ES_KEY_HOSTS (search.example.com), not search.internal:9200',
      'headers.X-Trace refers to {env:SEARCH_TARGET_ES_KEY}, which may only be sent to SEARCH_TARGET_ES_KEY_HOSTS (search.example.com), not search.internal:9200',
    ]);
  });

  it('lets *.domain entries match names below the domain, and host:port entries that port only', () => {
    const check = (url: string, hosts: string) =>
      checkHttpTargetConfig({ kind: 'http', url, hits: '/hits', product_id: '/id' }, { SEARCH_TARGET_HOSTS: hosts });
    expect(check('https://eu.search.example.com/?q={query}', '*.example.com')).toEqual([]);
    expect(check('https://example.com/?q={query}', '*.example.com')).toEqual([
      'url host example.com is not in SEARCH_TARGET_HOSTS (*.example.com)',
    ]);
    expect(check('https://notexample.com/?q={query}', '*.example.com')).toHaveLength(1);
    expect(check('http://es.internal:9200/?q={query}', 'es.internal:9200')).toEqual([]);
    expect(check('http://es.internal/?q={query}', 'es.internal:9200')).toEqual([
      'url host es.internal is not in SEARCH_TARGET_HOSTS (es.internal:9200)',
    ]);
    expect(check('http://es.internal:80/?q={query}', 'es.internal:80')).toEqual([]);
    expect(check('http://[::1]:9200/?q={query}', 'localhost')).toHaveLength(1);
  });

  it('names unset environment variables, bad URLs, misplaced bodies and unknown placeholders', () => {
    expect(checkHttpTargetConfig(valid, { SEARCH_TARGET_TRACE_ID: 't' })).toEqual([
      'headers.Authorization refers to {env:SEARCH_TARGET_ES_KEY}, which is not set',
      'headers.X-Trace refers to {env:SEARCH_TARGET_ES_KEY}, which is not set',
    ]);
    const base = { kind: 'http', hits: '/hits', product_id: '/id' } as const;
    expect(checkHttpTargetConfig({ ...base, url: 'ftp://example.com/?q={query}' }, {})).toEqual([
      'url must start with http:// or https://',
    ]);
    expect(checkHttpTargetConfig({ ...base, url: '{query}' }, {})).toEqual(['url must start with http:// or https://']);
    expect(checkHttpTargetConfig({ ...base, url: 'http://exa mple.com/?q={query}' }, {})).toEqual([
      'url is not a valid URL once {query} and {k} are filled in',
    ]);
    expect(checkHttpTargetConfig({ ...base, url: 'http://h/?q={Query}&key={env:KEY}' }, {})).toEqual([
      'url contains the unknown placeholder {Query}; only {query} and {k} are replaced',
      'url contains {env:KEY}, but {env:…} is only replaced in header values',
      'url contains no {query}: every search would be the same request',
    ]);
    expect(checkHttpTargetConfig({ ...base, url: 'http://h/', body: '{"q": "{query}"}' }, {})).toEqual([
      'body is only sent with method POST',
    ]);
    expect(checkHttpTargetConfig({ ...base, url: 'http://h/', method: 'POST', body: '{"q": {query}, "n": {size}}' }, {})).toEqual([
      'body contains the unknown placeholder {size}; only {query} and {k} are replaced',
      expect.stringMatching(/^body is not valid JSON once \{query\} and \{k\} are filled in \(.*\); \{query\} belongs inside "…"$/),
    ]);
    const template = '{"id": "products", "params": {"q": "{query}", "size": {k}}, "source": {"query": {"match": {"name": "{{q}}"}}}}';
    expect(checkHttpTargetConfig({ ...base, url: 'http://h/_search/template', method: 'POST', body: template }, {})).toEqual([]);
    // Another content type: the body is the user's business.
    expect(
      checkHttpTargetConfig(
        { ...base, url: 'http://h/', method: 'POST', body: 'q={query}', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        {},
      ),
    ).toEqual([]);
    expect(checkHttpTargetConfig({ ...base, url: 'http://h/?q={query}', headers: { 'X-Key': '{env:MY-KEY}' } }, {})).toEqual([
      'headers.X-Key contains {env:MY-KEY}, which is not a valid {env:NAME}: the name must start with SEARCH_TARGET_ and hold letters, digits and _ only',
    ]);
    // Other variables (server secrets such as DATABASE_URL) can never be sent to a search service.
    expect(
      checkHttpTargetConfig(
        { ...base, url: 'http://h/?q={query}', headers: { 'X-Leak': '{env:DATABASE_URL}' } },
        { DATABASE_URL: 'postgres://secret' },
      ),
    ).toEqual([
      'headers.X-Leak contains {env:DATABASE_URL}, which is not a valid {env:NAME}: the name must start with SEARCH_TARGET_ and hold letters, digits and _ only',
    ]);
    // When an experiment is saved the variables need not be set yet (the workers' environment counts).
    expect(checkHttpTargetConfig(valid, {}, { requireEnv: false })).toEqual([]);
    expect(checkHttpTargetConfig({ ...base, url: 'http://h/?q={query}', hits: 'hits' }, {})).toEqual([
      'hits must be a JSON pointer: "" or starting with /, with ~ only in ~0 and ~1',
    ]);
  });

  it('has a schema Ajv compiles strictly that accepts the documented shape and refuses the rest', () => {
    const validate = new Ajv({ strict: true }).compile(httpTargetSchema);
    expect(validate(valid)).toBe(true);
    expect(validate({ kind: 'http', url: 'http://h/?q={query}', hits: '', product_id: '' })).toBe(true);
    expect(validate({ kind: 'http', url: 'http://h/', hits: '/a~0b~1c', product_id: '/0' })).toBe(true);
    const invalid = [
      { ...valid, extra: true },
      { ...valid, kind: 'builtin' },
      { ...valid, method: 'PUT' },
      { ...valid, hits: 'hits' },
      { ...valid, product_id: '/a~2' },
      { ...valid, timeout_ms: 50 },
      { ...valid, timeout_ms: 1.5 },
      { ...valid, concurrency: 0 },
      { ...valid, concurrency: 65 },
      { ...valid, requests_per_minute: 0 },
      { ...valid, headers: { 'Bad Name': 'x' } },
      { ...valid, headers: { Good: 1 } },
      { kind: 'http', url: 'http://h/', hits: '/hits' },
    ];
    for (const config of invalid) expect(validate(config), JSON.stringify(config)).toBe(false);
  });

  it("is usable in a Fastify route body schema with the server's validators", async () => {
    const { validatorCompiler } = await import('../../server/validators');
    const validate = validatorCompiler({
      schema: { type: 'object', properties: { target: httpTargetSchema }, required: ['target'] },
      httpPart: 'body',
      url: '/',
      method: 'POST',
    });
    expect(validate({ target: valid })).toBe(true);
    expect(validate({ target: { ...valid, url: 1 } })).toBe(false);
  });
});
