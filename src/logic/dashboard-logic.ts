import { fromPromise } from 'xstate';
import { dashboardMachine } from '../machines/dashboard/dashboard.machine';
import { ACTIVITY_MONTHS } from '../domain/dashboard/monthly-activity';
import type { ConsoleDeps } from './console-deps';

// The dashboard (/).
export function createDashboardLogic({ counts, activity }: Pick<ConsoleDeps, 'counts' | 'activity'>) {
  return {
    dashboard: dashboardMachine.provide({
      actors: {
        fetchCounts: fromPromise(() => counts.countAll()),
        fetchActivity: fromPromise(() => activity.monthlyActivity(ACTIVITY_MONTHS)),
      },
    }),
  };
}
