// The ID token's claim checks (issuer, subject, algorithm, audience, nonce, times, organization), which oidc-client-ts 3.5
// leaves out: it only checks `sub` and, when one was sent, `nonce` (ResponseValidator._validateIdTokenAttributes). The
// signature is not verified here: a token received straight from the token endpoint over TLS may be trusted without
// it, as OpenID Connect allows.

export type IdTokenExpectations = {
  /** The issuer from the provider's discovery document. */
  issuer: string;
  /** The console's client_id: the ID token's audience. */
  clientId: string;
  /** The nonce sent with the authorization request, when one was. */
  nonce?: string;
  /** An `org_…` id or an organization name that the token must name (Auth0-style organizations). */
  organization?: string;
  nowSeconds: number;
  leewaySeconds: number;
};

export type JwtParts = { header: Record<string, unknown>; claims: Record<string, unknown> };

export class IdTokenError extends Error {
  override readonly name = 'IdTokenError';
}

/** Decodes a compact JWS without verifying it; throws when it is not one. */
export function decodeJwt(token: string): JwtParts {
  const parts = token.split('.');
  if (parts.length !== 3) throw new IdTokenError('ID token must be a JWT of three dot-separated parts');
  const [header, claims] = parts.slice(0, 2).map((part, index) => {
    try {
      const value: unknown = JSON.parse(decodeBase64Url(part));
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // reported below with the part's name
    }
    throw new IdTokenError(`ID token ${index === 0 ? 'header' : 'payload'} is not a base64url JSON object`);
  });
  return { header, claims };
}

/** The first of these checks that the token fails, or undefined when it passes them all. */
export function findIdTokenProblem({ header, claims }: JwtParts, expected: IdTokenExpectations): string | undefined {
  const { iss, sub, aud, azp, nonce, exp, iat, nbf } = claims;
  const now = expected.nowSeconds;
  const leeway = expected.leewaySeconds;

  if (typeof iss !== 'string' || iss === '') return 'Issuer (iss) claim must be a string present in the ID token';
  if (iss !== expected.issuer) {
    return `Issuer (iss) claim mismatch in the ID token; expected "${expected.issuer}", found "${iss}"`;
  }
  if (typeof sub !== 'string' || sub === '') return 'Subject (sub) claim must be a string present in the ID token';
  if (header.alg !== 'RS256') {
    return `Signature algorithm of "${String(header.alg)}" is not supported. Expected the ID token to be signed with "RS256".`;
  }

  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : undefined;
  if (!audiences || audiences.length === 0 || !audiences.every((value) => typeof value === 'string')) {
    return 'Audience (aud) claim must be a string or array of strings present in the ID token';
  }
  if (!audiences.includes(expected.clientId)) {
    return `Audience (aud) claim mismatch in the ID token; expected "${expected.clientId}" but found "${audiences.join(', ')}"`;
  }
  // With several audiences, the authorized party (`azp`) names the client the token was issued to.
  if (audiences.length > 1) {
    if (typeof azp !== 'string' || azp === '') {
      return 'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values';
    }
    if (azp !== expected.clientId) {
      return `Authorized Party (azp) claim mismatch in the ID token; expected "${expected.clientId}", found "${azp}"`;
    }
  }

  if (expected.nonce !== undefined) {
    if (typeof nonce !== 'string' || nonce === '') return 'Nonce (nonce) claim must be a string present in the ID token';
    if (nonce !== expected.nonce) {
      return `Nonce (nonce) claim mismatch in the ID token; expected "${expected.nonce}", found "${nonce}"`;
    }
  }

  if (!isNumber(exp)) return 'Expiration Time (exp) claim must be a number present in the ID token';
  if (!isNumber(iat)) return 'Issued At (iat) claim must be a number present in the ID token';
  if (now > exp + leeway) {
    return `Expiration Time (exp) claim error in the ID token; current time (${now}) is after expiration time (${exp + leeway})`;
  }
  if (iat > now + leeway) {
    return `Issued At (iat) claim error in the ID token; current time (${now}) is before issued at time (${iat - leeway})`;
  }
  if (nbf !== undefined) {
    if (!isNumber(nbf)) return 'Not Before time (nbf) claim must be a number when present in the ID token';
    if (now + leeway < nbf) {
      return `Not Before time (nbf) claim in the ID token indicates that this token can't be used just yet. Current time (${now}) is before ${nbf - leeway}`;
    }
  }

  if (expected.organization !== undefined) return findOrganizationProblem(claims, expected.organization);
  return undefined;
}

/** Decodes and checks; returns the claims when they pass, throws IdTokenError naming the broken rule otherwise. */
export function checkIdToken(token: string, expected: IdTokenExpectations): Record<string, unknown> {
  const parts = decodeJwt(token);
  const problem = findIdTokenProblem(parts, expected);
  if (problem) throw new IdTokenError(problem);
  return parts.claims;
}

// Organization ids start with "org_" and compare exactly; names compare case-insensitively (Auth0's rule).
function findOrganizationProblem(claims: Record<string, unknown>, organization: string): string | undefined {
  if (organization.startsWith('org_')) {
    if (typeof claims.org_id !== 'string' || claims.org_id === '') {
      return 'Organization ID (org_id) claim must be a string present in the ID token';
    }
    if (claims.org_id !== organization) {
      return `Organization ID (org_id) claim mismatch in the ID token; expected "${organization}", found "${claims.org_id}"`;
    }
    return undefined;
  }
  if (typeof claims.org_name !== 'string' || claims.org_name === '') {
    return 'Organization Name (org_name) claim must be a string present in the ID token';
  }
  if (claims.org_name.toLowerCase() !== organization.toLowerCase()) {
    return `Organization Name (org_name) claim mismatch in the ID token; expected "${organization}", found "${claims.org_name}"`;
  }
  return undefined;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
