// Read at run time so one build serves every deployment (design: "never from a rebuild").
type AudienceParam = 'resource' | 'audience';

export type RuntimeConfig = {
  /** The OpenID provider's issuer URL; discovery lives under it. */
  authority: string;
  client_id: string;
  /** The APIs' audience; sent as `resource` (RFC 8707) or `audience` (Auth0-style). */
  audience: string;
  audienceParam: AudienceParam;
  scope: string;
  useRefreshTokens: boolean;
  /** When set, the ID token must carry this organization. */
  organization?: string;
  evaluationServiceUrl: string;
  evaluationBackendUrl: string;
};

const requiredStrings = ['authority', 'client_id', 'audience', 'scope', 'evaluationServiceUrl', 'evaluationBackendUrl'] as const;
const audienceParams: readonly AudienceParam[] = ['resource', 'audience'];

/** Answers worth one more try, as a server restarting or a proxy in between gives them. */
const RETRIED = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Plain fetch: this loads with /login, whose script is kept small. One more try after a network failure or
 * an answer in RETRIED, then the error names the address and the status.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const get = () => fetch(url, { headers: { accept: 'application/json' } });
  let response: Response;
  try {
    response = await get();
    if (RETRIED.has(response.status)) response = await get();
  } catch {
    response = await get();
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trimEnd());
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`${url} is not JSON`);
  }
  return parseRuntimeConfig(body);
}

export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error('config.json must be a JSON object');
  }
  const record = body as Record<string, unknown>;
  for (const key of requiredStrings) {
    if (typeof record[key] !== 'string' || record[key] === '') {
      throw new Error(`config.json: "${key}" must be a non-empty string`);
    }
  }
  if (!audienceParams.includes(record.audienceParam as AudienceParam)) {
    throw new Error('config.json: "audienceParam" must be "resource" or "audience"');
  }
  if (typeof record.useRefreshTokens !== 'boolean') {
    throw new Error('config.json: "useRefreshTokens" must be true or false');
  }
  if (record.organization !== undefined && (typeof record.organization !== 'string' || record.organization === '')) {
    throw new Error('config.json: "organization" must be a non-empty string when present');
  }
  return {
    authority: record.authority as string,
    client_id: record.client_id as string,
    audience: record.audience as string,
    audienceParam: record.audienceParam as AudienceParam,
    scope: record.scope as string,
    useRefreshTokens: record.useRefreshTokens,
    ...(record.organization !== undefined && { organization: record.organization as string }),
    evaluationServiceUrl: record.evaluationServiceUrl as string,
    evaluationBackendUrl: record.evaluationBackendUrl as string,
  };
}
