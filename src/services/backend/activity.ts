import type { ApiFetch } from '../api-client';
import type { ActivityMonth } from '../../domain/dashboard/monthly-activity';

// activity on the evaluation backend (server/routes/backend/activity.ts): what was made each month, for the
// dashboard's Monthly Activity.

export type Activity = ReturnType<typeof createActivity>;

export function createActivity(api: ApiFetch) {
  return {
    /** GET activity?months → the datasets, golden sets, experiments and evaluations made each month (UTC), oldest first. */
    monthlyActivity: async (months: number): Promise<ActivityMonth[]> =>
      (await api<{ from: string; months: ActivityMonth[] }>('activity', { query: { months } })).months,
  };
}
