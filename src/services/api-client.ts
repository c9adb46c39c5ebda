import { ofetch, type FetchOptions, type FetchResponse, type MappedResponseType, type ResponseType } from 'ofetch';
import { toAuthError, type AuthFailure } from '../domain/shell/auth-errors';
import { explained, statusOf } from './failure-message';

/** What the two APIs' clients need from the session. */
export type ApiSession = {
  getAccessToken(options?: { forceRenewal?: boolean }): Promise<string>;
  /** The session is over (it cannot be renewed, or the server still says 401): the machine signs out. */
  onSignedOut(failure: AuthFailure): void;
};

export type ApiFetch = <T = unknown>(request: string, options?: FetchOptions<'json'>) => Promise<T>;

/**
 * An ApiFetch that can also answer the whole response (status, headers such as X-Total-Count, body in `_data`),
 * parsed as JSON or, with `responseType`, kept as the server's bytes (a file to save).
 */
export type ApiClient = ApiFetch & {
  raw<T = unknown, R extends ResponseType = 'json'>(
    request: string,
    options?: FetchOptions<R>,
  ): Promise<FetchResponse<MappedResponseType<R, T>>>;
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

/**
 * One ofetch instance per API; a 401 gets one forced renewal and one retry, then the session ends. Every failure
 * leaves explained (failure-message.ts): the server's sentence as the message, what ofetch raised as its cause.
 */
export function createApiClient(baseURL: string, session: ApiSession): ApiClient {
  const api = ofetch.create({ baseURL });

  // The one place where the bearer token joins a request.
  async function send<R, O extends { headers?: HeadersInit }>(
    call: (path: string, options: O) => Promise<R>,
    path: string,
    options: O | undefined,
    forceRenewal: boolean,
  ): Promise<R> {
    const token = await accessToken(session, forceRenewal);
    const headers = new Headers(options?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return call(path, { ...options, headers } as O);
  }

  async function withRenewal<R, O extends { headers?: HeadersInit }>(
    call: (path: string, options: O) => Promise<R>,
    path: string,
    options?: O,
  ) {
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
    explained(withRenewal<T, FetchOptions<'json'>>((p, o) => api<T>(p, o), path, options));
  return Object.assign(request, {
    raw: <T, R extends ResponseType = 'json'>(path: string, options?: FetchOptions<R>) =>
      explained(withRenewal<FetchResponse<MappedResponseType<R, T>>, FetchOptions<R>>((p, o) => api.raw<T, R>(p, o), path, options)),
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
