import { describe, expect, it } from 'vitest';
import { checkIdToken, decodeJwt, findIdTokenProblem, type IdTokenExpectations } from '../../../src/domain/shell/id-token-claims';
import { fakeJwt } from '../helpers/jwt';

const now = 1_700_000_000;
const expected: IdTokenExpectations = {
  issuer: 'https://console.test/oidc',
  clientId: 'search-evaluation-console',
  nonce: 'n-0S6_WzA2Mj',
  nowSeconds: now,
  leewaySeconds: 60,
};
const header = { alg: 'RS256', typ: 'JWT' };
const claims = {
  iss: expected.issuer,
  sub: 'admin',
  aud: expected.clientId,
  nonce: expected.nonce,
  exp: now + 600,
  iat: now,
};

function problem(
  changes: Record<string, unknown>,
  options: { header?: Record<string, unknown>; expected?: Partial<IdTokenExpectations> } = {},
) {
  const withChanges = { ...claims, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete withChanges[key as keyof typeof withChanges];
  return findIdTokenProblem({ header: options.header ?? header, claims: withChanges }, { ...expected, ...options.expected });
}

describe('ID token checks', () => {
  it('passes a token that keeps every rule', () => {
    expect(problem({})).toBeUndefined();
  });

  describe('issuer must match', () => {
    it('is required', () => {
      expect(problem({ iss: undefined })).toBe('Issuer (iss) claim must be a string present in the ID token');
    });
    it('must be the expected one', () => {
      expect(problem({ iss: 'https://evil.test/' })).toBe(
        'Issuer (iss) claim mismatch in the ID token; expected "https://console.test/oidc", found "https://evil.test/"',
      );
    });
  });

  describe('subject must be present', () => {
    it('refuses a missing sub', () => {
      expect(problem({ sub: undefined })).toBe('Subject (sub) claim must be a string present in the ID token');
    });
    it('refuses an empty or non-string sub', () => {
      expect(problem({ sub: '' })).toBe('Subject (sub) claim must be a string present in the ID token');
      expect(problem({ sub: 42 })).toBe('Subject (sub) claim must be a string present in the ID token');
    });
  });

  describe('algorithm must be RS256', () => {
    it.each(['HS256', 'none', 'ES256'])('refuses %s', (alg) => {
      expect(problem({}, { header: { alg } })).toBe(
        `Signature algorithm of "${alg}" is not supported. Expected the ID token to be signed with "RS256".`,
      );
    });
    it('refuses a header without alg', () => {
      expect(problem({}, { header: {} })).toMatch(/^Signature algorithm of "undefined" is not supported/);
    });
  });

  describe('audience must match', () => {
    it('is required', () => {
      expect(problem({ aud: undefined })).toBe('Audience (aud) claim must be a string or array of strings present in the ID token');
      expect(problem({ aud: [] })).toBe('Audience (aud) claim must be a string or array of strings present in the ID token');
    });
    it('must name the client', () => {
      expect(problem({ aud: 'another-client' })).toBe(
        'Audience (aud) claim mismatch in the ID token; expected "search-evaluation-console" but found "another-client"',
      );
    });
    it('may be an array that includes the client, with azp naming it', () => {
      expect(problem({ aud: [expected.clientId, 'https://console.test/api'], azp: expected.clientId })).toBeUndefined();
    });
    it('needs azp when there are several audiences', () => {
      expect(problem({ aud: [expected.clientId, 'other'] })).toBe(
        'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
      );
      expect(problem({ aud: [expected.clientId, 'other'], azp: 'other' })).toBe(
        'Authorized Party (azp) claim mismatch in the ID token; expected "search-evaluation-console", found "other"',
      );
    });
  });

  describe('nonce must match when one was sent', () => {
    it('is required when sent', () => {
      expect(problem({ nonce: undefined })).toBe('Nonce (nonce) claim must be a string present in the ID token');
    });
    it('must be the one sent', () => {
      expect(problem({ nonce: 'replayed' })).toBe(
        'Nonce (nonce) claim mismatch in the ID token; expected "n-0S6_WzA2Mj", found "replayed"',
      );
    });
    it('is not checked when none was sent (refresh)', () => {
      expect(problem({ nonce: undefined }, { expected: { nonce: undefined } })).toBeUndefined();
    });
  });

  describe('exp and iat must be numbers, with 60 s leeway', () => {
    it('needs a numeric exp', () => {
      expect(problem({ exp: undefined })).toBe('Expiration Time (exp) claim must be a number present in the ID token');
      expect(problem({ exp: String(now + 600) })).toBe('Expiration Time (exp) claim must be a number present in the ID token');
    });
    it('needs a numeric iat', () => {
      expect(problem({ iat: undefined })).toBe('Issued At (iat) claim must be a number present in the ID token');
      expect(problem({ iat: 'yesterday' })).toBe('Issued At (iat) claim must be a number present in the ID token');
    });
    it('accepts a token expired less than 60 s ago and refuses one expired longer', () => {
      expect(problem({ exp: now - 60 })).toBeUndefined();
      expect(problem({ exp: now - 61 })).toBe(
        `Expiration Time (exp) claim error in the ID token; current time (${now}) is after expiration time (${now - 1})`,
      );
    });
    it('accepts an iat up to 60 s in the future and refuses one further ahead', () => {
      expect(problem({ iat: now + 60 })).toBeUndefined();
      expect(problem({ iat: now + 61 })).toBe(
        `Issued At (iat) claim error in the ID token; current time (${now}) is before issued at time (${now + 1})`,
      );
    });
    it('honours nbf with the same leeway', () => {
      expect(problem({ nbf: now + 60 })).toBeUndefined();
      expect(problem({ nbf: now + 61 })).toMatch(/^Not Before time \(nbf\) claim in the ID token indicates/);
      expect(problem({ nbf: 'soon' })).toBe('Not Before time (nbf) claim must be a number when present in the ID token');
    });
  });

  describe('organization must match when one is configured', () => {
    it('is not checked without one', () => {
      expect(problem({ org_id: 'org_other' })).toBeUndefined();
    });
    it('compares org_id exactly for organization ids', () => {
      const organization = 'org_abc123';
      expect(problem({ org_id: 'org_abc123' }, { expected: { organization } })).toBeUndefined();
      expect(problem({}, { expected: { organization } })).toBe('Organization ID (org_id) claim must be a string present in the ID token');
      expect(problem({ org_id: 'org_ABC123' }, { expected: { organization } })).toBe(
        'Organization ID (org_id) claim mismatch in the ID token; expected "org_abc123", found "org_ABC123"',
      );
    });
    it('compares org_name without case for organization names', () => {
      const organization = 'Search-Team';
      expect(problem({ org_name: 'search-team' }, { expected: { organization } })).toBeUndefined();
      expect(problem({}, { expected: { organization } })).toBe(
        'Organization Name (org_name) claim must be a string present in the ID token',
      );
      expect(problem({ org_name: 'other-team' }, { expected: { organization } })).toBe(
        'Organization Name (org_name) claim mismatch in the ID token; expected "Search-Team", found "other-team"',
      );
    });
  });
});

describe('decoding', () => {
  it('reads header and claims of a compact JWT, UTF-8 included', () => {
    const token = fakeJwt({ ...claims, name: 'Zoë Ünal' });
    expect(decodeJwt(token)).toEqual({ header, claims: { ...claims, name: 'Zoë Ünal' } });
  });

  it('refuses what is not a JWT', () => {
    expect(() => decodeJwt('not-a-token')).toThrow('ID token must be a JWT of three dot-separated parts');
    expect(() => decodeJwt('e30.bm90IGpzb24.sig')).toThrow('ID token payload is not a base64url JSON object');
  });

  it('checkIdToken returns the claims or throws the broken rule', () => {
    expect(checkIdToken(fakeJwt(claims), expected)).toEqual(claims);
    expect(() => checkIdToken(fakeJwt({ ...claims, sub: undefined }), expected)).toThrow(
      'Subject (sub) claim must be a string present in the ID token',
    );
  });
});
