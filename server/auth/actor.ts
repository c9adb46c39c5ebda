import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { Role } from './roles';

// Who is calling: the token's subject, a name to show (in the audit trail and a judgement's
// "judged by"), and the role its claims map to. Set by the bearer check before any handler runs.

export type Actor = {
  sub: string;
  name: string;
  role: Role | null;
  /** Set when the caller used an API key rather than a sign-in's token. */
  key?: { id: number };
};

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

/** The name a token gives its holder: name, preferred_username, email, else the subject. */
export function actorName(claims: Record<string, unknown>): string {
  for (const claim of ['name', 'preferred_username', 'email', 'sub']) {
    if (typeof claims[claim] === 'string' && claims[claim] !== '') return claims[claim] as string;
  }
  return 'unknown';
}

/** The caller of a route behind the bearer check. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new HttpError(401, 'Not signed in');
  return request.actor;
}
