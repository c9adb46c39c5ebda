/**
 * A search target that asks an external search service over HTTP, configured by templates and JSON
 * pointers (see http-target-config.ts). Error messages are shown to users in a run's result: they name
 * what went wrong and never carry header values, which may hold secrets.
 */
import { STATUS_CODES } from 'node:http';
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS, type HttpTargetConfig } from '../schemas/run-config';
import { ENV_PREFIX, fillTemplate, jsonStringContent } from './http-target-config';
import { resolveHeaderValue, secretsOf } from './env-secrets';
import { RequestLimiter } from './request-limiter';
import { imageUrlProblem } from './image-url';
import { causeMessage, describeBody, MAX_RESPONSE_BYTES, parseJson, readLimited, ResponseTooLarge } from './response-body';
import { redactSecrets } from './secret-redaction';
import { hostProblem } from './target-hosts';

import { assertValidK, type SearchHit, type SearchTarget } from './search-target';

export { MAX_RESPONSE_BYTES };

/** How much of an error response is quoted: enough for an Elasticsearch `reason`. */
const SNIPPET_LENGTH = 300;

/** The value at an RFC 6901 JSON pointer, or undefined when there is none. Only own properties count. */
export function readJsonPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let value = document;
  for (const token of pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    if (Array.isArray(value)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      value = value[Number(token)];
    } else if (typeof value === 'object' && value !== null && Object.hasOwn(value, token)) {
      value = (value as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return value;
}

/** How much of an answer a pointer mistake shows (try a query): enough to see the document's shape. */
const RAW_START_LENGTH = 2000;

/** The service answered JSON that the pointers do not fit; `rawStart` is the answer's start (secrets blanked). */
export class ResponseShapeError extends Error {
  constructor(
    message: string,
    readonly rawStart: string,
  ) {
    super(message);
  }
}

const where = (pointer: string) => (pointer === '' ? 'the top level' : pointer);
const optionalText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

export class HttpSearchTarget implements SearchTarget {
  readonly kind = 'http';
  private readonly limiter: RequestLimiter;
  private readonly env: NodeJS.ProcessEnv;
  private readonly fetch: typeof fetch;

  constructor(
    private readonly config: HttpTargetConfig,
    options: { env?: NodeJS.ProcessEnv; fetch?: typeof fetch } = {},
  ) {
    this.limiter = new RequestLimiter(config.concurrency ?? DEFAULT_CONCURRENCY, config.requests_per_minute);
    this.env = options.env ?? process.env;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async search(query: string, k: number, options: { signal?: AbortSignal } = {}): Promise<SearchHit[]> {
    assertValidK(k);
    const { signal } = options;
    signal?.throwIfAborted();
    const request = this.request(query, k);
    const release = await this.limiter.acquire(signal);
    try {
      const { value, text } = await this.send(request, query, signal);
      try {
        return this.hits(value, k);
      } catch (error) {
        // Blanked before it is cut: a cut through a secret would leave its first part unrecognised.
        throw new ResponseShapeError((error as Error).message, this.redact(text).slice(0, RAW_START_LENGTH));
      }
    } finally {
      release();
    }
  }

  /** The URL and init of the request; fails before queueing when the configuration or environment is unusable. */
  private request(query: string, k: number) {
    const { config } = this;
    const url = fillTemplate(config.url, query, k, encodeURIComponent);
    if (!/^https?:\/\//i.test(url)) throw new Error('Search target url must start with http:// or https://');
    if (!URL.canParse(url)) throw new Error('Search target url is not a valid URL once {query} and {k} are filled in');
    const target = new URL(url);
    const refused = hostProblem(target, this.env);
    if (refused) throw new Error(`Search target ${refused}`);
    const method = config.method ?? 'GET';
    const body = method === 'POST' && config.body !== undefined ? fillTemplate(config.body, query, k, jsonStringContent) : undefined;

    const headers = new Headers();
    for (const [name, template] of Object.entries(config.headers ?? {})) {
      const what = `Search target header ${name}`;
      headers.set(name, resolveHeaderValue(template, { what, prefix: ENV_PREFIX, env: this.env, url: target }));
    }
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    // Redirects are not followed: one could lead to a host the list refuses, carrying the headers along.
    return { url, init: { method, headers, body, redirect: 'manual' } satisfies RequestInit };
  }

  /** The parsed JSON body of a successful answer. */
  private async send(
    { url, init }: ReturnType<HttpSearchTarget['request']>,
    query: string,
    signal?: AbortSignal,
  ): Promise<{ value: unknown; text: string }> {
    const timeoutMs = this.config.timeout_ms ?? DEFAULT_TIMEOUT_MS;
    // Started once the limiter lets the request go: waiting in the queue is not the service's time.
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    let body: Buffer;
    let response: Response;
    try {
      response = await this.fetch(url, { ...init, signal: combined });
      body = await readLimited(response, MAX_RESPONSE_BYTES);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof ResponseTooLarge) throw error;
      if (timeout.aborted) throw new Error(`Search target timed out after ${timeoutMs} ms`);
      throw new Error(`Search target could not be reached: ${this.redact(causeMessage(error))}`);
    }
    const text = body.toString('utf8');
    const json = parseJson(text);
    if (!response.ok) {
      const status = `${response.status} ${response.statusText || STATUS_CODES[response.status] || ''}`.trim();
      const answered = `Search target answered HTTP ${status}`;
      if (response.status >= 300 && response.status < 400) throw new Error(`${answered}${this.redact(redirectHint(response, url))}`);
      // A JSON error (Elasticsearch's `reason`) helps; any other body may be a page nobody meant users to read.
      const detail = body.byteLength === 0 ? '' : json ? this.snippet(text) : describeBody(response, body);
      throw new Error(`${answered} for ${JSON.stringify(query)}${detail}`);
    }
    if (!json) throw new Error(`Search target response is not JSON${describeBody(response, body)}`);
    return { value: json.value, text };
  }

  /** The first `k` distinct hits, in the service's order. */
  private hits(body: unknown, k: number): SearchHit[] {
    const { config } = this;
    const hits = readJsonPointer(body, config.hits);
    if (!Array.isArray(hits)) throw new Error(`Search target response has no array at ${where(config.hits)}`);
    const result: SearchHit[] = [];
    const seen = new Set<string>();
    for (let index = 0; index < hits.length && result.length < k; index += 1) {
      const hit: unknown = hits[index];
      const id = readJsonPointer(hit, config.product_id);
      if (id === undefined || id === null || id === '')
        throw new Error(`Search target hit at index ${index} has no product_id at ${where(config.product_id)}`);
      // JSON.parse rounds an integer beyond 2^53: it would score a product the service never returned.
      if (typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id))
        throw new Error(
          `Search target hit at index ${index} has a product_id at ${where(config.product_id)} too large to read exactly as a JSON number; return it as a string`,
        );
      const productId = optionalText(id);
      if (productId === undefined)
        throw new Error(
          `Search target hit at index ${index} has a product_id at ${where(config.product_id)} that is not a string or number`,
        );
      // A product listed twice counts once, as trec_eval would refuse a ranking that repeats a document.
      if (seen.has(productId)) continue;
      seen.add(productId);
      const name = config.name === undefined ? undefined : optionalText(readJsonPointer(hit, config.name));
      result.push({ product_id: productId, ...(name === undefined ? {} : { name }), ...this.image(hit) });
    }
    return result;
  }

  /** The hit's image URL when the console may show it; otherwise none, and a note saying why. */
  private image(hit: unknown): Pick<SearchHit, 'image_url' | 'note'> {
    const pointer = this.config.image_url;
    const imageUrl = pointer === undefined ? undefined : optionalText(readJsonPointer(hit, pointer));
    if (pointer === undefined || imageUrl === undefined) return {};
    const problem = imageUrlProblem(imageUrl);
    return problem === undefined ? { image_url: imageUrl } : { note: `image_url at ${where(pointer)} ${problem}; no image is shown` };
  }

  /** The start of a response body for an error message, secrets blanked before spacing or a cut could hide them. */
  private snippet(text: string): string {
    const compact = this.redact(text).replace(/\s+/g, ' ').trim();
    if (compact === '') return '';
    return `: ${compact.length > SNIPPET_LENGTH ? `${compact.slice(0, SNIPPET_LENGTH)}…` : compact}`;
  }

  /** Text with every configured header value, and every environment value they refer to, blanked out. */
  private redact(text: string): string {
    return redactSecrets(text, secretsOf(Object.values(this.config.headers ?? {}), ENV_PREFIX, this.env));
  }
}

/** What a redirect's error says: where it leads, for the user to put in the configuration. */
function redirectHint(response: Response, url: string): string {
  const location = response.headers.get('location');
  const target = location && URL.canParse(location, url) ? new URL(location, url).href : undefined;
  return `, a redirect${target ? ` to ${target}` : ''}, which is not followed: set url to where it leads`;
}
