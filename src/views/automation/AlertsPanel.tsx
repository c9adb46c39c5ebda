import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addAlertMachine } from '../../machines/automation/add-alert.machine';
import type { alertsPanelMachine } from '../../machines/automation/alerts-panel.machine';
import {
  selectAddAlert,
  selectAlerts,
  selectAlertsBusy,
  selectAlertsError,
  selectAlertsFailed,
  selectAlertsLoading,
  selectConfirmDelete,
  selectDeliveries,
  selectDeliveriesOf,
} from '../../machines/automation/alerts-panel.selectors';
import {
  selectCanCancel,
  selectCanSubmit,
  selectFailure,
  selectFields,
  selectIsBusy,
  selectIsOpen,
} from '../../machines/shared/form-dialog.selectors';
import { formatDateTime } from '../../domain/shared/format-date';
import { useLogic } from '../shell/logic-context';
import { useCan } from '../shell/role-context';
import { button } from '../ui/button.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormDialog } from '../ui/FormDialog';
import { TableHead } from '../ui/TableHead';
import { LoadFailure } from '../ui/LoadFailure';
import * as modal from '../ui/modal.css';
import { StatusMessage } from '../ui/StatusMessage';
import { TextField } from '../ui/TextField';
import { errorMessage, statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import * as styles from './AutomationPanels.css';

type AlertsActor = ActorRefFrom<typeof alertsPanelMachine>;

// The experiment's alert rules: each with its rule, webhook, whether failures are told, and its baseline;
// Add alert opens the dialog, Delete asks first, Deliveries lists the rule's latest deliveries (a failed one
// with its code and error, so a webhook that never answered is seen).
export function AlertsPanel({ experimentId }: { experimentId: number }) {
  const actor = useActorRef(useLogic().alertsPanel, { input: { experimentId } });
  const loading = useSelector(actor, selectAlertsLoading);
  const failed = useSelector(actor, selectAlertsFailed);
  const busy = useSelector(actor, selectAlertsBusy);
  const alerts = useSelector(actor, selectAlerts);
  const error = useSelector(actor, selectAlertsError);
  const addAlert = useSelector(actor, selectAddAlert);
  const confirmDelete = useSelector(actor, selectConfirmDelete);
  const mayChange = useCan('experiment.change');
  return (
    <section className={styles.panel} aria-label="Alerts">
      <div className={styles.row}>
        <h2 className={styles.heading}>Alerts</h2>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={!mayChange || loading || failed}
          onClick={() => addAlert?.send({ type: 'user.open', fields: { experimentId } })}
        >
          Add alert
        </button>
      </div>
      {loading ? (
        <StatusMessage>Loading...</StatusMessage>
      ) : failed ? (
        <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>{error ?? 'The alerts could not be loaded.'}</LoadFailure>
      ) : (
        <>
          {alerts.length === 0 ? (
            <p className={statusMessage} role="status">
              No alerts: a scheduled run that regresses tells nobody.
            </p>
          ) : (
            <table className={table.table} aria-label="Alert rules">
              <TableHead columns={['Rule', 'Webhook', 'On failure', 'Baseline', '']} />
              <tbody>
                {alerts.map((alert) => (
                  <tr key={alert.id}>
                    <td className={`${table.cell} ${styles.code}`}>{alert.rule}</td>
                    <td className={`${table.cell} ${styles.code}`}>{alert.webhook_url}</td>
                    <td className={table.cell}>{alert.on_failure ? 'Yes' : 'No'}</td>
                    <td className={table.cell}>{alert.baseline ?? 'Previous scheduled run'}</td>
                    <td className={`${table.cell} ${table.actions}`}>
                      <button
                        type="button"
                        className={button({ tone: 'secondary', size: 'small' })}
                        disabled={busy}
                        onClick={() => actor.send({ type: 'user.showDeliveries', alertId: alert.id })}
                      >
                        Deliveries
                      </button>
                      <button
                        type="button"
                        className={button({ tone: 'danger', size: 'small' })}
                        disabled={!mayChange || busy}
                        aria-label={`Delete alert ${alert.rule}`}
                        onClick={() =>
                          confirmDelete?.send({ type: 'user.open', subject: { id: alert.id, name: alert.rule, ownerId: experimentId } })
                        }
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {error && (
            <p className={errorMessage} role="alert">
              {error}
            </p>
          )}
          <Deliveries actor={actor} />
        </>
      )}
      {addAlert && <AddAlertDialog actor={addAlert} />}
      {confirmDelete && (
        <ConfirmDialog
          actor={confirmDelete}
          title="Delete alert"
          question={(subject) => `Delete alert ${subject.name} and its deliveries?`}
        />
      )}
    </section>
  );
}

function Deliveries({ actor }: { actor: AlertsActor }) {
  const alertId = useSelector(actor, selectDeliveriesOf);
  const deliveries = useSelector(actor, selectDeliveries);
  const alert = useSelector(actor, selectAlerts).find((item) => item.id === alertId);
  if (alertId === null || !alert) return null;
  if (deliveries === null) return <StatusMessage>Loading deliveries...</StatusMessage>;
  return (
    <div>
      <h3 className={styles.heading}>Deliveries of {alert.rule}</h3>
      {deliveries.length === 0 ? (
        <p className={statusMessage} role="status">
          None yet: a delivery is made when a scheduled run ends.
        </p>
      ) : (
        <table className={table.table} aria-label="Deliveries">
          <TableHead columns={['Status', 'Time', 'Code', 'Attempts', 'Run', 'Error']} />
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td className={table.cell}>{delivery.status}</td>
                <td className={table.cell}>{formatDateTime(delivery.updated_at)}</td>
                <td className={table.cell}>{delivery.response_code ?? '—'}</td>
                <td className={table.cell}>{delivery.attempts}</td>
                <td className={table.cell}>{delivery.run_id ?? '—'}</td>
                <td className={table.textCell}>{delivery.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

// 'Add alert' (Rule, Webhook URL, Baseline, whether failed runs are told; Cancel, 'Add alert' / 'Adding...').
function AddAlertDialog({ actor }: { actor: ActorRefFrom<typeof addAlertMachine> }) {
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const fields = useSelector(actor, selectFields);
  const error = useSelector(actor, selectFailure);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canCancel = useSelector(actor, selectCanCancel);
  if (!open) return null;
  const change = (change: Partial<typeof fields>) => actor.send({ type: 'user.change', fields: change });
  return (
    <FormDialog
      title="Add alert"
      busy={busy}
      canCancel={canCancel}
      canSubmit={canSubmit}
      submitLabel="Add alert"
      busyLabel="Adding..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      <p className={modal.hint}>
        Checked when a scheduled run ends. Rule: metric:max_drop[:alpha], comma-separated, e.g. ndcg@10:0.01:0.05.
      </p>
      <TextField label="Rule" value={fields.rule} required onChange={(rule) => change({ rule })} />
      <TextField label="Webhook URL" value={fields.webhook_url} required onChange={(webhook_url) => change({ webhook_url })} />
      <TextField
        label="Baseline (run id or latest:TAG; empty: the previous scheduled run)"
        value={fields.baseline}
        onChange={(baseline) => change({ baseline })}
      />
      <label className={modal.field}>
        <span>
          <input type="checkbox" checked={fields.on_failure} onChange={(event) => change({ on_failure: event.target.checked })} /> Also tell
          it when a scheduled run fails
        </span>
      </label>
    </FormDialog>
  );
}
