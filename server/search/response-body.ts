/**
 * Reading a search target's answer: bounded in size, and described without its content when it is not
 * JSON, since a target URL may point at a page nobody meant users to read (an internal service).
 */

/** Larger answers are refused: k ≤ 1000 hits fit many times over, and a worker must not run out of memory. */
export const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

export class ResponseTooLarge extends Error {}

/** The body, reading no more than `limit` bytes; `what` names the service in the error. */
export async function readLimited(response: Response, limit: number, what = 'Search target'): Promise<Buffer> {
  const tooLarge = () => new ResponseTooLarge(`${what} response is larger than ${limit / 1024 / 1024} MiB`);
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** "(text/html, 5120 bytes)": what a body that is not JSON may say about itself. */
export function describeBody(response: Response, body: Buffer): string {
  const type = response.headers.get('content-type')?.slice(0, 100) || 'no content type';
  return ` (${type}, ${body.byteLength} bytes)`;
}

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** undici's "fetch failed" says little; the cause ("connect ECONNREFUSED 127.0.0.1:9200") says what. */
export function causeMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause.message !== '') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
