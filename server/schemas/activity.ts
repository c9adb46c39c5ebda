/** The dashboard's Monthly Activity (GET /api/backend/activity). */
import { Type, type Static } from 'typebox';

const MAX_ACTIVITY_MONTHS = 24;

export const ActivityQuerySchema = Type.Object(
  {
    months: Type.Integer({
      minimum: 1,
      maximum: MAX_ACTIVITY_MONTHS,
      default: 6,
      description: `How many months, this one included (1 to ${MAX_ACTIVITY_MONTHS}; 6 unless given)`,
    }),
  },
  { additionalProperties: false },
);

const count = (what: string) => Type.Integer({ minimum: 0, description: `${what} made that month` });

const ActivityMonthSchema = Type.Object({
  month: Type.String({ description: 'The month, YYYY-MM, in UTC', pattern: '^[0-9]{4}-[0-9]{2}$' }),
  datasets: count('Datasets'),
  golden_sets: count('Golden sets'),
  experiments: count('Experiments'),
  evaluations: count('Evaluations'),
});
export type ActivityMonth = Static<typeof ActivityMonthSchema>;

export const ActivitySchema = Type.Object({
  from: Type.String({ description: 'The first month listed, YYYY-MM' }),
  months: Type.Array(ActivityMonthSchema, { description: 'Every month from `from` to this one, oldest first; none left out' }),
});
export type Activity = Static<typeof ActivitySchema>;
