/**
 * Header values that hold `{env:NAME}` placeholders, shared by search targets and model judges: each caller
 * may only read variables named with its own prefix (SEARCH_TARGET_…, MODEL_JUDGE_…), so whoever configures
 * one cannot send DATABASE_URL or another server secret to a URL of their own. Values are filled in at
 * request time and blanked out of anything the remote service sends back.
 */
import { secretProblem } from './target-hosts';

/** What fetch accepts in a header value; checked first so its own error, which quotes the value, never shows. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** `{env:<prefix>NAME}`; global, so use it with replace or matchAll. */
export const envPlaceholder = (prefix: string) => new RegExp(`\\{env:(${prefix}[A-Za-z0-9_]+)\\}`, 'g');

interface Resolving {
  /** Who the errors name: "Search target header x-api-key", "Model judge api_key". */
  what: string;
  prefix: string;
  env: NodeJS.ProcessEnv;
  /** Where the value is going: a secret bound to other hosts is not sent there. */
  url: URL;
}

/** The value to send, its placeholders filled in; throws naming `what` (never the value) when it cannot be sent. */
export function resolveHeaderValue(template: string, { what, prefix, env, url }: Resolving): string {
  const value = template.replace(envPlaceholder(prefix), (_, variable: string) => {
    const resolved = env[variable];
    if (resolved === undefined) throw new Error(`${what} refers to {env:${variable}}, which is not set`);
    const unbound = secretProblem(variable, url, env);
    if (unbound) throw new Error(`${what} refers to {env:${variable}}, ${unbound}`);
    return resolved;
  });
  if (value.includes('{env:')) throw new Error(`${what} refers to a variable not named ${prefix}…, which is never sent`);
  if (!HEADER_VALUE.test(value)) throw new Error(`${what} has a value HTTP does not allow (a line break or a character beyond Latin-1)`);
  return value;
}

/** Whether text may be sent as a header value once its placeholders are filled in (a line break may not). */
export const isHeaderValue = (text: string) => HEADER_VALUE.test(text);

/** What to blank out of an answer: each value as sent, and each environment value it refers to. */
export function secretsOf(templates: readonly string[], prefix: string, env: NodeJS.ProcessEnv): string[] {
  const placeholder = envPlaceholder(prefix);
  return templates.flatMap((template) => [
    template.replace(placeholder, (_, variable: string) => env[variable] ?? ''),
    ...[...template.matchAll(placeholder)].map((match) => env[match[1]] ?? ''),
  ]);
}

/** The `{env:…}` in `text` that are not a valid `{env:<prefix>NAME}` (a typo, or a variable that is never sent). */
export function invalidEnvPlaceholders(text: string, prefix: string): string[] {
  const valid = new RegExp(`^${envPlaceholder(prefix).source}$`);
  return (text.match(/\{env:[^{}]*\}/g) ?? []).filter((placeholder) => !valid.test(placeholder));
}
