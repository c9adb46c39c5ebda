import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { createLocalJWKSet, errors as joseErrors, type JWK } from 'jose';
import type { Database } from '../db/database';
import { createTokenVerifier, type VerifyToken } from '../auth/verify-token';
import { ensureInitialAdmin } from './accounts';
import { interactionRoutes } from './interaction-routes';
import { deleteExpiredOidcPayloads } from './oidc-adapter';
import { deleteExpiredLoginFailures } from './login-throttle';
import { createEmbeddedProvider } from './provider';
import { presentAsPublic } from './public-request';
import { loadProviderSecrets } from './secrets';
import { renderErrorPage } from './pages';

export interface EmbeddedIdentityOptions {
  db: Database;
  issuer: string;
  audience: string;
  consoleOrigin: string;
  /** PUBLIC_URL: what the provider's URLs name, whatever the request's Host says. */
  publicUrl: string;
  adminPassword?: string;
  /** The first admin was made on this start: with a generated password (to show once), or with CONSOLE_ADMIN_PASSWORD's. */
  firstAdminCreated?: (account: string, generatedPassword: string | undefined) => void;
}

const assetsDir = new URL('./assets/', import.meta.url);
/** Expired sign-in records and failed sign-in counts go this often; unfinished sign-ins expire after 10 minutes. */
const SWEEP_MS = 10 * 60 * 1000;
/**
 * Sign-in starts per client address: each stores an interaction, so without a limit anyone could fill
 * the database (10 s of load stored 20,000 rows). A person needs a few; a shared NAT address a few dozen.
 */
const SIGN_IN_STARTS = {
  max: 30,
  timeWindow: 60_000,
  // A silent authorization (prompt=none: the console restores its session on every page load) never shows a
  // sign-in page nor stores an interaction: counting it would sign out whoever reloads the console quickly.
  allowList: (request: FastifyRequest) => (request.query as { prompt?: unknown }).prompt === 'none',
};

/** Mounts the embedded OpenID provider at /oidc with our login page; answers the API's token verifier. */
export async function mountEmbeddedIdentity(app: FastifyInstance, options: EmbeddedIdentityOptions): Promise<VerifyToken> {
  const { db, issuer, audience } = options;
  const secrets = await loadProviderSecrets(db);
  const admin = await ensureInitialAdmin(db, options.adminPassword);
  if (admin.created && options.firstAdminCreated) options.firstAdminCreated('admin', admin.generatedPassword);
  else if (admin.created && admin.generatedPassword) {
    app.log.warn(
      `Created the first account: admin / ${admin.generatedPassword} (shown once; change it with "npm run user -- passwd admin")`,
    );
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
    // Counted by request.ip: each client behind a proxy only with TRUST_PROXY.
    await scope.register(rateLimit, { global: false });
    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error.statusCode !== 429) throw error;
      return reply
        .code(429)
        .type('text/html; charset=utf-8')
        .send(renderErrorPage({ error: 'Too many sign-ins started from your address. Try again in a minute.' }));
    });
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
    scope.get('/oidc/auth', { schema: { hide: true }, config: { rateLimit: SIGN_IN_STARTS } }, handler);
    scope.post('/oidc/auth', { schema: { hide: true }, config: { rateLimit: SIGN_IN_STARTS } }, handler);
    scope.all('/oidc', { schema: { hide: true } }, handler);
    scope.all('/oidc/*', { schema: { hide: true } }, handler);
  });

  const sweeper = setInterval(() => {
    deleteExpiredOidcPayloads(db).catch((error) => app.log.warn({ err: error }, 'could not delete expired sign-in records'));
    deleteExpiredLoginFailures(db).catch((error) => app.log.warn({ err: error }, 'could not delete expired sign-in failure counts'));
  }, SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  const publicKeys = secrets.signingKeys.map(({ kty, n, e, kid, alg, use }: JWK) => ({ kty, n, e, kid, alg, use }));
  const verifySignature = createTokenVerifier({ issuer, audience, keys: createLocalJWKSet({ keys: publicKeys }) });
  // The account as it is now, not as it was when the token was issued (up to 10 minutes ago): a role changed,
  // an account removed or a password changed counts at once, and a later account of the same name is someone else.
  return async (token) => {
    const claims = await verifySignature(token);
    const { rows } = await db.query<{ id: number; role: string; credential_generation: number }>(
      'SELECT id, role, credential_generation FROM accounts WHERE username = $1',
      [claims.sub],
    );
    if (rows.length === 0 || (claims.account_id !== undefined && claims.account_id !== rows[0].id)) {
      throw new joseErrors.JWTClaimValidationFailed('the account no longer exists', claims, 'sub', 'account_gone');
    }
    // Tokens issued before generations were kept carry none: they count as the first.
    const issuedUnder = typeof claims.credential_generation === 'number' ? claims.credential_generation : 0;
    if (issuedUnder < rows[0].credential_generation) {
      const message = 'the password was changed after this token was issued; sign in again';
      throw new joseErrors.JWTClaimValidationFailed(message, claims, 'credential_generation', 'credentials_changed');
    }
    return { ...claims, roles: [rows[0].role] };
  };
}
