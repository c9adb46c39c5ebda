import { fromPromise } from 'xstate';
import { addAlertMachine, type AlertRequest } from '../machines/automation/add-alert.machine';
import { alertsPanelMachine, DELIVERIES_SHOWN } from '../machines/automation/alerts-panel.machine';
import { scheduleEditorMachine } from '../machines/automation/schedule-editor.machine';
import { confirmModalMachine, type ConfirmSubject } from '../machines/shared/confirm-modal.machine';
import type { SubmitInput } from '../machines/shared/form-dialog.machine';
import type { Alert } from '../domain/automation/automation-types';
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
        fetchDeliveries: fromPromise(
          async ({ input }) =>
            (await automation.deliveries(input.experimentId, input.alertId, { page: 1, pageSize: DELIVERIES_SHOWN })).items,
        ),
        addAlert: addAlertMachine.provide({
          actors: {
            submit: fromPromise<Alert, SubmitInput<AlertRequest>>(({ input: { request } }) =>
              automation.createAlert(request.experimentId, request.alert),
            ),
          },
        }),
        confirmDelete: confirmModalMachine.provide({
          actors: {
            performAction: fromPromise<void, { subject: ConfirmSubject }>(async ({ input: { subject } }) => {
              // A wiring bug, not a state a person can reach: the panel names each rule's experiment (its owner).
              if (subject.ownerId === undefined) throw new Error('an alert was to be deleted without its experiment');
              await automation.deleteAlert(subject.ownerId, subject.id);
            }),
          },
        }),
      },
    }),
  };
}
