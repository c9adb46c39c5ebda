import { Type, type Static } from 'typebox';
import { pageProperties } from './paging';
import { IdSchema, Nullable, TimestampSchema } from './shared';

export const NewAlertSchema = Type.Object(
  {
    rule: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: "The gate's rule: metric:max_drop[:alpha], comma-separated, e.g. ndcg@10:0.01:0.05,recall@10:0.02",
    }),
    webhook_url: Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        'Where deliveries are POSTed: a host on ALERT_WEBHOOK_HOSTS; {env:ALERT_WEBHOOK_NAME} in its path or query is filled in when sent. ' +
        "A hooks.slack.com URL is sent Slack's { text } instead of the JSON message",
    }),
    on_failure: Type.Boolean({ default: false, description: 'Also tell the webhook when a scheduled run fails' }),
    baseline: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 200,
          description:
            'A run id, or latest:TAG (the newest successful run so tagged); without it, the previous scheduled run that succeeded',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type NewAlert = Static<typeof NewAlertSchema>;

export const AlertSchema = Type.Object({
  id: IdSchema,
  experiment_id: IdSchema,
  rule: Type.String(),
  webhook_url: Type.String({ description: 'As given, {env:…} placeholders unfilled' }),
  on_failure: Type.Boolean(),
  baseline: Nullable(Type.String()),
  created_by: Type.String(),
  created_at: TimestampSchema,
});
export type Alert = Static<typeof AlertSchema>;

export const AlertListSchema = Type.Array(AlertSchema);

export const AlertParamsSchema = Type.Object({ id: IdSchema, alertId: IdSchema });

export const DeliveriesQuerySchema = Type.Object(pageProperties, { additionalProperties: false });

export const DeliverySchema = Type.Object({
  id: IdSchema,
  run_id: Nullable(Type.Integer({ description: 'Null once the run is deleted, and for a scheduled run that could not start' })),
  kind: Type.String({ enum: ['regression', 'run_failed'] }),
  status: Type.String({
    enum: ['pending', 'delivered', 'failed', 'skipped'],
    description: 'pending: being sent or waiting to try again; skipped: nothing was sent, error says why',
  }),
  attempts: Type.Integer(),
  response_code: Nullable(Type.Integer({ description: "The last attempt's HTTP status; null when nothing answered" })),
  error: Nullable(Type.String()),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Delivery = Static<typeof DeliverySchema>;
