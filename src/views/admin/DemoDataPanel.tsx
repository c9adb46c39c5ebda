import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { demoDataRemovalMachine } from '../../machines/admin/demo-data-removal.machine';
import {
  selectCanCancelRemoval,
  selectCanConfirmRemoval,
  selectDemoCounts,
  selectDemoDataError,
  selectDemoDataLoadFailed,
  selectHasDemoData,
  selectIsDialogOpen,
  selectIsRefused,
  selectIsRemoving,
  selectRemoval,
} from '../../machines/admin/demo-data-removal.selectors';
import { demoCountsText, demoRemovalText } from '../../domain/demo/demo-data';
import * as styles from './DemoDataPanel.css';
import { useLogic } from '../shell/logic-context';
import { useCan } from '../shell/role-context';
import { LoadFailure } from '../ui/LoadFailure';
import { Modal } from '../ui/Modal';
import { button } from '../ui/button.css';
import { ConfirmFooter } from '../ui/ConfirmFooter';

type RemovalRef = ActorRefFrom<typeof demoDataRemovalMachine>;

// On the dashboard, for admins only (nothing is asked of the server for anyone else): while the demo data is
// there, what of it is left and 'Remove demo data' behind a confirmation; then what was removed and kept. The
// dashboard is where an admin lands, with any identity provider (the Accounts page is only there for the
// embedded one). Nothing shows when there is no demo data.
export function DemoDataPanel() {
  const allowed = useCan('demo_data.remove');
  return allowed ? <DemoData /> : null;
}

function DemoData() {
  const logic = useLogic();
  const actor = useActorRef(logic.demoDataRemoval);
  const present = useSelector(actor, selectHasDemoData);
  const loadFailed = useSelector(actor, selectDemoDataLoadFailed);
  const counts = useSelector(actor, selectDemoCounts);
  const removal = useSelector(actor, selectRemoval);
  const error = useSelector(actor, selectDemoDataError);
  const headingId = useId();

  if (loadFailed) {
    return (
      <LoadFailure className={styles.panel} size="small" onRetry={() => actor.send({ type: 'user.retry' })}>
        Could not tell whether demo data is present. {error}
      </LoadFailure>
    );
  }
  if (removal) {
    return (
      <section className={styles.panel} aria-labelledby={headingId}>
        <div>
          <h2 className={styles.heading} id={headingId}>
            Demo data removed
          </h2>
          <p className={styles.text} role="status">
            {demoRemovalText(removal)}
          </p>
        </div>
      </section>
    );
  }
  if (!present || !counts) return null;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div>
        <h2 className={styles.heading} id={headingId}>
          Demo data
        </h2>
        <p className={styles.text}>The demo data is still here: {demoCountsText(counts)}. Rows it made are labelled Demo.</p>
      </div>
      <button type="button" className={button({ tone: 'danger' })} onClick={() => actor.send({ type: 'user.open' })}>
        Remove demo data
      </button>
      <RemoveDemoDataDialog actor={actor} />
    </section>
  );
}

function RemoveDemoDataDialog({ actor }: { actor: RemovalRef }) {
  const open = useSelector(actor, selectIsDialogOpen);
  const busy = useSelector(actor, selectIsRemoving);
  const refused = useSelector(actor, selectIsRefused);
  const error = useSelector(actor, selectDemoDataError);
  const canConfirm = useSelector(actor, selectCanConfirmRemoval);
  const canCancel = useSelector(actor, selectCanCancelRemoval);
  if (!open) return null;

  const cancel = () => actor.send({ type: 'user.cancel' });
  return (
    <Modal title="Remove demo data" onCancel={cancel}>
      {!refused && (
        <>
          <p>
            Remove every row the demo data made: its datasets, entries, evaluation scripts, experiments with their runs, golden sets and
            generated products?
          </p>
          <p>What people made stays, with the demo datasets and entries their rows hold. This action cannot be undone.</p>
        </>
      )}
      <ConfirmFooter
        {...{ error, refused, canCancel, canConfirm, busy }}
        cancelLabel={refused ? 'Close' : 'Cancel'}
        confirmLabel="Remove demo data"
        busyLabel="Removing..."
        onCancel={cancel}
        onConfirm={() => actor.send({ type: 'user.confirm' })}
      />
    </Modal>
  );
}
