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
  return async (token) => {
    const { payload } = await jwtVerify(token, await getKeys(), {
      issuer,
      audience,
      algorithms: ['RS256'],
      clockTolerance: LEEWAY_SECONDS,
      requiredClaims: ['exp'],
    });
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
