import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, type JWTPayload } from 'jose';
import { HttpError } from '../errors';
import type { VerifyToken } from './verify-token';
import { actorName } from './actor';
import { roleFromClaims, type RoleMapping } from './role-mapping';
import type { ApiKeyCheck } from './api-key-check';
import { apiKeyPrefix } from './api-key-secrets';

declare module 'fastify' {
  interface FastifyRequest {
    /** Claims of the verified bearer token. */
    user?: JWTPayload;
  }
}

const unauthorized = (message: string) => new HttpError(401, message);
/** Why the embedded provider's check of a token against its account refused it. */
const ACCOUNT_REASONS = new Set(['account_gone', 'credentials_changed']);

/**
 * Adds an onRequest hook to this plugin scope that lets through only requests with a valid token or API key,
 * and sets who the caller is (request.actor) with the role its claims map to, or the key's.
 */
export function requireBearerToken(app: FastifyInstance, verify: VerifyToken, roles: RoleMapping, checkKey: ApiKeyCheck) {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer +([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header);
    if (!match) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized('Missing bearer token in the Authorization header');
    }
    const prefix = apiKeyPrefix(match[1]);
    if (prefix) {
      try {
        request.actor = await checkKey(match[1], prefix);
      } catch (error) {
        if (error instanceof HttpError) reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        throw error;
      }
      return;
    }
    try {
      request.user = await verify(match[1]);
      const claims = request.user as Record<string, unknown>;
      request.actor = { sub: String(claims.sub ?? ''), name: actorName(claims), role: roleFromClaims(claims, roles) };
    } catch (error) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      const unreachable = error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError);
      if (!unreachable) throw unauthorized(`Invalid bearer token: ${describe(error)}`);
      request.log.error({ err: error }, 'cannot reach the identity provider to verify a token');
      throw new HttpError(503, 'Cannot verify tokens: the identity provider is unreachable');
    }
  });
}

function describe(error: InstanceType<typeof joseErrors.JOSEError>): string {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  // These reasons are ours (the account is gone, or its password changed since: embedded-identity.ts): the message says why.
  if (error instanceof joseErrors.JWTClaimValidationFailed && ACCOUNT_REASONS.has(error.reason)) return error.message;
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `claim "${error.claim}" ${error.reason}`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'algorithm not allowed';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature does not verify';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'signed by an unknown key';
  return 'malformed';
}
