/**
 * What the schema cannot check in a model judge's settings: where its base_url points (the MODEL_JUDGE_HOSTS
 * allow-list), its api_key's placeholders, its prompt template; and how a stored api_key is shown. Pure.
 */
import { envPlaceholder, invalidEnvPlaceholders, isHeaderValue } from '../search/env-secrets';
import { hostProblem } from '../search/target-hosts';
import { templateProblems } from './judge-prompt';

/** Judges may only send variables named MODEL_JUDGE_…, and only call hosts MODEL_JUDGE_HOSTS lists. */
export const JUDGE_ENV_PREFIX = 'MODEL_JUDGE_';

interface CheckedSettings {
  base_url?: string;
  api_key?: string | null;
  prompt_template?: string;
}

/** Readable problems, each naming its field (`body.base_url …`); empty when the settings can be used. */
export function judgeSettingsProblems(settings: CheckedSettings, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const { base_url: baseUrl, api_key: apiKey, prompt_template: template } = settings;
  if (baseUrl !== undefined) {
    if (!/^https?:\/\//i.test(baseUrl) || !URL.canParse(baseUrl)) problems.push('body.base_url must be an http:// or https:// URL');
    else {
      const url = new URL(baseUrl);
      if (url.search || url.hash) problems.push('body.base_url must not hold a ?query or #fragment');
      if (/\/chat\/completions\/?$/.test(url.pathname))
        problems.push('body.base_url is the API root (ending in /v1): /chat/completions is added to it');
      const refused = hostProblem(url, env, JUDGE_ENV_PREFIX);
      if (refused) problems.push(`body.base_url: ${refused}`);
    }
  }
  if (apiKey !== undefined && apiKey !== null) {
    for (const placeholder of invalidEnvPlaceholders(apiKey, JUDGE_ENV_PREFIX)) {
      problems.push(
        `body.api_key contains ${placeholder}, which is not a valid {env:NAME}: the name must start with ${JUDGE_ENV_PREFIX} and hold letters, digits and _ only`,
      );
    }
    if (!isHeaderValue(apiKey))
      problems.push('body.api_key has a character HTTP does not allow in a header (a line break or beyond Latin-1)');
  }
  if (template !== undefined && template.trim() !== '')
    problems.push(...templateProblems(template).map((p) => `body.prompt_template ${p}`));
  return problems;
}

/** The api_key as responses show it: its {env:…} placeholders (no secret) kept, everything else `[redacted]`. */
export function shownApiKey(apiKey: string | null): string | null {
  if (apiKey === null) return null;
  return apiKey
    .split(new RegExp(`(${envPlaceholder(JUDGE_ENV_PREFIX).source.replace('(', '(?:')})`))
    .map((part, index) => (index % 2 === 1 ? part : part === '' ? '' : '[redacted]'))
    .join('');
}

/** The URL of the chat-completions call: base_url with one slash before the path. */
export const chatCompletionsUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
