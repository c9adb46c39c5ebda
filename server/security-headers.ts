import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

const origin = (url: string) => new URL(url).origin;

/**
 * A strict Content-Security-Policy for everything we serve: scripts and styles only from files of
 * our own origin; network calls only to our origin, the identity provider and the configured APIs;
 * frames only our own origin and the provider's (silent renewal runs in a hidden iframe).
 */
function contentSecurityPolicy(config: Config): string {
  const self = "'self'";
  const provider = origin(config.identity.issuer);
  const apis = [config.evaluationServiceUrl, config.evaluationBackendUrl].map(origin);
  const unique = (items: string[]) => [...new Set(items)].filter((item) => item !== origin(config.publicUrl)).join(' ');
  return [
    `default-src ${self}`,
    `script-src ${self}`,
    `style-src ${self}`,
    `img-src ${self} data: https:`,
    `font-src ${self}`,
    `connect-src ${self} ${unique([provider, ...apis])}`.trim(),
    `frame-src ${self} ${unique([provider])}`.trim(),
    `frame-ancestors ${self}`,
    `form-action ${self} ${unique([provider])}`.trim(),
    `base-uri ${self}`,
    `object-src 'none'`,
  ].join('; ');
}

export function addSecurityHeaders(app: FastifyInstance, config: Config) {
  const csp = contentSecurityPolicy(config);
  app.addHook('onRequest', async (request, reply) => {
    // Set on the raw response so that hijacked replies (the OpenID provider) carry them too.
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Referrer-Policy', 'no-referrer');
    // The API docs (Swagger UI) set their own policy with hashes for their inline parts.
    if (!request.url.startsWith('/docs')) reply.raw.setHeader('Content-Security-Policy', csp);
  });
}
