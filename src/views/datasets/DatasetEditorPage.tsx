import { useId, useMemo, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { datasetEditorMachine } from '../../machines/datasets/dataset-editor.machine';
import { hasMoreRows, type Side } from '../../domain/datasets/dataset-membership';
import { formatCount, formatTotal } from '../../domain/shared/format-count';
import { listboxCommand } from '../../domain/shared/listbox-keys';
import {
  createActiveOptionSelector,
  createMatchCountSelector,
  createVisibleRowsSelector,
  selectCanAdd,
  selectCanRemove,
  selectCanSelectAllMatching,
  selectDataset,
  selectEditorError,
  selectEditorView,
  selectIsListLoading,
  selectIsLoadingMore,
  selectIsMatchCountCapped,
  selectIsPending,
  selectList,
  selectMoveProgress,
  selectUpload,
} from '../../machines/datasets/dataset-editor.selectors';
import { BulkUploadDialog } from './BulkUploadDialog';
import * as styles from './DatasetEditorPage.css';
import { useLogic } from '../shell/logic-context';
import { button } from '../ui/button.css';
import { GatedButton } from '../ui/Gated';
import * as pageStyles from '../ui/page.css';
import { errorMessage, statusMessage } from '../ui/status.css';
import { WindowedList } from '../ui/WindowedList';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';
import { DemoBadge } from '../ui/DemoBadge';

type EditorActor = ActorRefFrom<typeof datasetEditorMachine>;

const panelText = {
  included: {
    title: 'Included Entries',
    filter: 'Filter included entries...',
    empty: 'No entries included',
    action: 'Remove Selected',
  },
  available: {
    title: 'Available Entries',
    filter: 'Filter available entries...',
    empty: 'No entries available',
    action: 'Add Selected',
  },
} as const;

// /datasets/{id}/edit: the dataset, 'Upload entries' (the Bulk Upload dialog, every row into this dataset), Back,
// and the two membership lists. Anyone may look through and select; Add Selected and Remove Selected are refused,
// with the reason, to a role that may not change datasets, and Upload entries to one that may not change entries.
export function DatasetEditorPage({ id }: { id: number | null }) {
  const logic = useLogic();
  const editor = useActorRef(logic.datasetEditor, { input: { datasetId: id } });
  const view = useSelector(editor, selectEditorView);
  const dataset = useSelector(editor, selectDataset);
  const error = useSelector(editor, selectEditorError);
  const progress = useSelector(editor, selectMoveProgress);
  const upload = useSelector(editor, selectUpload);

  if (view === 'loading') {
    return <StatusMessage>Loading...</StatusMessage>;
  }
  if (view === 'notFound') {
    return (
      <div className={pageStyles.page}>
        <p className={statusMessage} role="status">
          Dataset not found
        </p>
        <Link href="/datasets" className={button({ tone: 'secondary' })}>
          Back
        </Link>
      </div>
    );
  }
  if (view === 'failed') {
    return (
      <LoadFailure className={pageStyles.page} onRetry={() => editor.send({ type: 'user.retry' })}>
        Failed to fetch the dataset. {error}
      </LoadFailure>
    );
  }

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <div>
          <div className={pageStyles.titleRow}>
            <h1 className={pageStyles.title}>{dataset?.name}</h1>
            <DemoBadge demo={dataset?.demo} />
          </div>
          <p className={pageStyles.lead}>{dataset?.description}</p>
        </div>
        <div className={styles.headerActions}>
          <Link href="/datasets" className={button({ tone: 'secondary' })}>
            Back
          </Link>
          {upload && (
            <GatedButton action="entry.change" className={button({ tone: 'primary' })} onClick={() => upload.send({ type: 'user.open' })}>
              Upload entries
            </GatedButton>
          )}
        </div>
      </div>
      {upload && <BulkUploadDialog actor={upload} />}
      {error && (
        <p className={errorMessage} role="alert">
          {error}
        </p>
      )}
      {progress && (
        <p className={statusMessage} role="status">
          {progress}
        </p>
      )}
      <div className={styles.columns}>
        <EntryPanel editor={editor} side="included" />
        <EntryPanel editor={editor} side="available" />
      </div>
    </div>
  );
}

function EntryPanel({ editor, side }: { editor: EditorActor; side: Side }) {
  const text = panelText[side];
  const selectors = useMemo(
    () => ({
      list: selectList(side),
      visible: createVisibleRowsSelector(side),
      active: createActiveOptionSelector(side),
      matching: createMatchCountSelector(side),
      matchingCapped: selectIsMatchCountCapped(side),
      canSelectAll: selectCanSelectAllMatching(side),
      loading: selectIsListLoading(side),
      loadingMore: selectIsLoadingMore(side),
    }),
    [side],
  );
  const list = useSelector(editor, selectors.list);
  const visible = useSelector(editor, selectors.visible);
  const activeId = useSelector(editor, selectors.active);
  const matching = useSelector(editor, selectors.matching);
  const matchingCapped = useSelector(editor, selectors.matchingCapped);
  const canSelectAll = useSelector(editor, selectors.canSelectAll);
  const loading = useSelector(editor, selectors.loading);
  const loadingMore = useSelector(editor, selectors.loadingMore);
  const pending = useSelector(editor, selectIsPending);
  const canMove = useSelector(editor, side === 'included' ? selectCanRemove : selectCanAdd);
  const headingId = useId();

  const emptyText = list.filter.trim() !== '' ? 'No matching entries' : text.empty;
  const notLoaded = hasMoreRows(list);

  function onListKeyDown(event: KeyboardEvent) {
    const command = listboxCommand(event, activeId);
    if (command === null) return;
    event.preventDefault();
    editor.send({ ...command, side });
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {text.title} (
        {matching === null ? formatCount(list.count) : `${formatTotal(matching, matchingCapped)} of ${formatCount(list.count)}`})
      </h2>
      <input
        type="search"
        className={styles.filter}
        placeholder={text.filter}
        aria-label={text.filter}
        value={list.filter}
        onChange={(event) => editor.send({ type: 'user.filter', side, text: event.target.value })}
      />
      {loading ? (
        <p className={styles.empty} role="status">
          Loading...
        </p>
      ) : visible.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <WindowedList
          label={text.title}
          rows={visible}
          selected={list.selected}
          activeId={activeId}
          onToggle={(id) => editor.send({ type: 'user.toggle', side, id })}
          onExtend={(id) => editor.send({ type: 'user.extend', side, id })}
          onKeyDown={onListKeyDown}
          onNearEnd={() => editor.send({ type: 'user.loadMore', side })}
        />
      )}
      {!loading && notLoaded && (
        <p className={styles.note} aria-live="polite">
          {loadingMore
            ? 'Loading more...'
            : `Showing ${formatCount(list.rows.length)} of ${formatTotal(list.total, list.capped)}; scroll down for more.`}
        </p>
      )}
      <div className={styles.panelActions}>
        <GatedButton
          action="dataset.change"
          className={button({ tone: side === 'included' ? 'secondary' : 'primary' })}
          disabled={!canMove}
          aria-busy={pending}
          onClick={() => editor.send({ type: side === 'included' ? 'user.remove' : 'user.add' })}
        >
          {text.action} ({formatCount(list.selected.size)})
        </GatedButton>
        {canSelectAll && (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            onClick={() => editor.send({ type: 'user.selectAllMatching', side })}
          >
            Select all matching ({formatCount(visible.length)})
          </button>
        )}
      </div>
    </section>
  );
}
