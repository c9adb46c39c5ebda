import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The issuer's public keys when known locally (embedded provider); else found by discovery. */
  keys?: JWTVerifyGetKey;
}

export type VerifyToken = (token: string) => Promise<JWTPayload>;

/** Clock skew allowed on exp/nbf/iat: a token from a provider whose clock runs a minute off still verifies. */
const LEEWAY_SECONDS = 60;

/**
 * How long a token whose signature and claims verified is taken as verified again without checking its
 * signature, at most: a console sends the same token with every request for its life (minutes), and the
 * RSA check was a fifth of the server's CPU on light requests. Its expiry is still checked every time, and
 * a key the issuer withdraws stops its tokens within this long.
 */
export const VERIFIED_FOR_MS = 60_000;
/** Tokens remembered at most; the oldest go first. */
const VERIFIED_TOKENS = 1000;

/**
 * Verifies bearer access tokens against the issuer's JWKS, found through its discovery document
 * (fetched on first use and again after a failure, so the server can start before the provider).
 */
export function createTokenVerifier({ issuer, audience, keys: localKeys }: TokenVerifierOptions): VerifyToken {
  let keys: Promise<JWTVerifyGetKey> | undefined = localKeys && Promise.resolve(localKeys);
  const getKeys = () => {
    keys ??= discoverJwks(issuer).catch((error) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  // Keyed by the whole token: another token, even with the same claims, is verified in full.
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  return async (token) => {
    const now = Date.now();
    const known = verified.get(token);
    if (known && now < known.until) return known.payload;
    verified.delete(token);
    const { payload } = await jwtVerify(token, await getKeys(), {
      issuer,
      audience,
      algorithms: ['RS256'],
      clockTolerance: LEEWAY_SECONDS,
      requiredClaims: ['exp'],
    });
    // Until it expires (as jwtVerify judges it, with the leeway) or for VERIFIED_FOR_MS, whichever comes first.
    const until = Math.min(now + VERIFIED_FOR_MS, (payload.exp! + LEEWAY_SECONDS) * 1000);
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, { payload, until });
    return payload;
  };
}

async function discoverJwks(issuer: string): Promise<JWTVerifyGetKey> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`OpenID discovery at ${url} answered ${response.status}`);
  const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
  if (!jwksUri) throw new Error(`OpenID discovery at ${url} has no jwks_uri`);
  return createRemoteJWKSet(new URL(jwksUri));
}
