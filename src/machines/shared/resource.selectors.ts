import type { SnapshotFrom } from 'xstate';
import type { resourceMachine } from './resource.machine';

export type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

export type ResourceView = 'notFound' | 'missing' | 'loading' | 'failed' | 'empty' | 'loaded';

export function selectResourceView(snapshot: ResourceSnapshot): ResourceView {
  if (snapshot.hasTag('notFound')) return 'notFound';
  if (snapshot.hasTag('missing')) return 'missing';
  if (snapshot.hasTag('busy')) return 'loading';
  if (snapshot.hasTag('failed')) return 'failed';
  if (snapshot.hasTag('empty')) return 'empty';
  return 'loaded';
}

/** What was loaded; each screen knows what its resource holds. */
export const selectData = <Data>(snapshot: ResourceSnapshot) => snapshot.context.data as Data | null;
