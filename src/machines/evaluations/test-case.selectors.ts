import type { SnapshotFrom } from 'xstate';
import type { testCaseMachine } from './test-case.machine';

export type TestCaseSnapshot = SnapshotFrom<typeof testCaseMachine>;

export type TestCaseView = 'notFound' | 'loading' | 'missing' | 'failed' | 'loaded';

export function selectView(snapshot: TestCaseSnapshot): TestCaseView {
  if (snapshot.hasTag('notFound')) return 'notFound';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('missing')) return 'missing';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'loaded';
}

export const selectTestCase = (snapshot: TestCaseSnapshot) => snapshot.context.testCase;
export const selectOwner = (snapshot: TestCaseSnapshot) => snapshot.context.owner;
export const selectError = (snapshot: TestCaseSnapshot) => snapshot.context.error;
