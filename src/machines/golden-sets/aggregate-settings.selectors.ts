import type { SnapshotFrom } from 'xstate';
import type { aggregateSettingsMachine } from './aggregate-settings.machine';

type AggregateSettingsSnapshot = SnapshotFrom<typeof aggregateSettingsMachine>;

export const selectSettingsOpen = (snapshot: AggregateSettingsSnapshot) => snapshot.hasTag('open');
export const selectSettingsSaving = (snapshot: AggregateSettingsSnapshot) => snapshot.hasTag('saving');
export const selectRuleDraft = (snapshot: AggregateSettingsSnapshot) => snapshot.context.draft;
export const selectSettingsError = (snapshot: AggregateSettingsSnapshot) => snapshot.context.error;
export const selectSettingsNotice = (snapshot: AggregateSettingsSnapshot) => snapshot.context.notice;
