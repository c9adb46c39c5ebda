import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer the fake gives, in the order scripted: each request takes the next. */
export type FakeReply =
  | { kind: 'answer'; content: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number; body?: string; retryAfter?: string; contentType?: string }
  /** Never answers: for a client's timeout. */
  | { kind: 'hang' };

interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The request's JSON body. */
  body: {
    model: string;
    messages: { role: string; content: string }[];
    temperature: number;
    seed?: number;
    response_format: { type: string };
  };
  at: number;
}

export interface FakeOpenAi {
  /** The /v1 root, as a judge's base_url. */
  baseUrl: string;
  /** Every request received, in order. */
  requests: SeenRequest[];
  /** Queues answers for the coming requests; one left unscripted gets a 500 saying so. */
  reply(...replies: FakeReply[]): void;
  /** Forgets the requests seen and the answers not yet given. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_USAGE = { prompt_tokens: 100, completion_tokens: 20 };

/** The model answers one grade (the content of a chat completion). */
export const grade = (value: unknown, explanation = 'Fits the query', usage = DEFAULT_USAGE): FakeReply => ({
  kind: 'answer',
  content: JSON.stringify({ grade: value, explanation }),
  usage,
});

/** The model answers a grade per product. */
export const grades = (items: { product_id: string; grade: number; explanation?: string }[], usage = DEFAULT_USAGE): FakeReply => ({
  kind: 'answer',
  content: JSON.stringify({ grades: items.map((item) => ({ explanation: 'Fits', ...item })) }),
  usage,
});

/** The model answers text that is not the JSON asked for. */
export const malformed = (content: string, usage = DEFAULT_USAGE): FakeReply => ({ kind: 'answer', content, usage });

export const tooManyRequests = (retryAfterSeconds?: number): FakeReply => ({
  kind: 'status',
  status: 429,
  body: JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } }),
  retryAfter: retryAfterSeconds === undefined ? undefined : String(retryAfterSeconds),
});

export const serverError = (body = JSON.stringify({ error: { message: 'The server had an error' } })): FakeReply => ({
  kind: 'status',
  status: 500,
  body,
});

export const hang: FakeReply = { kind: 'hang' };

/**
 * A local server speaking OpenAI's chat-completions protocol (POST /v1/chat/completions), answering as
 * scripted; once the script runs out, by `otherwise` when given (a model that answers every request).
 */
export async function startFakeOpenAi(otherwise?: (body: SeenRequest['body']) => FakeReply): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(body);
      };
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return send(404, '{"error":{"message":"not found"}}');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SeenRequest['body'];
      requests.push({ path: request.url, headers: request.headers, body, at: Date.now() });
      const reply = queue.shift() ??
        otherwise?.(body) ?? { kind: 'status', status: 500, body: '{"error":{"message":"no reply scripted"}}' };
      if (reply.kind === 'hang') return;
      if (reply.kind === 'status') {
        const headers = {
          ...(reply.retryAfter ? { 'retry-after': reply.retryAfter } : {}),
          ...(reply.contentType ? { 'content-type': reply.contentType } : {}),
        };
        return send(reply.status, reply.body ?? '', headers);
      }
      const usage = reply.usage ?? DEFAULT_USAGE;
      send(
        200,
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => queue.push(...replies),
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close() {
      // Hanging requests hold their connections open.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
