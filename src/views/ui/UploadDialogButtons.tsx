import { button } from './button.css';
import * as modal from './modal.css';

export type UploadDialogView = 'uploading' | 'complete' | string;

// The buttons of an upload dialog (Bulk Upload, Import products): while the file goes up, Cancel stops it;
// otherwise Cancel (Close once done) leaves, and the primary button sends the file, busy meanwhile.
export function UploadDialogButtons(props: {
  view: UploadDialogView;
  canCancelUpload: boolean;
  canClose: boolean;
  canUpload: boolean;
  /** The primary button's words: 'Upload' / 'Uploading...'. */
  labels: { idle: string; busy: string };
  onCancelUpload(): void;
  onClose(): void;
  onUpload(): void;
}) {
  const { view } = props;
  return (
    <div className={modal.buttons}>
      {view === 'uploading' ? (
        <button type="button" className={button({ tone: 'secondary' })} disabled={!props.canCancelUpload} onClick={props.onCancelUpload}>
          Cancel
        </button>
      ) : (
        <button type="button" className={button({ tone: 'secondary' })} disabled={!props.canClose} onClick={props.onClose}>
          {view === 'complete' ? 'Close' : 'Cancel'}
        </button>
      )}
      {view !== 'complete' && (
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={!props.canUpload}
          aria-busy={view === 'uploading'}
          onClick={props.onUpload}
        >
          {view === 'uploading' ? props.labels.busy : props.labels.idle}
        </button>
      )}
    </div>
  );
}
