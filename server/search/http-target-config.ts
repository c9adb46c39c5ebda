/**
 * The configuration of an `http` search target: an external search service (Elasticsearch, OpenSearch,
 * Solr or a custom one) described by templates and JSON pointers, so it can be evaluated without code.
 *
 * Secrets: header values may hold `{env:NAME}` placeholders, replaced from the server's environment at
 * request time, so an API key lives in an environment variable and never in the stored configuration.
 * A literal secret in a header value is accepted (it cannot be told apart from any other value), but
 * it is then stored with the experiment; `{env:…}` is the way to pass one.
 */

import { JSON_POINTER, type HttpTargetConfig } from '../schemas/run-config';
import { envPlaceholder, invalidEnvPlaceholders } from './env-secrets';
import { hostProblem, secretProblem } from './target-hosts';

/**
 * Only environment variables named SEARCH_TARGET_… may be sent: whoever can edit an experiment could
 * otherwise point a header at DATABASE_URL or another server secret and a URL of their own.
 */
export const ENV_PREFIX = 'SEARCH_TARGET_';
/** `{env:SEARCH_TARGET_NAME}` in a header value; global, so use it with replace or matchAll. */
const ENV_PLACEHOLDER = envPlaceholder(ENV_PREFIX);
/**
 * Anything that looks like a placeholder, to catch typos such as {Query} or {env:MY-KEY}; not inside
 * {{…}}, which is mustache (an Elasticsearch search template's own parameters).
 */
const ANY_PLACEHOLDER = /\{(?:env:[^{}]*|[A-Za-z_][A-Za-z0-9_]*)\}/g;
const MUSTACHE = /\{\{[A-Za-z_][A-Za-z0-9_.]*\}\}/g;
const TEMPLATE_PLACEHOLDERS = new Set(['{query}', '{k}']);

/** Names of the environment variables the header values refer to, each once, in order of appearance. */
export function envReferences(config: Pick<HttpTargetConfig, 'headers'>): string[] {
  const names = Object.values(config.headers ?? {}).flatMap((value) => [...value.matchAll(ENV_PLACEHOLDER)].map((match) => match[1]));
  return [...new Set(names)];
}

/**
 * Fills a url or body template. One pass, so text that the query brings in ("{k}") is never replaced again.
 * `escape` is encodeURIComponent for a URL and JSON-string escaping for a body.
 */
export function fillTemplate(template: string, query: string, k: number, escape: (query: string) => string): string {
  return template.replace(/\{(query|k)\}/g, (placeholder) => (placeholder === '{k}' ? String(k) : escape(query)));
}

/** The query as the inside of a JSON string literal: `say "hi"` → `say \"hi\"`. */
export const jsonStringContent = (text: string) => JSON.stringify(text).slice(1, -1);

function isJsonPointer(text: string): boolean {
  return new RegExp(JSON_POINTER).test(text);
}

/** Whether a Content-Type (absent = the JSON one the target sends) announces JSON. */
const isJsonContentType = (value: string | undefined) => value === undefined || /\bjson\b/i.test(value);

const headerValue = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

function unknownPlaceholders(field: string, template: string): string[] {
  return [...template.replace(MUSTACHE, '').matchAll(ANY_PLACEHOLDER)]
    .map((match) => match[0])
    .filter((placeholder) => !TEMPLATE_PLACEHOLDERS.has(placeholder))
    .map((placeholder) =>
      placeholder.startsWith('{env:')
        ? `${field} contains ${placeholder}, but {env:…} is only replaced in header values`
        : `${field} contains the unknown placeholder ${placeholder}; only {query} and {k} are replaced`,
    );
}

/**
 * Readable problems with a configuration that already passed `HttpTargetSchema`: what the schema cannot
 * say (fields that depend on each other, templates, the environment). Empty when the target can be used.
 */
export function checkHttpTargetConfig(
  config: HttpTargetConfig,
  env: NodeJS.ProcessEnv = process.env,
  { requireEnv = true }: { requireEnv?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const sampleUrl = fillTemplate(config.url, 'test', 10, encodeURIComponent);
  if (!/^https?:\/\//i.test(sampleUrl)) problems.push('url must start with http:// or https://');
  else if (!URL.canParse(sampleUrl)) problems.push('url is not a valid URL once {query} and {k} are filled in');
  const target = URL.canParse(sampleUrl) ? new URL(sampleUrl) : undefined;
  const refused = target && hostProblem(target, env);
  if (refused) problems.push(`url ${refused}`);
  problems.push(...unknownPlaceholders('url', config.url));
  // Without the query in the request every search is the same one: a scored run would be meaningless.
  if (!config.url.includes('{query}') && !config.body?.includes('{query}')) {
    problems.push(
      `${config.body === undefined ? 'url contains' : 'url and body contain'} no {query}: every search would be the same request`,
    );
  }

  const method = config.method ?? 'GET';
  if (config.body !== undefined) {
    if (method !== 'POST') problems.push('body is only sent with method POST');
    problems.push(...unknownPlaceholders('body', config.body));
    if (method === 'POST' && isJsonContentType(headerValue(config.headers ?? {}, 'content-type'))) {
      try {
        JSON.parse(fillTemplate(config.body, 'test', 10, jsonStringContent));
      } catch (error) {
        problems.push(
          `body is not valid JSON once {query} and {k} are filled in (${(error as Error).message}); {query} belongs inside "…"`,
        );
      }
    }
  }

  for (const [name, value] of Object.entries(config.headers ?? {})) {
    for (const placeholder of invalidEnvPlaceholders(value, ENV_PREFIX)) {
      problems.push(
        `headers.${name} contains ${placeholder}, which is not a valid {env:NAME}: the name must start with ${ENV_PREFIX} and hold letters, digits and _ only`,
      );
    }
    for (const variable of envReferences({ headers: { [name]: value } })) {
      if (requireEnv && env[variable] === undefined) problems.push(`headers.${name} refers to {env:${variable}}, which is not set`);
      const unbound = requireEnv && target && !refused && secretProblem(variable, target, env);
      if (unbound) problems.push(`headers.${name} refers to {env:${variable}}, ${unbound}`);
    }
  }

  for (const field of ['hits', 'product_id', 'name', 'image_url'] as const) {
    const pointer = config[field];
    if (pointer !== undefined && !isJsonPointer(pointer))
      problems.push(`${field} must be a JSON pointer: "" or starting with /, with ~ only in ~0 and ~1`);
  }
  return problems;
}
