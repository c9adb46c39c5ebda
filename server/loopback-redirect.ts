import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

const loopbackAliases = new Set(['127.0.0.1', '[::1]', '::1']);

/**
 * With PUBLIC_URL unset the server is http://localhost:PORT to its OpenID provider: the tokens'
 * issuer and audience, the console's redirect URIs and the CSP all name that one origin. A browser
 * page opened at http://127.0.0.1:PORT (the address Fastify itself prints) moves there, so sign-in
 * works from either address without a second issuer. API calls and scripts are never redirected.
 */
export function redirectLoopbackAliases(app: FastifyInstance, config: Config) {
  if (!config.defaultPublicUrl) return;
  const target = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!request.headers.accept?.includes('text/html') || request.url.startsWith('/api/')) return;
    if (!loopbackAliases.has(request.hostname)) return;
    // 307, not 301: a browser must not remember it once PUBLIC_URL is set to this address.
    return reply.redirect(`${target}${request.url}`, 307);
  });
}
