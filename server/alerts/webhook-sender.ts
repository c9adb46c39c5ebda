/**
 * Sending one alert delivery: POSTed with a timeout, tried again after a network failure, a 429 or a 5xx with
 * back-off, and every attempt's outcome written to its alert_deliveries row, so a webhook that never answered
 * is seen on the console, not lost in a log.
 */
import { STATUS_CODES } from 'node:http';
import type { Queryable } from '../db/database';
import { causeMessage } from '../search/response-body';
import { redactSecrets } from '../search/secret-redaction';
import { webhookBody, type AlertMessage } from './alert-payloads';
import { resolveWebhookUrl } from './webhook-target';

export interface WebhookSettings {
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Waits before the attempts after a failing one; one attempt more than there are waits. */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 4_000, 16_000];

interface Attempt {
  status: 'delivered' | 'failed' | 'pending';
  response_code: number | null;
  error: string | null;
}

async function record(db: Queryable, deliveryId: number, attempts: number, { status, response_code, error }: Attempt): Promise<void> {
  await db.query(
    'UPDATE alert_deliveries SET status = $2, attempts = $3, response_code = $4, error = $5, updated_at = now() WHERE id = $1',
    [deliveryId, status, attempts, response_code, error],
  );
}

const statusText = (response: Response) => `${response.status} ${response.statusText || STATUS_CODES[response.status] || ''}`.trim();

/**
 * The longest a sender leaves a pending delivery's row untouched: a wait before trying again, then an attempt
 * that times out. A pending row untouched for longer (and a margin) was left by a server that stopped.
 */
export function longestSilenceMs(settings: WebhookSettings): number {
  return Math.max(0, ...(settings.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)) + (settings.timeoutMs ?? DEFAULT_TIMEOUT_MS);
}

/**
 * Sends delivery `deliveryId` of `message` to `webhookUrl` (as stored, placeholders and all). Never throws for the
 * webhook's sake. A delivery resumed after `attemptsMade` attempts goes on with the ones it has left.
 */
export async function sendDelivery(
  db: Queryable,
  deliveryId: number,
  webhookUrl: string,
  message: AlertMessage,
  settings: WebhookSettings = {},
  attemptsMade = 0,
): Promise<void> {
  const delays = settings.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let target: ReturnType<typeof resolveWebhookUrl>;
  try {
    target = resolveWebhookUrl(webhookUrl, settings.env ?? process.env);
  } catch (error) {
    return record(db, deliveryId, attemptsMade, { status: 'failed', response_code: null, error: (error as Error).message });
  }
  const body = JSON.stringify(webhookBody(target.url, message));
  const redact = (text: string) => redactSecrets(text, target.secrets);
  for (let attempt = attemptsMade + 1; ; attempt += 1) {
    let outcome: Attempt & { retry: boolean };
    try {
      const response = await (settings.fetch ?? globalThis.fetch)(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        // A redirect could lead to a host the allow-list refuses.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      outcome = response.ok
        ? { status: 'delivered', response_code: response.status, error: null, retry: false }
        : {
            status: 'failed',
            response_code: response.status,
            error: `The webhook answered HTTP ${statusText(response)}`,
            retry: response.status === 429 || response.status >= 500,
          };
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : `could not be reached: ${causeMessage(error)}`;
      outcome = { status: 'failed', response_code: null, error: redact(`The webhook ${reason}`), retry: true };
    }
    const again = outcome.retry && attempt <= delays.length;
    await record(db, deliveryId, attempt, { ...outcome, status: again ? 'pending' : outcome.status });
    if (!again) return;
    await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1]));
  }
}
