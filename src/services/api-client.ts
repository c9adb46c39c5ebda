import { FetchError, ofetch, type FetchOptions, type FetchResponse } from 'ofetch';
import { toAuthError, type AuthFailure } from './auth-errors';

/** What the two APIs' clients need from the session. */
export type ApiSession = {
  getAccessToken(options?: { forceRenewal?: boolean }): Promise<string>;
  /** The session is over (it cannot be renewed, or the server still says 401): the machine signs out. */
  onSignedOut(failure: AuthFailure): void;
};

export type ApiFetch = <T = unknown>(request: string, options?: FetchOptions<'json'>) => Promise<T>;

/** An ApiFetch that can also answer the whole response (status, headers such as X-Total-Count, body in `_data`). */
export type ApiClient = ApiFetch & {
  raw<T = unknown>(request: string, options?: FetchOptions<'json'>): Promise<FetchResponse<T>>;
};

export const rejectedAfterRenewal: AuthFailure = {
  code: 'login_required',
  message: 'Your session has ended. Please log in again.',
};

// Renewal failures that mean no token can come without the person; a timeout or a network failure may pass.
const sessionEndingCodes = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'invalid_grant',
  'missing_refresh_token',
  'invalid_id_token',
]);

/** One ofetch instance per API; a 401 gets one forced renewal and one retry, then the session ends. */
export function createApiClient(baseURL: string, session: ApiSession): ApiClient {
  const api = ofetch.create({ baseURL });

  // The one place where the bearer token joins a request.
  async function send<R>(
    call: (path: string, options: FetchOptions<'json'>) => Promise<R>,
    path: string,
    options: FetchOptions<'json'> | undefined,
    forceRenewal: boolean,
  ): Promise<R> {
    const token = await accessToken(session, forceRenewal);
    const headers = new Headers(options?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return call(path, { ...options, headers });
  }

  async function withRenewal<R>(call: (path: string, options: FetchOptions<'json'>) => Promise<R>, path: string, options?: FetchOptions<'json'>) {
    try {
      return await send(call, path, options, false);
    } catch (error) {
      if (statusOf(error) !== 401) throw error;
    }
    try {
      return await send(call, path, options, true);
    } catch (error) {
      if (statusOf(error) === 401) session.onSignedOut(rejectedAfterRenewal);
      throw error;
    }
  }

  const request = <T>(path: string, options?: FetchOptions<'json'>) =>
    withRenewal((p, o) => api<T>(p, o), path, options);
  return Object.assign(request, {
    raw: <T>(path: string, options?: FetchOptions<'json'>) => withRenewal((p, o) => api.raw<T>(p, o), path, options),
  });
}

export function createApiClients(
  urls: { evaluationServiceUrl: string; evaluationBackendUrl: string },
  session: ApiSession,
): { evaluationService: ApiClient; evaluationBackend: ApiClient } {
  return {
    evaluationService: createApiClient(urls.evaluationServiceUrl, session),
    evaluationBackend: createApiClient(urls.evaluationBackendUrl, session),
  };
}

/** The session's access token; a renewal failure that needs the person signs the session out. */
export async function accessToken(session: ApiSession, forceRenewal: boolean): Promise<string> {
  try {
    return await session.getAccessToken(forceRenewal ? { forceRenewal } : undefined);
  } catch (error) {
    const failure = toAuthError(error, 'token');
    if (sessionEndingCodes.has(failure.code)) session.onSignedOut(failure.toFailure());
    throw failure;
  }
}

function statusOf(error: unknown): number | undefined {
  return error instanceof FetchError ? error.statusCode : undefined;
}
