import type { SnapshotFrom } from 'xstate';
import type { uploadGoldenSetMachine } from './upload-golden-set.machine';

// The refusal's two parts, as the dialog shows them: the server's message, and its problems by file and row.

type UploadGoldenSetSnapshot = SnapshotFrom<typeof uploadGoldenSetMachine>;

export const selectUploadError = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.failure?.message ?? null;
export const selectProblems = (snapshot: UploadGoldenSetSnapshot) => snapshot.context.failure?.problems ?? [];
