/**
 * Asks a model judge for grades: one chat-completions request (OpenAI's protocol, which Ollama, vLLM and
 * others speak) for up to products_per_call products of one query, retried with back-off while the service
 * says it is busy (429) or failing (5xx). Whatever the model answers that is not a whole grade on the set's
 * scale for every product asked is a failure carrying the model's raw answer: a grade is never guessed.
 */
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { resolveHeaderValue, secretsOf } from '../search/env-secrets';
import { RequestLimiter } from '../search/request-limiter';
import { causeMessage, describeBody, parseJson, readLimited, ResponseTooLarge } from '../search/response-body';
import { redactSecrets } from '../search/secret-redaction';
import { hostProblem } from '../search/target-hosts';
import { judgePrompt, type JudgedProduct, type JudgeScale } from './judge-prompt';
import { chatCompletionsUrl, JUDGE_ENV_PREFIX } from './judge-settings';
import type { StoredModelJudge } from './model-judge-records';

/** What the client needs of a judge's settings (its api_key as stored, placeholders and all). */
export type ModelJudgeSettings = Omit<StoredModelJudge, 'id' | 'name' | 'created_at' | 'updated_at'>;

export interface ModelClientOptions {
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  /** Per attempt, from when the request is sent. */
  timeoutMs?: number;
  /** Waits before the attempts after a 429 or 5xx; one attempt more than there are waits. */
  retryDelaysMs?: readonly number[];
  /** A Retry-After longer than this is waited this long. */
  maxRetryAfterMs?: number;
}

export interface JudgeRequest {
  scale: JudgeScale;
  query: string;
  /** 1 to the judge's products_per_call. */
  products: readonly JudgedProduct[];
  signal?: AbortSignal;
}

interface ProductGrade {
  product_id: string;
  grade: number;
  explanation: string;
}

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** What every answer tells, graded or not: for the cost, and for knowing later how a grade was asked for. */
interface CallFacts {
  /** As the service counted it; null when it did not say (or was not reached). */
  usage: TokenUsage | null;
  /** From usage and the judge's prices; null without usage. */
  cost: number | null;
  /** Of the last attempt, in ms. */
  latency_ms: number;
  attempts: number;
  /** sha256 (hex) of the prompt template: which wording produced the grades. */
  prompt_template_sha256: string;
}

export type JudgeAnswer = CallFacts &
  (
    | { ok: true; grades: ProductGrade[] }
    /** `raw`: what the model or service answered (secrets blanked, cut at RAW_LENGTH); null when nothing came back. */
    | { ok: false; error: string; raw: string | null }
  );

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];
const DEFAULT_MAX_RETRY_AFTER_MS = 120_000;
/** A chat answer is a few kilobytes; this bounds a worker's memory against a service gone wrong. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** How much of a failed answer is kept: enough to see what the model did instead. */
const RAW_LENGTH = 10_000;
const WHAT = 'Model judge';

export const promptTemplateHash = (template: string) => createHash('sha256').update(template).digest('hex');

export class ModelClient {
  private readonly limiter: RequestLimiter;
  private readonly env: NodeJS.ProcessEnv;
  private readonly fetch: typeof fetch;
  private readonly templateHash: string;

  constructor(
    private readonly judge: ModelJudgeSettings,
    private readonly options: ModelClientOptions = {},
  ) {
    this.limiter = new RequestLimiter(judge.concurrency, judge.requests_per_minute);
    this.env = options.env ?? process.env;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.templateHash = promptTemplateHash(judge.prompt_template);
  }

  async grade({ scale, query, products, signal }: JudgeRequest): Promise<JudgeAnswer> {
    if (products.length < 1 || products.length > this.judge.products_per_call)
      throw new RangeError(`A call grades 1 to ${this.judge.products_per_call} products, not ${products.length}`);
    signal?.throwIfAborted();
    const facts = { usage: null, cost: null, latency_ms: 0, attempts: 0, prompt_template_sha256: this.templateHash };
    const failed = (error: string, raw: string | null = null, more: Partial<CallFacts> = {}): JudgeAnswer => ({
      ...facts,
      ...more,
      ok: false,
      error,
      raw: raw === null ? null : this.redact(raw).slice(0, RAW_LENGTH),
    });

    let request: { url: string; init: RequestInit };
    try {
      request = this.request(scale, query, products);
    } catch (error) {
      return failed((error as Error).message);
    }
    const release = await this.limiter.acquire(signal);
    try {
      const sent = await this.send(request, signal);
      if ('error' in sent) return failed(sent.error, sent.raw ?? null, sent.facts);
      const { value, text, facts: callFacts } = sent;
      const content = readContent(value);
      if (content === undefined) return failed(`${WHAT} answer is not a chat completion (no choices[0].message.content)`, text, callFacts);
      const usage = readUsage(value);
      const withUsage = { ...callFacts, usage: usage ?? null, cost: usage ? this.cost(usage) : null };
      const read = readGrades(content, products, scale.max_grade);
      if ('error' in read) return failed(read.error, content, withUsage);
      return { ...facts, ...withUsage, ok: true, grades: read.grades };
    } finally {
      release();
    }
  }

  /** The URL and init of the call; throws naming the problem when the settings or the environment are unusable. */
  private request(scale: JudgeScale, query: string, products: readonly JudgedProduct[]) {
    const { judge } = this;
    const url = chatCompletionsUrl(judge.base_url);
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw new Error(`${WHAT} base_url must be an http:// or https:// URL`);
    const target = new URL(url);
    const refused = hostProblem(target, this.env, JUDGE_ENV_PREFIX);
    if (refused) throw new Error(`${WHAT} ${refused}`);
    const headers = new Headers({ accept: 'application/json', 'content-type': 'application/json' });
    if (judge.api_key !== null) {
      const key = resolveHeaderValue(judge.api_key, { what: `${WHAT} api_key`, prefix: JUDGE_ENV_PREFIX, env: this.env, url: target });
      headers.set('authorization', `Bearer ${key}`);
    }
    const prompt = judgePrompt({
      template: judge.prompt_template,
      guidelines: judge.guidelines,
      productFields: judge.product_fields,
      scale,
      query,
      products,
    });
    const body = JSON.stringify({
      model: judge.model,
      messages: [{ role: 'user', content: prompt }],
      temperature: judge.temperature,
      ...(judge.seed === null ? {} : { seed: judge.seed }),
      response_format: { type: 'json_object' },
    });
    // Redirects are not followed: one could lead to a host the list refuses, carrying the key along.
    return { url, init: { method: 'POST', headers, body, redirect: 'manual' } satisfies RequestInit };
  }

  /** The body of a successful answer, after retries; or why there is none. */
  private async send(
    { url, init }: { url: string; init: RequestInit },
    signal?: AbortSignal,
  ): Promise<{ value: unknown; text: string; facts: Partial<CallFacts> } | { error: string; raw?: string; facts: Partial<CallFacts> }> {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    for (let attempt = 1; ; attempt += 1) {
      const started = performance.now();
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
      let response: Response;
      let body: Buffer;
      try {
        response = await this.fetch(url, { ...init, signal: combined });
        body = await readLimited(response, MAX_RESPONSE_BYTES, WHAT);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const facts = { attempts: attempt, latency_ms: Math.round(performance.now() - started) };
        if (error instanceof ResponseTooLarge) return { error: error.message, facts };
        if (timeout.aborted) return { error: `${WHAT} timed out after ${timeoutMs} ms`, facts };
        return { error: `${WHAT} could not be reached: ${this.redact(causeMessage(error))}`, facts };
      }
      const facts = { attempts: attempt, latency_ms: Math.round(performance.now() - started) };
      const text = body.toString('utf8');
      // Only JSON is kept or quoted: base_url may point at a page nobody meant users to read (an internal service).
      const json = parseJson(text);
      if (response.ok)
        return json ? { value: json.value, text, facts } : { error: `${WHAT} answer is not JSON${describeBody(response, body)}`, facts };
      const busy = response.status === 429 || response.status >= 500;
      if (busy && attempt <= delays.length) {
        await pause(this.retryWait(response, delays[attempt - 1]), signal);
        continue;
      }
      const status = `${response.status} ${response.statusText || STATUS_CODES[response.status] || ''}`.trim();
      const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
      const described = json || body.byteLength === 0 ? '' : describeBody(response, body);
      return { error: `${WHAT} answered HTTP ${status}${tries}${described}`, raw: json ? text : undefined, facts };
    }
  }

  /** Retry-After (seconds or an HTTP date) when the service sends one, else the back-off's own wait. */
  private retryWait(response: Response, fallbackMs: number): number {
    const header = response.headers.get('retry-after')?.trim();
    const max = this.options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    if (!header) return fallbackMs;
    const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
    return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), max) : fallbackMs;
  }

  private cost({ prompt_tokens, completion_tokens }: TokenUsage): number {
    const { price_per_1k_input: input, price_per_1k_output: output } = this.judge;
    // Rounded as costs are stored (numeric(…, 6)), so sums do not carry a double's noise.
    return Math.round(((prompt_tokens * input + completion_tokens * output) / 1000) * 1e6) / 1e6;
  }

  /** Text with the api_key, and any environment value it refers to, blanked out. */
  private redact(text: string): string {
    const { api_key: key } = this.judge;
    return key === null ? text : redactSecrets(text, secretsOf([key], JUDGE_ENV_PREFIX, this.env));
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readContent(body: unknown): string | undefined {
  if (!isObject(body) || !Array.isArray(body.choices)) return undefined;
  const [choice] = body.choices as unknown[];
  const content = isObject(choice) && isObject(choice.message) ? choice.message.content : undefined;
  return typeof content === 'string' ? content : undefined;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function readUsage(body: unknown): TokenUsage | undefined {
  const usage = isObject(body) ? body.usage : undefined;
  if (!isObject(usage) || !isCount(usage.prompt_tokens) || !isCount(usage.completion_tokens)) return undefined;
  return { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens };
}

/** The model's answer as grades for exactly the products asked, or what is wrong with it. */
function readGrades(content: string, products: readonly JudgedProduct[], maxGrade: number): { grades: ProductGrade[] } | { error: string } {
  // Some models wrap JSON in a Markdown fence even when asked for JSON only.
  const unfenced = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
  const json = parseJson(unfenced);
  if (!json) return { error: 'The model did not answer JSON' };
  const { value } = json;
  if (products.length === 1 && isObject(value) && 'grade' in value) {
    const grade = readGrade(value, products[0].product_id, maxGrade);
    return 'error' in grade ? grade : { grades: [grade] };
  }
  const items = Array.isArray(value) ? value : isObject(value) ? value.grades : undefined;
  if (!Array.isArray(items)) return { error: `The model answered no ${products.length === 1 ? '"grade"' : '"grades" array'}` };
  const asked = new Set(products.map((product) => product.product_id));
  const graded = new Map<string, ProductGrade>();
  for (const item of items as unknown[]) {
    const id =
      isObject(item) && (typeof item.product_id === 'string' || typeof item.product_id === 'number') ? String(item.product_id) : undefined;
    if (id === undefined) return { error: 'The model answered a grade without a product_id' };
    if (!asked.has(id)) return { error: `The model graded product ${id}, which it was not asked about` };
    if (graded.has(id)) return { error: `The model graded product ${id} twice` };
    const grade = readGrade(item as Record<string, unknown>, id, maxGrade);
    if ('error' in grade) return grade;
    graded.set(id, grade);
  }
  const missing = products.filter((product) => !graded.has(product.product_id)).map((product) => product.product_id);
  if (missing.length > 0) return { error: `The model gave no grade for product ${missing.join(', ')}` };
  return { grades: products.map((product) => graded.get(product.product_id)!) };
}

function readGrade(item: Record<string, unknown>, productId: string, maxGrade: number): ProductGrade | { error: string } {
  const { grade, explanation = '' } = item;
  if (typeof grade !== 'number' || !Number.isInteger(grade) || grade < 0 || grade > maxGrade)
    return {
      error: `The model's grade ${JSON.stringify(grade) ?? 'undefined'} for product ${productId} is not a whole number from 0 to ${maxGrade}`,
    };
  if (typeof explanation !== 'string') return { error: `The model's explanation for product ${productId} is not text` };
  return { product_id: productId, grade, explanation };
}
