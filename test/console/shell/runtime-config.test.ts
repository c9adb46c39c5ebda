import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from '../../../src/services/runtime-config';

const valid = {
  authority: 'http://127.0.0.1:8080/oidc',
  client_id: 'search-evaluation-console',
  audience: 'http://127.0.0.1:8080/api',
  audienceParam: 'resource',
  scope: 'openid profile email offline_access',
  useRefreshTokens: true,
  evaluationServiceUrl: 'http://127.0.0.1:8080/api/service/',
  evaluationBackendUrl: 'http://127.0.0.1:8080/api/backend/',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('runtime config', () => {
  it('loads /config.json', async () => {
    const fetchMock = vi.fn(async () => Response.json(valid));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadRuntimeConfig('http://console.test/config.json')).resolves.toEqual(valid);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('http://console.test/config.json');
  });

  it('tries once more after a server error, then names the address and the status', async () => {
    const failing = vi.fn(async () => new Response('nope', { status: 500 }));
    vi.stubGlobal('fetch', failing);
    await expect(loadRuntimeConfig('http://console.test/config.json')).rejects.toThrow('http://console.test/config.json answered 500');
    expect(failing).toHaveBeenCalledTimes(2);
    const recovering = vi.fn(async () => (recovering.mock.calls.length === 1 ? new Response('', { status: 503 }) : Response.json(valid)));
    vi.stubGlobal('fetch', recovering);
    await expect(loadRuntimeConfig('http://console.test/config.json')).resolves.toEqual(valid);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(loadRuntimeConfig('http://console.test/config.json')).rejects.toThrow('http://console.test/config.json is not JSON');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    await expect(loadRuntimeConfig('http://console.test/config.json')).rejects.toThrow('answered 404');
  });

  it('keeps the organization when one is configured', () => {
    expect(parseRuntimeConfig({ ...valid, organization: 'org_123' })).toEqual({ ...valid, organization: 'org_123' });
  });

  it('accepts the Auth0-style audience parameter without refresh tokens', () => {
    const config = parseRuntimeConfig({ ...valid, audienceParam: 'audience', useRefreshTokens: false });
    expect(config).toMatchObject({ audienceParam: 'audience', useRefreshTokens: false });
  });

  it('names the field that is missing or wrong', () => {
    expect(() => parseRuntimeConfig([])).toThrow('config.json must be a JSON object');
    expect(() => parseRuntimeConfig({ ...valid, evaluationBackendUrl: undefined })).toThrow(
      'config.json: "evaluationBackendUrl" must be a non-empty string',
    );
    expect(() => parseRuntimeConfig({ ...valid, authority: undefined })).toThrow('config.json: "authority" must be a non-empty string');
    expect(() => parseRuntimeConfig({ ...valid, audience: 42 })).toThrow('config.json: "audience" must be a non-empty string');
    expect(() => parseRuntimeConfig({ ...valid, audienceParam: 'aud' })).toThrow(
      'config.json: "audienceParam" must be "resource" or "audience"',
    );
    expect(() => parseRuntimeConfig({ ...valid, useRefreshTokens: 'yes' })).toThrow(
      'config.json: "useRefreshTokens" must be true or false',
    );
    expect(() => parseRuntimeConfig({ ...valid, organization: '' })).toThrow(
      'config.json: "organization" must be a non-empty string when present',
    );
  });
});
