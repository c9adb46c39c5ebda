import { afterEach, describe, expect, it, vi } from 'vitest';
import { toAuthError } from '../../../src/domain/shell/auth-errors';
import { requestTokens, TokenEndpointError } from '../../../src/services/token-request';

const endpoint = 'https://console.test/oidc/token';
const options = { timeoutMs: 10_000, retries: 3 };
const tokens = { access_token: 'at', token_type: 'Bearer', expires_in: 600, id_token: 'id', refresh_token: 'rt' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(...answers: Array<() => Promise<Response>>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers[Math.min(fetchMock.mock.calls.length - 1, answers.length - 1)];
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));
const ok = () => Promise.resolve(Response.json(tokens));

describe('token request', () => {
  it('posts the parameters as form data and returns the tokens', async () => {
    const fetchMock = stubFetch(ok);
    await expect(
      requestTokens(endpoint, { grant_type: 'authorization_code', code: 'c', code_verifier: 'v', scope: undefined }, options),
    ).resolves.toEqual(tokens);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe(endpoint);
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe('grant_type=authorization_code&code=c&code_verifier=v');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });

  it('retries a network failure', async () => {
    const fetchMock = stubFetch(networkFailure, networkFailure, ok);
    await expect(requestTokens(endpoint, { grant_type: 'refresh_token' }, options)).resolves.toEqual(tokens);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after 3 retries (4 tries in all)', async () => {
    const fetchMock = stubFetch(networkFailure);
    const error = await requestTokens(endpoint, { grant_type: 'refresh_token' }, options).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(toAuthError(error, 'token').toFailure()).toMatchObject({ code: 'token_failed', message: 'Get access token failed' });
  });

  it('never retries an answer, even a 500', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(Response.json({ error: 'server_error' }, { status: 500 })));
    await expect(requestTokens(endpoint, {}, options)).rejects.toMatchObject({ error: 'server_error', status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps every field of an error answer, mfa_token included', async () => {
    stubFetch(() =>
      Promise.resolve(
        Response.json({ error: 'mfa_required', error_description: 'Multifactor authentication required', mfa_token: 'm' }, { status: 403 }),
      ),
    );
    const error = await requestTokens(endpoint, {}, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect(error).toMatchObject({ error: 'mfa_required', error_description: 'Multifactor authentication required', mfa_token: 'm' });
  });

  it('names an error answer that is not OAuth JSON', async () => {
    stubFetch(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } })));
    await expect(requestTokens(endpoint, {}, options)).rejects.toMatchObject({
      error: 'request_error',
      message: 'The token endpoint answered 502 (request_error)',
    });
  });

  it('refuses a success without tokens', async () => {
    stubFetch(() => Promise.resolve(Response.json({})));
    await expect(requestTokens(endpoint, {}, options)).rejects.toThrow('The token endpoint answered without access_token and token_type');
  });

  it('times each try out and reports a timeout when all timed out', async () => {
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = await requestTokens(endpoint, {}, { timeoutMs: 20, retries: 1 }).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toAuthError(error, 'token').toFailure()).toEqual({ code: 'timeout', message: 'Timeout' });
  });
});
