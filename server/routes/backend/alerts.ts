import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { actorOf } from '../../auth/actor';
import { alertDeliveries, createAlert, deleteAlert, experimentAlerts } from '../../alerts/alert-rules';
import type { AlertVerdict } from '../../alerts/alert-verdict';
import {
  AlertListSchema,
  AlertParamsSchema,
  AlertSchema,
  DeliveriesQuerySchema,
  DeliverySchema,
  NewAlertSchema,
} from '../../schemas/alerts';
import { ErrorSchema } from '../../schemas/errors';
import { ListOf } from '../../schemas/paging';
import { IdParamsSchema, NoContentSchema } from '../../schemas/shared';
import { pageWindow } from '../page-window';

const tags = ['alerts'];

export async function alertRoutes(fastify: FastifyInstance, { db, verdict }: { db: Database; verdict: AlertVerdict }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/experiments/:id/alerts',
    {
      schema: {
        summary: "An experiment's alert rules, oldest first",
        tags,
        params: IdParamsSchema,
        response: { 200: AlertListSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => experimentAlerts(db, request.params.id),
  );

  app.post(
    '/experiments/:id/alerts',
    {
      schema: {
        summary:
          "Alert a webhook when a scheduled run of the experiment fails the gate's rule against the baseline (or, with on_failure, " +
          'when it fails). Refused (400, naming the field) for a rule the gate cannot read or a host ALERT_WEBHOOK_HOSTS does not list',
        tags,
        params: IdParamsSchema,
        body: NewAlertSchema,
        response: { 201: AlertSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createAlert(db, actorOf(request), request.params.id, request.body, verdict)),
  );

  app.delete(
    '/experiments/:id/alerts/:alertId',
    {
      schema: {
        summary: 'Delete an alert rule and its deliveries',
        tags,
        params: AlertParamsSchema,
        response: { 204: NoContentSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteAlert(db, actorOf(request), request.params.id, request.params.alertId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/experiments/:id/alerts/:alertId/deliveries',
    {
      schema: {
        summary: "An alert's deliveries, newest first: each one's status, attempts, last response code and error",
        tags,
        params: AlertParamsSchema,
        querystring: DeliveriesQuerySchema,
        response: { 200: ListOf(DeliverySchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await alertDeliveries(db, request.params.id, request.params.alertId, pageWindow(request.query));
      reply.header('X-Total-Count', page.count);
      return page.results;
    },
  );
}
