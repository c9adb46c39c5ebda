/**
 * What a webhook is sent: generic JSON for any receiver, and Slack's `{ text }` when the URL is a Slack
 * incoming webhook (hooks.slack.com), which refuses any other shape. Pure.
 */

export interface AlertMessage {
  experiment: { id: number; name: string };
  /** A scheduled run that could not start has no id nor number, and its error says why. */
  run: { id: number | null; number: number | null; status: string; error: string | null };
  baseline: { id: number; number: number } | null;
  pass: boolean;
  checks: unknown[];
  worst_regressions: unknown[];
  console_url: string;
}

const isSlackWebhook = (url: URL) => url.hostname === 'hooks.slack.com';

const runName = (number: number | null) => `run #${number}`;

/** A check as one line: the gate's own sentence when it gives one, its JSON otherwise. */
function checkLine(check: unknown): string {
  const { reason, failed } = (check ?? {}) as Record<string, unknown>;
  return typeof reason === 'string' ? `${failed === true ? '✗' : '✓'} ${reason}` : JSON.stringify(check);
}

/** Slack's message: what happened in the first line, the checks below, and the link to look. */
function slackText(message: AlertMessage): string {
  const experiment = `Experiment “${message.experiment.name}”`;
  const { run } = message;
  if (run.status !== 'success') {
    const why = run.error ? `: ${run.error}` : '';
    return run.number === null
      ? `:x: ${experiment}, scheduled run could not start${why}\n<${message.console_url}|Open the experiment>`
      : `:x: ${experiment}, scheduled ${runName(run.number)} failed${why}\n<${message.console_url}|Open the run>`;
  }
  const against = message.baseline ? ` against ${runName(message.baseline.number)}` : '';
  return [
    `:warning: ${experiment}, scheduled ${runName(run.number)} regressed${against}`,
    ...message.checks.map(checkLine),
    `<${message.console_url}|Compare the runs>`,
  ].join('\n');
}

/** The body sent to `url`. */
export const webhookBody = (url: URL, message: AlertMessage): unknown => (isSlackWebhook(url) ? { text: slackText(message) } : message);
