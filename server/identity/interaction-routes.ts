import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Database } from '../db/database';
import { checkLogin } from './accounts';
import { LoginThrottle } from './login-throttle';
import { renderErrorPage, renderLoginPage } from './pages';

const INVALID_LOGIN = 'Invalid username or password';

interface LoginForm {
  username?: string;
  password?: string;
}

/** Our login page for the provider's interactions: local accounts, generic failures, throttled. */
export async function interactionRoutes(app: FastifyInstance, { provider, db }: { provider: Provider; db: Database }) {
  // Counted in the database: every server on it enforces one limit.
  const throttle = new LoginThrottle(db);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);

  /** The interaction behind the cookie, or undefined after an error page was sent. */
  async function interaction(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === request.params.uid) return details;
    } catch {
      // Expired or missing interaction cookie: fall through to the same page.
    }
    sendPage(
      reply,
      400,
      renderErrorPage({
        error: 'This sign-in has expired or was opened in another browser. Go back to the console and sign in again.',
      }),
    );
    return undefined;
  }

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    if (details.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant for our first-party console; anything else ends here.
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: `Unsupported prompt ${details.prompt.name}`,
      });
      return;
    }
    return sendPage(
      reply,
      200,
      renderLoginPage({ action: `/oidc/interaction/${details.uid}/login`, username: details.params.login_hint as string | undefined }),
    );
  });

  app.post<{ Params: { uid: string }; Body: LoginForm }>(
    '/oidc/interaction/:uid/login',
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { uid: string }; Body: LoginForm }>, reply) => {
      const details = await interaction(request, reply);
      if (!details) return reply;
      const action = `/oidc/interaction/${details.uid}/login`;
      const username = String(request.body?.username ?? '').trim();
      const password = String(request.body?.password ?? '');
      const wait = await throttle.attempt(request.ip, username);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60_000);
        reply.header('Retry-After', Math.ceil(wait / 1000));
        return sendPage(
          reply,
          429,
          renderLoginPage({
            action,
            username,
            error: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          }),
        );
      }
      const accountId = username && password ? await checkLogin(db, username, password) : undefined;
      // A failure stays counted (by attempt, above); a success is taken back.
      if (!accountId) {
        return sendPage(reply, 401, renderLoginPage({ action, username, error: INVALID_LOGIN }));
      }
      await throttle.succeeded(request.ip, username);
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
    },
  );
}
