import { fromPromise } from 'xstate';
import { alertsPanelMachine, DELIVERIES_SHOWN } from '../machines/automation/alerts-panel.machine';
import { scheduleEditorMachine } from '../machines/automation/schedule-editor.machine';
import type { ConsoleDeps } from './console-deps';

// The experiment page's Schedule and Alerts panels, on the evaluation backend.
export function createAutomationLogic({ automation }: Pick<ConsoleDeps, 'automation'>) {
  return {
    scheduleEditor: scheduleEditorMachine.provide({
      actors: {
        fetchSchedule: fromPromise(({ input }) => automation.schedule(input.experimentId)),
        fetchNextRuns: fromPromise(({ input }) => automation.nextRuns(input.cron)),
        saveSchedule: fromPromise(({ input }) => automation.saveSchedule(input.experimentId, input.change)),
      },
    }),
    alertsPanel: alertsPanelMachine.provide({
      actors: {
        fetchAlerts: fromPromise(({ input }) => automation.alerts(input.experimentId)),
        createAlert: fromPromise(({ input }) => automation.createAlert(input.experimentId, input.alert)),
        deleteAlert: fromPromise(({ input }) => automation.deleteAlert(input.experimentId, input.alertId)),
        fetchDeliveries: fromPromise(
          async ({ input }) =>
            (await automation.deliveries(input.experimentId, input.alertId, { page: 1, pageSize: DELIVERIES_SHOWN })).items,
        ),
      },
    }),
  };
}
