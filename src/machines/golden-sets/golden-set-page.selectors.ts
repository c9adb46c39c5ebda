import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { goldenSetPageMachine } from './golden-set-page.machine';
import type { queryJudgementsMachine } from './query-judgements.machine';

type GoldenSetPageSnapshot = SnapshotFrom<typeof goldenSetPageMachine>;

export const selectNotFound = (snapshot: GoldenSetPageSnapshot) => snapshot.hasTag('notFound');
export const selectMissing = (snapshot: GoldenSetPageSnapshot) => snapshot.hasTag('missing');
export const selectGoldenSet = (snapshot: GoldenSetPageSnapshot) => snapshot.context.goldenSet;
export const selectQueries = (snapshot: GoldenSetPageSnapshot) => snapshot.context.queries;
export const selectHistory = (snapshot: GoldenSetPageSnapshot) => snapshot.context.history;
export const selectScaleEditor = (snapshot: GoldenSetPageSnapshot) => snapshot.context.scaleEditor;
export const selectClickGrades = (snapshot: GoldenSetPageSnapshot) => snapshot.context.clickGrades;
export const selectScale = (snapshot: GoldenSetPageSnapshot) => snapshot.context.scale;
export const selectOpenQuery = (snapshot: GoldenSetPageSnapshot) => snapshot.context.openQuery;
/** The judgements of the query opened, while one is. */
export const selectJudgements = (snapshot: GoldenSetPageSnapshot) =>
  snapshot.children.judgements as ActorRefFrom<typeof queryJudgementsMachine> | undefined;
