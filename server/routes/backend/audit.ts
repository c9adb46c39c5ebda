import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { auditCsv, auditPage } from '../../audit/audit-trail';
import { checkedFilters } from '../../audit/audit-filters';
import { AuditFiltersSchema, AuditPageSchema, AuditQuerySchema, MeSchema } from '../../schemas/audit';
import { ErrorSchema } from '../../schemas/errors';
import { TextFileSchema } from '../../schemas/shared';
import { sendDownload } from '../downloads';
import { pageWindow } from '../page-window';

const tags = ['Audit'];

/** Who is signed in, and the audit trail (admins only). */
export async function auditRoutes(fastify: FastifyInstance, opts: { db: Database; localAccounts: boolean }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  app.get(
    '/me',
    {
      config: { role: 'signed-in' },
      schema: {
        summary: 'Who the token is for: subject, name and role (null when it maps to none)',
        tags,
        response: { 200: MeSchema },
      },
    },
    async (request) => {
      const { sub, name, role } = actorOf(request);
      return { sub, name, role, local_account: opts.localAccounts };
    },
  );

  app.get(
    '/audit/',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Every change, newest first: who, when, what; filtered by actor, action, target and time (admin)',
        tags,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { page: _page, page_size: _size, ...filters } = request.query;
      const page = await db.connection((c) => auditPage(c, checkedFilters(filters), pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      if (page.capped) reply.header('X-Total-Count-Capped', 'true');
      return { count: page.count, results: page.results };
    },
  );

  app.get(
    '/audit.csv',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'The filtered audit trail as CSV, newest first (admin)',
        tags,
        querystring: AuditFiltersSchema,
        produces: ['text/csv'],
        response: {
          200: TextFileSchema('CSV `at,actor_sub,actor_name,action,target_type,target_id,summary`'),
          400: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request, reply) =>
      sendDownload(reply, 'text/csv; charset=utf-8', 'audit-trail.csv', auditCsv(db, checkedFilters(request.query))),
  );
}
