import type { SnapshotFrom } from 'xstate';
import type { scaleEditorMachine } from './scale-editor.machine';

type ScaleEditorSnapshot = SnapshotFrom<typeof scaleEditorMachine>;

export const selectIsOpen = (snapshot: ScaleEditorSnapshot) => snapshot.hasTag('open');
export const selectIsSavingScale = (snapshot: ScaleEditorSnapshot) => snapshot.hasTag('saving');
export const selectDraft = (snapshot: ScaleEditorSnapshot) => snapshot.context.draft;
export const selectScaleError = (snapshot: ScaleEditorSnapshot) => snapshot.context.error;
