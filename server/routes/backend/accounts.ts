import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { HttpError } from '../../errors';
import {
  AccountError,
  accountPage,
  addAccount,
  checkLogin,
  isUsername,
  removeAccount,
  setPassword,
  setRole,
  USERNAME_RULE,
} from '../../identity/accounts';
import { LoginThrottle } from '../../identity/login-throttle';
import {
  AccountChangesSchema,
  AccountListQuerySchema,
  AccountPageSchema,
  AccountParamsSchema,
  AccountSchema,
  NewAccountSchema,
  OwnPasswordChangeSchema,
  PasswordResetSchema,
} from '../../schemas/accounts';
import { ErrorSchema } from '../../schemas/errors';
import { NoContentSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';

const tags = ['Accounts'];

/** A refused account change as the API answers it. */
async function answering<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AccountError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/**
 * The embedded provider's accounts (admins only) and one's own password. With an external
 * provider there are no accounts here: every route answers 409.
 */
export async function accountRoutes(fastify: FastifyInstance, opts: { db: Database; localAccounts: boolean }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  // The same counts as sign-in: a stolen access token cannot be used to guess the password faster.
  const throttle = new LoginThrottle(db);

  // After validation, so that bad input is named as everywhere else (the API-wide sweep sends it).
  app.addHook('preHandler', async () => {
    if (!opts.localAccounts) throw new HttpError(409, 'Accounts are kept by the identity provider');
  });

  app.get(
    '/accounts/',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'List the accounts by username; optionally those whose username contains a text (admin)',
        tags,
        querystring: AccountListQuerySchema,
        response: { 200: AccountPageSchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => accountPage(c, request.query.search?.trim() || null, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );

  app.post(
    '/accounts/',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Add an account with a password and a role (admin)',
        tags,
        body: NewAccountSchema,
        response: { 201: AccountSchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { username, password, role } = request.body;
      if (!isUsername(username)) throw new HttpError(400, `body.username must be ${USERNAME_RULE}`);
      const account = await answering(addAccount(db, actorOf(request), username, password, role));
      return reply.code(201).send(account);
    },
  );

  app.patch(
    '/accounts/:username',
    {
      config: { role: 'admin' },
      schema: {
        summary: "Change an account's role; the last admin stays one (admin)",
        tags,
        params: AccountParamsSchema,
        body: AccountChangesSchema,
        response: { 200: AccountSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { account } = await answering(setRole(db, actorOf(request), request.params.username, request.body.role));
      return account;
    },
  );

  app.post(
    '/accounts/:username/password',
    {
      config: { role: 'admin' },
      schema: {
        summary: "Set an account's password; ends its sessions and refresh tokens (admin)",
        tags,
        params: AccountParamsSchema,
        body: PasswordResetSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      await answering(setPassword(db, actorOf(request), request.params.username, request.body.password));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/accounts/:username',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Remove an account and end its sessions and refresh tokens; not the last admin (admin)',
        tags,
        params: AccountParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      await answering(removeAccount(db, actorOf(request), request.params.username));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/password',
    {
      config: { role: 'signed-in' },
      schema: {
        summary: "Change one's own password; ends one's sessions and refresh tokens (sign in again afterwards)",
        tags,
        body: OwnPasswordChangeSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor.key) throw new HttpError(403, 'An API key has no password: sign in to change yours');
      const wait = await throttle.attempt(request.ip, actor.sub);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60_000);
        reply.header('Retry-After', Math.ceil(wait / 1000));
        throw new HttpError(429, `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      // A failure stays counted; the check takes as long whether or not the account exists.
      if (!(await checkLogin(db, actor.sub, request.body.current_password))) throw new HttpError(400, 'current_password: does not match');
      await throttle.succeeded(request.ip, actor.sub);
      await answering(setPassword(db, actor, actor.sub, request.body.new_password, 'account.password'));
      return reply.code(204).send(null);
    },
  );
}
