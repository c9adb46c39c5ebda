import type { Static } from 'typebox';
import type { AlertSchema, DeliverySchema, NewAlertSchema } from '../../../server/schemas/alerts';
import type { ScheduleChangeSchema, ScheduleSchema } from '../../../server/schemas/schedules';

// An experiment's schedule and alert rules as the evaluation backend answers them (server/schemas/schedules.ts, alerts.ts).

export type Schedule = Static<typeof ScheduleSchema>;
export type ScheduleChange = Static<typeof ScheduleChangeSchema>;
export type Alert = Static<typeof AlertSchema>;
export type NewAlert = Static<typeof NewAlertSchema>;
export type Delivery = Static<typeof DeliverySchema>;
