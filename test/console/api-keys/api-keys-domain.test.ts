import { describe, expect, it } from 'vitest';
import {
  apiKeyRequest,
  changedFields,
  EMPTY_API_KEY_FIELDS,
  expiryProblem,
  isApiKeyFormReady,
  keyRoles,
} from '../../../src/domain/api-keys/api-key-form';

// The 'New key' form's rules: the roles offered (up to one's own; a service key's two), the service key's role
// kept within them, when it may be sent, and the request it makes.

const noon = new Date(2026, 10, 28, 12, 0);

describe('the New key form', () => {
  it('offers roles up to one’s own, and a service key only viewer or curator', () => {
    expect(keyRoles('viewer', false)).toEqual(['viewer']);
    expect(keyRoles('curator', false)).toEqual(['viewer', 'curator']);
    expect(keyRoles('admin', false)).toEqual(['viewer', 'curator', 'admin']);
    expect(keyRoles('admin', true)).toEqual(['viewer', 'curator']);
    expect(keyRoles(null, false)).toEqual([]);
  });

  it('drops an admin key to curator when it becomes a service key, and leaves lower roles as chosen', () => {
    const admin = changedFields(EMPTY_API_KEY_FIELDS, { role: 'admin' });
    expect(changedFields(admin, { service: true })).toMatchObject({ role: 'curator', service: true });
    expect(changedFields(EMPTY_API_KEY_FIELDS, { service: true })).toMatchObject({ role: 'viewer', service: true });
  });

  it('is ready with a name and no expiry or one from today on', () => {
    const named = { ...EMPTY_API_KEY_FIELDS, name: 'ci' };
    expect(isApiKeyFormReady(EMPTY_API_KEY_FIELDS, noon)).toBe(false);
    expect(isApiKeyFormReady({ ...named, name: '  ' }, noon)).toBe(false);
    expect(isApiKeyFormReady(named, noon)).toBe(true);
    expect(isApiKeyFormReady({ ...named, expiresOn: '2026-11-28' }, noon)).toBe(true);
    expect(expiryProblem('2026-11-27', noon)).toBe('The expiry date has passed');
    expect(expiryProblem('28/11/2026', noon)).toBe('Not a date');
  });

  it('sends the name trimmed, the expiry as the end of that local day, and service only when ticked', () => {
    expect(apiKeyRequest({ name: ' ci ', role: 'curator', expiresOn: '', service: false })).toEqual({ name: 'ci', role: 'curator' });
    expect(apiKeyRequest({ name: 'deploy', role: 'viewer', expiresOn: '2026-12-31', service: true })).toEqual({
      name: 'deploy',
      role: 'viewer',
      expires_at: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
      service: true,
    });
  });
});
