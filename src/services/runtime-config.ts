import { ofetch } from 'ofetch';

// Read at run time so one build serves every deployment (design: "never from a rebuild").
export type RuntimeConfig = {
  authority?: string;
  client_id?: string;
  audience?: string;
  evaluationServiceUrl: string;
  evaluationBackendUrl: string;
};

const requiredUrls = ['evaluationServiceUrl', 'evaluationBackendUrl'] as const;
const optionalStrings = ['authority', 'client_id', 'audience'] as const;

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const body = await ofetch<unknown>(url, { responseType: 'json' });
  return parseRuntimeConfig(body);
}

export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error('config.json must be a JSON object');
  }
  const record = body as Record<string, unknown>;
  for (const key of requiredUrls) {
    if (typeof record[key] !== 'string' || record[key] === '') {
      throw new Error(`config.json: "${key}" must be a non-empty string`);
    }
  }
  for (const key of optionalStrings) {
    if (record[key] !== undefined && typeof record[key] !== 'string') {
      throw new Error(`config.json: "${key}" must be a string when present`);
    }
  }
  return {
    authority: record.authority as string | undefined,
    client_id: record.client_id as string | undefined,
    audience: record.audience as string | undefined,
    evaluationServiceUrl: record.evaluationServiceUrl as string,
    evaluationBackendUrl: record.evaluationBackendUrl as string,
  };
}
