import { fromPromise } from 'xstate';
import { dashboardMachine } from '../machines/dashboard/dashboard.machine';
import type { ConsoleDeps } from './console-deps';

// The dashboard (/).
export function createDashboardLogic({ counts }: Pick<ConsoleDeps, 'counts'>) {
  return { dashboard: dashboardMachine.provide({ actors: { fetchCounts: fromPromise(() => counts.countAll()) } }) };
}
