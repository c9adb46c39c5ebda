import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { hasRole, roleRefusal, type Role } from './roles';

// Every route of the APIs needs a role: a read the viewer's, a change the curator's, unless the
// route says otherwise in its config (`config: { role: 'admin' }`; 'signed-in' for what any valid token may
// ask, such as who it is). Checked after the token, before the body is read or validated.

export type RouteRole = Role | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    role?: RouteRole;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The role a route needs: its own, else by its method. */
const neededRole = (method: string, configured: RouteRole | undefined): RouteRole =>
  configured ?? (READS.has(method) ? 'viewer' : 'curator');

/** Adds the role check to this plugin scope (after requireBearerToken's hook). */
export function requireRoles(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const needed = neededRole(request.method, request.routeOptions.config?.role);
    if (needed === 'signed-in') return;
    const role = request.actor?.role ?? null;
    if (!hasRole(role, needed)) throw new HttpError(403, roleRefusal(needed, role));
  });
}
