/**
 * Where an alert's webhook may point, as for search targets and model judges with a prefix of its own: hosts
 * on ALERT_WEBHOOK_HOSTS (any when unset), and `{env:ALERT_WEBHOOK_NAME}` placeholders in the path or query for
 * what is secret in a webhook's URL (a Slack hook's path), sent only to the hosts ALERT_WEBHOOK_NAME_HOSTS lists.
 * The URL is stored with its placeholders and filled in when a delivery is sent.
 */
import { envPlaceholder, invalidEnvPlaceholders } from '../search/env-secrets';
import { hostProblem, secretProblem } from '../search/target-hosts';

const WEBHOOK_ENV_PREFIX = 'ALERT_WEBHOOK_';

/** Stands in for each placeholder while the URL's shape is checked. */
const STAND_IN = 'x';

/** Readable problems with a webhook URL as given, each starting `body.webhook_url`; empty when it can be used. */
export function webhookUrlProblems(template: string, env: NodeJS.ProcessEnv): string[] {
  const invalid = invalidEnvPlaceholders(template, WEBHOOK_ENV_PREFIX);
  if (invalid.length > 0) {
    return invalid.map(
      (placeholder) =>
        `body.webhook_url contains ${placeholder}, which is not a valid {env:NAME}: the name must start with ${WEBHOOK_ENV_PREFIX}`,
    );
  }
  const sample = template.replace(envPlaceholder(WEBHOOK_ENV_PREFIX), STAND_IN);
  if (!/^https?:\/\//i.test(sample) || !URL.canParse(sample)) return ['body.webhook_url must be an http:// or https:// URL'];
  const url = new URL(sample);
  // A placeholder in the host would let a secret choose where it is sent.
  const afterScheme = template.indexOf('//') + 2;
  const authority = template.slice(afterScheme).split(/[/?#]/)[0];
  if (authority.includes('{env:')) return ['body.webhook_url may hold {env:…} in its path or query only, not its host'];
  if (url.username || url.password) return ['body.webhook_url must not hold a user name or password; use {env:…} in its path or query'];
  const refused = hostProblem(url, env, WEBHOOK_ENV_PREFIX);
  return refused ? [`body.webhook_url: ${refused}`] : [];
}

/** The URL to call, its placeholders filled in, and the secrets to blank out of what is kept; throws saying why it cannot be called. */
export function resolveWebhookUrl(template: string, env: NodeJS.ProcessEnv): { url: URL; secrets: string[] } {
  const problems = webhookUrlProblems(template, env);
  if (problems.length > 0) throw new Error(problems[0].replace('body.webhook_url', 'The webhook URL'));
  const host = new URL(template.replace(envPlaceholder(WEBHOOK_ENV_PREFIX), STAND_IN));
  const secrets: string[] = [];
  const filled = template.replace(envPlaceholder(WEBHOOK_ENV_PREFIX), (_, variable: string) => {
    const value = env[variable];
    if (value === undefined) throw new Error(`The webhook URL refers to {env:${variable}}, which is not set`);
    const unbound = secretProblem(variable, host, env);
    if (unbound) throw new Error(`The webhook URL refers to {env:${variable}}, ${unbound}`);
    secrets.push(value);
    return value;
  });
  return { url: new URL(filled), secrets };
}
