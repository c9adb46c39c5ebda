import type { ApiClient } from '../api-client';
import { headerPage, pageQuery } from '../paging';
import type { Page, PageRequest } from '../../domain/evaluations/evaluation-service-types';
import type { Alert, Delivery, NewAlert, Schedule, ScheduleChange } from '../../domain/automation/automation-types';

// An experiment's schedule and alerts on the evaluation backend (server/routes/backend/schedules.ts, alerts.ts).

export type Automation = ReturnType<typeof createAutomation>;

export function createAutomation(api: ApiClient) {
  const alerts = (experimentId: number) => `experiments/${experimentId}/alerts`;
  return {
    /** GET experiments/{id}/schedule → cron null and enabled false when it has none. */
    schedule: (experimentId: number) => api<Schedule>(`experiments/${experimentId}/schedule`),

    /** PUT experiments/{id}/schedule → the schedule with its next run. */
    saveSchedule: (experimentId: number, change: ScheduleChange) =>
      api<Schedule>(`experiments/${experimentId}/schedule`, { method: 'PUT', body: change }),

    /** GET schedules/next-runs?cron= → the next ticks; 400 naming cron when it cannot be read. */
    nextRuns: async (cron: string): Promise<string[]> =>
      (await api<{ next_runs: string[] }>('schedules/next-runs', { query: { cron } })).next_runs,

    /** GET experiments/{id}/alerts → every rule, oldest first. */
    alerts: (experimentId: number) => api<Alert[]>(alerts(experimentId)),

    /** POST experiments/{id}/alerts → 201 with the rule. */
    createAlert: (experimentId: number, alert: NewAlert) => api<Alert>(alerts(experimentId), { method: 'POST', body: alert }),

    /** DELETE experiments/{id}/alerts/{alertId} → 204. */
    deleteAlert: async (experimentId: number, alertId: number): Promise<void> => {
      await api(`${alerts(experimentId)}/${alertId}`, { method: 'DELETE' });
    },

    /** GET experiments/{id}/alerts/{alertId}/deliveries?page&page_size → newest first, with X-Total-Count. */
    deliveries: async (experimentId: number, alertId: number, page: PageRequest): Promise<Page<Delivery>> =>
      headerPage(await api.raw<Delivery[]>(`${alerts(experimentId)}/${alertId}/deliveries`, { query: pageQuery(page) })),
  };
}
