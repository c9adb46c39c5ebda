import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectCanCancel,
  selectCanSave,
  selectEditorError,
  selectEditorView,
  selectEntry,
  selectInput,
  selectIsSaving,
  selectMetadata,
  selectMetadataError,
  selectPicker,
} from '../../machines/entries/entry-editor.selectors';
import { formatDateTime } from '../../domain/shared/format-date';
import * as styles from './EntryEditorPage.css';
import { button } from '../ui/button.css';
import { EntryFields } from './EntryFields';
import { useLogic } from '../shell/logic-context';
import { useCan } from '../shell/role-context';
import { GatedButton } from '../ui/Gated';
import * as modal from '../ui/modal.css';
import * as pageStyles from '../ui/page.css';
import { DemoBadge } from '../ui/DemoBadge';
import { errorMessage, statusMessage } from '../ui/status.css';
import { StatusMessage } from '../ui/StatusMessage';

// /dataset-entries/{id}/edit: the entry id, Input, the datasets, Metadata, read-only dates, Cancel and
// 'Save Changes'; 'Dataset entry not found' for a missing id. For a role that may not change entries the
// fields are read-only and Save Changes is refused with the reason.
export function EntryEditorPage({ id }: { id: number | null }) {
  const logic = useLogic();
  const mayChange = useCan('entry.change');
  const editor = useActorRef(logic.entryEditor, { input: { entryId: id } });
  const view = useSelector(editor, selectEditorView);
  const entry = useSelector(editor, selectEntry);
  const input = useSelector(editor, selectInput);
  const metadata = useSelector(editor, selectMetadata);
  const metadataError = useSelector(editor, selectMetadataError);
  const error = useSelector(editor, selectEditorError);
  const saving = useSelector(editor, selectIsSaving);
  const canSave = useSelector(editor, selectCanSave);
  const canCancel = useSelector(editor, selectCanCancel);
  const picker = useSelector(editor, selectPicker);
  const cancel = () => editor.send({ type: 'user.cancel' });

  if (view === 'loading') {
    return <StatusMessage>Loading...</StatusMessage>;
  }
  if (view === 'notFound' || view === 'failed') {
    return (
      <div className={pageStyles.page}>
        {view === 'notFound' ? (
          <p className={statusMessage} role="status">
            Dataset entry not found
          </p>
        ) : (
          <>
            <p className={errorMessage} role="alert">
              Failed to fetch the dataset entry. {error}
            </p>
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => editor.send({ type: 'user.retry' })}>
              Try again
            </button>{' '}
          </>
        )}
        <button type="button" className={button({ tone: 'secondary' })} onClick={cancel}>
          Back
        </button>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    editor.send({ type: 'user.submit' });
  }

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <div>
          <div className={pageStyles.titleRow}>
            <h1 className={pageStyles.title}>Edit Dataset Entry</h1>
            <DemoBadge demo={entry?.demo} />
          </div>
          <p className={pageStyles.lead}>ID: {entry?.id}</p>
        </div>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <EntryFields
          input={input}
          metadata={metadata}
          metadataError={metadataError}
          picker={picker}
          disabled={saving || !mayChange}
          onInput={(value) => editor.send({ type: 'user.changeInput', value })}
          onMetadata={(value) => editor.send({ type: 'user.changeMetadata', value })}
        />
        {entry && (
          <dl className={styles.dates}>
            <dt>Created</dt>
            <dd>{formatDateTime(entry.created_at)}</dd>
            <dt>Updated</dt>
            <dd>{formatDateTime(entry.updated_at)}</dd>
          </dl>
        )}
        {error && (
          <p role="alert" className={errorMessage}>
            {error}
          </p>
        )}
        <div className={modal.buttons}>
          <button type="button" className={button({ tone: 'secondary' })} disabled={!canCancel} onClick={cancel}>
            Cancel
          </button>
          <GatedButton action="entry.change" type="submit" className={button({ tone: 'primary' })} disabled={!canSave} aria-busy={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </GatedButton>
        </div>
      </form>
    </div>
  );
}
