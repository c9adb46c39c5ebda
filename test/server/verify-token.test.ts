/**
 * A token whose signature verified is taken as verified again for a while without the RSA check (a console
 * sends the same token with every request), but never past its expiry, never for another token string, and
 * for no longer than VERIFIED_FOR_MS: then its signature is checked against the issuer's keys again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { createTokenVerifier, VERIFIED_FOR_MS } from '../../server/auth/verify-token';
import { startTestIssuer, type TestIssuer } from './helpers/test-issuer';

describe('verified tokens remembered', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
  });
  afterAll(() => issuer.close());
  afterEach(() => vi.useRealTimers());

  /** A verifier of the test issuer's tokens, and how many times it looked up a key to check a signature. */
  function countingVerifier() {
    const remote = createRemoteJWKSet(new URL(`${issuer.issuer}/jwks`));
    let lookups = 0;
    const keys: JWTVerifyGetKey = (header, token) => {
      lookups++;
      return remote(header, token);
    };
    const verify = createTokenVerifier({ issuer: issuer.issuer, audience: issuer.audience, keys });
    return { verify, lookups: () => lookups };
  }

  it('checks a token’s signature once, then again only after VERIFIED_FOR_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verify, lookups } = countingVerifier();
    const token = await issuer.token({ sub: 'ada' }, { expiresIn: '10m' });
    expect((await verify(token)).sub).toBe('ada');
    expect((await verify(token)).sub).toBe('ada');
    expect(lookups()).toBe(1);
    vi.setSystemTime(Date.now() + VERIFIED_FOR_MS + 1);
    expect((await verify(token)).sub).toBe('ada');
    expect(lookups()).toBe(2);
  });

  it('still refuses a remembered token once it has expired (with the 60 s leeway)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verify } = countingVerifier();
    // Expired 30 s ago, so within the leeway for 30 s more: well inside the time a verified token is remembered.
    const token = await issuer.token({}, { expiresIn: Math.floor(Date.now() / 1000) - 30 });
    await verify(token);
    vi.setSystemTime(Date.now() + 20_000);
    await expect(verify(token)).resolves.toBeDefined();
    vi.setSystemTime(Date.now() + 11_000);
    await expect(verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  it('verifies another token in full, even one with the same claims but a stranger’s signature', async () => {
    const { verify, lookups } = countingVerifier();
    await verify(await issuer.token({ sub: 'ada' }));
    const forged = await issuer.token({ sub: 'ada' }, { signWith: 'stranger' });
    await expect(verify(forged)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    expect(lookups()).toBe(2);
  });
});
