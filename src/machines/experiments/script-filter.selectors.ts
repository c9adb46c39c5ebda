import type { SnapshotFrom } from 'xstate';
import type { scriptFilterMachine } from './script-filter.machine';

// Narrow selectors for the experiments screen's filter; the view reads tags and can(), never state names.
export type ScriptFilterSnapshot = SnapshotFrom<typeof scriptFilterMachine>;

export const selectScriptOptions = (snapshot: ScriptFilterSnapshot) => snapshot.context.scripts;
/** null: All Scripts. */
export const selectScriptId = (snapshot: ScriptFilterSnapshot) => snapshot.context.scriptId;
export const selectOptionsFailed = (snapshot: ScriptFilterSnapshot) => snapshot.hasTag('failed');
/** The dropdown takes a choice only once its options are there. */
export const selectCanChoose = (snapshot: ScriptFilterSnapshot) => snapshot.can({ type: 'user.selectScript', scriptId: null });
