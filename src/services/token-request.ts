import { ofetch } from 'ofetch';

// The token endpoint POST, done here rather than by oidc-client-ts because 3.5 has no retry,
// and its ErrorResponse drops fields such as Auth0's `mfa_token` that a later MFA step needs.

export type TokenResponse = {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
};

/** An error answer of the OAuth token endpoint (`error`, `error_description`, …), with every field the provider sent. */
export class TokenEndpointError extends Error {
  override readonly name = 'TokenEndpointError';
  readonly error: string;
  readonly error_description?: string;
  readonly mfa_token?: string;
  readonly status: number;

  constructor(status: number, body: Record<string, unknown>) {
    const error = typeof body.error === 'string' && body.error !== '' ? body.error : 'request_error';
    const description = typeof body.error_description === 'string' ? body.error_description : undefined;
    super(description || `The token endpoint answered ${status} (${error})`);
    this.status = status;
    this.error = error;
    if (description !== undefined) this.error_description = description;
    if (typeof body.mfa_token === 'string') this.mfa_token = body.mfa_token;
  }
}

export type TokenRequestOptions = {
  timeoutMs: number;
  /** Extra tries after the first, taken only when no answer came back (network failure or timeout). */
  retries: number;
};

export async function requestTokens(
  tokenEndpoint: string,
  params: Record<string, string | undefined>,
  { timeoutMs, retries }: TokenRequestOptions,
): Promise<TokenResponse> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) body.set(key, value);

  // One fresh timeout per try (ofetch's own retry would reuse the aborted signal); an HTTP answer of any
  // status comes back as a response (ignoreResponseError), so only a try without an answer is repeated.
  const post = () =>
    ofetch.raw<unknown>(tokenEndpoint, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      timeout: timeoutMs,
      retry: false,
      ignoreResponseError: true,
      responseType: 'json',
    });
  let response: Awaited<ReturnType<typeof post>>;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await post();
      break;
    } catch (error) {
      if (attempt >= retries) throw error;
    }
  }
  const data = isRecord(response._data) ? response._data : {};
  if (!response.ok) throw new TokenEndpointError(response.status, data);
  if (typeof data.access_token !== 'string' || typeof data.token_type !== 'string') {
    throw new Error('The token endpoint answered without access_token and token_type');
  }
  return data as TokenResponse;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
