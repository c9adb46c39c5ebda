import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/actor';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { judgementsOfQuery, removeJudgement, setJudgement } from '../../golden-sets/judgement-changes';
import { historyPage, queryPage } from '../../golden-sets/judging-lists';
import { ratersOf } from '../../golden-sets/raters';
import { goldenSetAgreement } from '../../golden-sets/set-agreement';
import { AgreementQuerySchema, AgreementSchema } from '../../schemas/agreement';
import { ErrorSchema } from '../../schemas/errors';
import {
  GoldenSetQueriesQuerySchema,
  GoldenSetQueriesSchema,
  HistorySchema,
  JudgementInputSchema,
  JudgementKeyQuerySchema,
  JudgementSchema,
  QueryJudgementsQuerySchema,
  RaterSchema,
} from '../../schemas/judging';
import { PageQuerySchema } from '../../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../../schemas/shared';
import { Type } from 'typebox';
import { pageWindow } from '../page-window';

/** A golden set's queries, judgements, raters and history, and one rating set or removed at a time. */
export async function judgementRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['judging'];

  app.get(
    '/golden-sets/:id/queries/',
    {
      schema: {
        summary: "A golden set's queries in key order, each with its number of judgements per grade",
        tags,
        params: IdParamsSchema,
        querystring: GoldenSetQueriesQuerySchema,
        response: { 200: GoldenSetQueriesSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => queryPage(c, request.params.id, request.query.search, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );

  app.get(
    '/golden-sets/:id/judgements/',
    {
      schema: {
        summary: "One query's judgements, best grade first, with the catalogue's names, who judged when and every rater's grade",
        tags,
        params: IdParamsSchema,
        querystring: QueryJudgementsQuerySchema,
        response: { 200: Type.Array(JudgementSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => judgementsOfQuery(db, request.params.id, request.query.query),
  );

  app.put(
    '/golden-sets/:id/judgements/',
    {
      schema: {
        summary:
          "Rate a product for a query as the signed-in person; the pair's grade is made again from its ratings by the set's rule, and a change is kept in the history",
        tags,
        params: IdParamsSchema,
        body: JudgementInputSchema,
        response: { 200: JudgementSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => setJudgement(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/golden-sets/:id/judgements/',
    {
      schema: {
        summary:
          "Remove the signed-in person's rating of a product for a query (or an upload's, when no one else rated it); the grade follows the ratings left, and the pair goes with the last",
        tags,
        params: IdParamsSchema,
        querystring: JudgementKeyQuerySchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await removeJudgement(db, request.params.id, request.query.query, request.query.product_id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/golden-sets/:id/raters',
    {
      schema: {
        summary: "A golden set's raters (people, models, clicks, uploads), each with how many pairs it rated, most first",
        tags,
        params: IdParamsSchema,
        response: { 200: Type.Array(RaterSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => ratersOf(db, request.params.id),
  );

  app.get(
    '/golden-sets/:id/agreement',
    {
      schema: {
        summary:
          "How far a golden set's raters agree: κ (quadratic weights), exact agreement and confusion for every two raters over the pairs both graded, Krippendorff's ordinal α across all, each rater against the people's consensus, and the widest disagreements",
        tags,
        params: IdParamsSchema,
        querystring: AgreementQuerySchema,
        response: { 200: AgreementSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => goldenSetAgreement(db, request.params.id, request.query.disagreements ?? 50),
  );

  app.get(
    '/golden-sets/:id/history/',
    {
      schema: {
        summary: "A golden set's changes, newest first: who changed which judgement when, old and new grade",
        tags,
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: HistorySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await db.connection((c) => historyPage(c, request.params.id, pageWindow(request.query)));
      reply.header('X-Total-Count', page.count);
      return page;
    },
  );
}
