import { Type, type Static } from 'typebox';
import { Nullable, TimestampSchema } from './shared';

const CronSchema = Type.String({
  maxLength: 200,
  description: 'Five fields in UTC: minute hour day-of-month month day-of-week, e.g. "0 6 * * 1-5"',
});

export const ScheduleChangeSchema = Type.Object({ cron: CronSchema, enabled: Type.Boolean() }, { additionalProperties: false });
export type ScheduleChange = Static<typeof ScheduleChangeSchema>;

export const ScheduleSchema = Type.Object({
  cron: Nullable(Type.String({ description: 'Null when the experiment has no schedule' })),
  enabled: Type.Boolean(),
  last_run_at: Nullable(TimestampSchema),
  last_run_id: Nullable(Type.Integer({ description: 'The run the latest tick made; null when it made none (see last_error)' })),
  last_error: Nullable(Type.String({ description: 'Why the latest tick made no run (the experiment could not run then)' })),
  next_run_at: Nullable(TimestampSchema),
});
export type Schedule = Static<typeof ScheduleSchema>;

export const NextRunsQuerySchema = Type.Object({ cron: CronSchema }, { additionalProperties: false });

export const NextRunsSchema = Type.Object({
  next_runs: Type.Array(TimestampSchema, { description: 'The next five ticks after now, in UTC' }),
});
