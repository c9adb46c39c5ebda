/**
 * What a webhook is sent: generic JSON for any receiver, and Slack's `{ text }` when the URL is a Slack
 * incoming webhook (hooks.slack.com), which refuses any other shape. Pure.
 */

export interface AlertMessage {
  experiment: { id: number; name: string };
  run: { id: number; number: number; status: string; error: string | null };
  baseline: { id: number; number: number } | null;
  pass: boolean;
  checks: unknown[];
  worst_regressions: unknown[];
  console_url: string;
}

const isSlackWebhook = (url: URL) => url.hostname === 'hooks.slack.com';

const runName = (run: { number: number }) => `run #${run.number}`;

/** A check as one line: the gate's own sentence when it gives one, its JSON otherwise. */
function checkLine(check: unknown): string {
  const { reason, failed } = (check ?? {}) as Record<string, unknown>;
  return typeof reason === 'string' ? `${failed === true ? '✗' : '✓'} ${reason}` : JSON.stringify(check);
}

/** Slack's message: what happened in the first line, the checks below, and the link to look. */
function slackText(message: AlertMessage): string {
  const what = `Experiment “${message.experiment.name}”, scheduled ${runName(message.run)}`;
  if (message.run.status !== 'success') {
    return `:x: ${what} failed${message.run.error ? `: ${message.run.error}` : ''}\n<${message.console_url}|Open the run>`;
  }
  const against = message.baseline ? ` against ${runName(message.baseline)}` : '';
  return [`:warning: ${what} regressed${against}`, ...message.checks.map(checkLine), `<${message.console_url}|Compare the runs>`].join(
    '\n',
  );
}

/** The body sent to `url`. */
export const webhookBody = (url: URL, message: AlertMessage): unknown => (isSlackWebhook(url) ? { text: slackText(message) } : message);
