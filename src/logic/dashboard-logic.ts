import { fromPromise } from 'xstate';
import { dashboardMachine } from '../machines/dashboard/dashboard.machine';
import type { ConsoleDeps } from './console-deps';

// Spec §2 /.
export function createDashboardLogic({ counts }: Pick<ConsoleDeps, 'counts'>) {
  return { dashboard: dashboardMachine.provide({ actors: { fetchCounts: fromPromise(() => counts.countAll()) } }) };
}
