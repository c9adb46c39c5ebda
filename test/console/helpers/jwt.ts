// Unsigned look-alike JWTs: the console checks claims, not signatures (see src/services/id-token-claims.ts).
export function fakeJwt(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT' }): string {
  return `${encode(header)}.${encode(claims)}.c2lnbmF0dXJl`;
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
