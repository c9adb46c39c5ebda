import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, type JWK } from 'jose';
import type { Database } from '../db/database';
import { createTokenVerifier, type VerifyToken } from '../auth/verify-token';
import { ensureInitialAdmin } from './accounts';
import { interactionRoutes } from './interaction-routes';
import { deleteExpiredOidcPayloads } from './oidc-adapter';
import { createEmbeddedProvider } from './provider';
import { presentAsPublic } from './public-request';
import { loadProviderSecrets } from './secrets';

export interface EmbeddedIdentityOptions {
  db: Database;
  issuer: string;
  audience: string;
  consoleOrigin: string;
  /** PUBLIC_URL: what the provider's URLs name, whatever the request's Host says. */
  publicUrl: string;
  adminPassword?: string;
  showAdminPassword?: (account: string, password: string) => void;
}

const assetsDir = new URL('./assets/', import.meta.url);
const HOUR = 60 * 60 * 1000;

/** Mounts the embedded OpenID provider at /oidc with our login page; answers the API's token verifier. */
export async function mountEmbeddedIdentity(app: FastifyInstance, options: EmbeddedIdentityOptions): Promise<VerifyToken> {
  const { db, issuer, audience } = options;
  const secrets = await loadProviderSecrets(db);
  const admin = await ensureInitialAdmin(db, options.adminPassword);
  if (admin.created && admin.generatedPassword) {
    if (options.showAdminPassword) options.showAdminPassword('admin', admin.generatedPassword);
    else {
      app.log.warn(
        `Created the first account: admin / ${admin.generatedPassword} (shown once; change it with "npm run user -- passwd admin")`,
      );
    }
  } else if (admin.created) {
    app.log.info('Created the first account "admin" with CONSOLE_ADMIN_PASSWORD');
  }

  const provider = createEmbeddedProvider({ ...options, secrets });
  // Before any route of the provider or our login pages reads the request.
  app.addHook('onRequest', async (request) => {
    if (request.url === '/oidc' || request.url.startsWith('/oidc/')) {
      presentAsPublic(request.raw, options, { ip: request.ip, https: request.protocol === 'https' });
    }
  });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'OpenID provider error'));

  await app.register(interactionRoutes, { provider, db });

  const assets = {
    'auth.css': { type: 'text/css; charset=utf-8', body: await readFile(new URL('auth.css', assetsDir)) },
    'logout.js': { type: 'text/javascript; charset=utf-8', body: await readFile(new URL('logout.js', assetsDir)) },
  };
  app.get<{ Params: { name: string } }>('/auth-assets/:name', { schema: { hide: true } }, async (request, reply) => {
    const asset = assets[request.params.name as keyof typeof assets];
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('Cache-Control', 'public, max-age=3600').send(asset.body);
  });

  // oidc-provider is a Koa app: hand it the raw request with the /oidc mount stripped.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice('/oidc'.length) || '/';
      void callback(raw, reply.raw);
    };
    scope.all('/oidc', { schema: { hide: true } }, handler);
    scope.all('/oidc/*', { schema: { hide: true } }, handler);
  });

  const sweeper = setInterval(() => {
    deleteExpiredOidcPayloads(db).catch((error) => app.log.warn({ err: error }, 'could not delete expired sign-in records'));
  }, HOUR);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  const publicKeys = secrets.signingKeys.map(({ kty, n, e, kid, alg, use }: JWK) => ({ kty, n, e, kid, alg, use }));
  return createTokenVerifier({ issuer, audience, keys: createLocalJWKSet({ keys: publicKeys }) });
}
