import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, createApiClients, type ApiSession } from '../../../src/services/api-client';
import { AuthError } from '../../../src/domain/shell/auth-errors';
import { RefusalError } from '../../../src/domain/shared/error-message';

const baseURL = 'https://console.test/api/service/';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubServer(answer: (authorization: string | null, callIndex: number) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return answer(request.headers.get('authorization'), fetchMock.mock.calls.length - 1);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function session(tokens: string[] = ['token-1', 'token-2']): ApiSession & { calls: Array<{ forceRenewal?: boolean } | undefined> } {
  const calls: Array<{ forceRenewal?: boolean } | undefined> = [];
  let current = 0;
  return {
    calls,
    getAccessToken: vi.fn(async (options?: { forceRenewal?: boolean }) => {
      calls.push(options);
      if (options?.forceRenewal) current += 1;
      return tokens[current];
    }),
    onSignedOut: vi.fn(),
  };
}

describe('API client', () => {
  it('sends the bearer token on every call, keeping the caller’s headers', async () => {
    const fetchMock = stubServer(() => Response.json([{ id: 1 }]));
    const api = createApiClient(baseURL, session());
    await expect(api('datasets/', { headers: { 'X-Trace': 'abc' } })).resolves.toEqual([{ id: 1 }]);
    const request = new Request(fetchMock.mock.calls[0][0], fetchMock.mock.calls[0][1]);
    expect(request.url).toBe('https://console.test/api/service/datasets/');
    expect(request.headers.get('authorization')).toBe('Bearer token-1');
    expect(request.headers.get('x-trace')).toBe('abc');
  });

  it('answers a 401 with one forced renewal and one retry', async () => {
    const fetchMock = stubServer((authorization) =>
      authorization === 'Bearer token-2' ? Response.json({ ok: true }) : Response.json({ message: 'bad token' }, { status: 401 }),
    );
    const auth = session();
    const api = createApiClient(baseURL, auth);
    await expect(api('datasets/')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(auth.calls).toEqual([undefined, { forceRenewal: true }]);
    expect(auth.onSignedOut).not.toHaveBeenCalled();
  });

  it('ends the session when the renewed token is refused too', async () => {
    const fetchMock = stubServer(() => Response.json({ message: 'bad token' }, { status: 401 }));
    const auth = session();
    const api = createApiClient(baseURL, auth);
    await expect(api('datasets/')).rejects.toMatchObject({ message: 'bad token', cause: { statusCode: 401 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(auth.onSignedOut).toHaveBeenCalledWith({ code: 'login_required', message: 'Your session has ended. Please log in again.' });
  });

  it('ends the session when the renewal says login is required, without calling the API again', async () => {
    const fetchMock = stubServer(() => Response.json({}, { status: 401 }));
    const auth = session();
    auth.getAccessToken = vi.fn(async (options?: { forceRenewal?: boolean }) => {
      if (options?.forceRenewal) throw new AuthError({ code: 'login_required', message: 'Login required' });
      return 'token-1';
    });
    await expect(createApiClient(baseURL, auth)('datasets/')).rejects.toMatchObject({ code: 'login_required' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(auth.onSignedOut).toHaveBeenCalledWith({ code: 'login_required', message: 'Login required' });
  });

  it('keeps the session through a renewal that merely timed out', async () => {
    stubServer(() => Response.json({}));
    const auth = session();
    auth.getAccessToken = vi.fn(async () => {
      throw new AuthError({ code: 'timeout', message: 'Timeout' });
    });
    await expect(createApiClient(baseURL, auth)('datasets/')).rejects.toMatchObject({ code: 'timeout' });
    expect(auth.onSignedOut).not.toHaveBeenCalled();
  });

  it('passes other errors on without renewing', async () => {
    stubServer(() => Response.json({ message: 'missing' }, { status: 404 }));
    const auth = session();
    await expect(createApiClient(baseURL, auth)('datasets/9')).rejects.toMatchObject({ message: 'missing', cause: { statusCode: 404 } });
    expect(auth.calls).toEqual([undefined]);
  });

  it('explains every failure once: the server’s sentence, a 409 as a refusal, its status without one', async () => {
    stubServer(() => Response.json({ message: 'A dataset named "Sofas" already exists' }, { status: 409 }));
    const refused = await createApiClient(baseURL, session())
      .raw('datasets/', { method: 'POST' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefusalError);
    expect(refused).toMatchObject({ message: 'A dataset named "Sofas" already exists', cause: { statusCode: 409 } });
    stubServer(() => new Response('down', { status: 503, statusText: 'Service Unavailable' }));
    await expect(createApiClient(baseURL, session())('datasets/')).rejects.toThrow(/^The server answered 503 Service Unavailable$/);
  });

  it('makes one client per API, both with the user token', async () => {
    const fetchMock = stubServer(() => Response.json({}));
    const clients = createApiClients(
      { evaluationServiceUrl: baseURL, evaluationBackendUrl: 'https://console.test/api/backend/' },
      session(),
    );
    await clients.evaluationService('datasets/');
    await clients.evaluationBackend('experiments/');
    const urls = fetchMock.mock.calls.map(([input, init]) => new Request(input, init));
    expect(urls.map((request) => [request.url, request.headers.get('authorization')])).toEqual([
      ['https://console.test/api/service/datasets/', 'Bearer token-1'],
      ['https://console.test/api/backend/experiments/', 'Bearer token-1'],
    ]);
  });

  it('answers the whole response through raw, headers included, with the same token handling', async () => {
    const fetchMock = stubServer((authorization) =>
      authorization === 'Bearer token-2'
        ? Response.json([{ id: 1 }], { headers: { 'X-Total-Count': '45' } })
        : Response.json({ message: 'bad token' }, { status: 401 }),
    );
    const api = createApiClient(baseURL, session());
    const response = await api.raw<Array<{ id: number }>>('datasets/', { query: { page: 1 } });
    expect(response._data).toEqual([{ id: 1 }]);
    expect(response.headers.get('X-Total-Count')).toBe('45');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
