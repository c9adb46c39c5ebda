import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { clickGradesMachine } from '../../../src/machines/golden-sets/click-grades.machine';
import type { ClickLogAnswer, ClickLogRequest } from '../../../src/domain/golden-sets/click-grades';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import { UploadError } from '../../../src/services/upload-csv';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: the shortest path to every state of the 'Grades from clicks' dialog by every edge into it,
// replayed on the golden set page with the fakes' calls: what is sent, the preview's counts and first pairs,
// what storing did, the server's refusals, and the page fetched again once grades are stored.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof clickGradesMachine>;
type ModelEvent =
  | EventFromLogic<typeof clickGradesMachine>
  | ActorDone<'gradeClickLog', ClickLogAnswer>
  | ActorError<'gradeClickLog', Error>
  | ActorDone<'storeClickGrades', ClickLogAnswer>
  | ActorError<'storeClickGrades', Error>;

const SCALE = { max_grade: 2, labels: ['Bad', 'Fine', 'Great'] };
const goldenSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 1,
  judgement_count: 2,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: SCALE,
  grade_counts: { 1: 2 },
  version: 0,
  changed_at: null,
} as GoldenSet;

const log = new File(['{"query_id":"q1","user_query":"sofa"}\n'], 'clicks.jsonl');
const preview: ClickLogAnswer = {
  format: 'ubi',
  min_impressions: 20,
  prior_clicks: 5,
  thresholds: [0.5, 2],
  records: 120,
  counted_events: 110,
  skipped_events: 9,
  positions: [{ position: 1, impressions: 60, clicks: 12, ctr: 0.2 }],
  grade_counts: { 0: 1, 1: 0, 2: 2 },
  ungraded: 1,
  pair_count: 4,
  pairs: [
    { query: 'sofa', product_id: 'S-1', impressions: 40, clicks: 16, expected_clicks: 8, coec_raw: 2, coec: 21 / 13, grade: 2 },
    { query: 'sofa', product_id: 'S-2', impressions: 3, clicks: 0, expected_clicks: 0.6, coec_raw: 0, coec: 5 / 5.6, grade: null },
  ],
  stored: null,
};
const stored: ClickLogAnswer = { ...preview, stored: { rater_id: 9, rated: 3, changed: 2 } };
const refused = new UploadError('Nothing was graded: the UBI log has 1 problem', 400, [
  { row: 2, column: 'query_id', problem: 'must not be blank' },
]);
const storeFailed = new UploadError('thresholds needs 2 rising COEC boundaries', 400);

const describeEvent = (event: ModelEvent) =>
  event.type === 'user.change' ? `change ${Object.keys(event.fields).join()}` : event.type.replace('xstate.', '');

async function openPage() {
  const services = fakeDeps();
  renderWithLogic(services, '/golden-sets/4', <GoldenSetPage id={4} />);
  await services.settle('findGoldenSet', { output: goldenSet });
  await services.settle('queryRows', { output: { items: [{ query: 'sofa', judgements: 2, by_grade: { 1: 2 } }], total: 1 } });
  await screen.findByRole('button', { name: 'Grades from clicks' });
  return services;
}

const dialog = () => screen.getByRole('dialog', { name: 'Grades from clicks' });
const inDialog = (name: string) => within(dialog()).getByRole('button', { name }) as HTMLButtonElement;
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const THRESHOLDS = 'COEC boundaries between grades, 2 rising numbers';

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Grades from clicks' }));
    case 'user.cancel':
      return fireEvent.click(inDialog(within(dialog()).queryByRole('button', { name: 'Close' }) ? 'Close' : 'Cancel'));
    case 'user.submit':
      return fireEvent.click(within(dialog()).getByRole('button', { name: /^(Preview|Store grades)$/ }));
    case 'user.change': {
      const { fields } = event;
      if (fields.file) return fireEvent.change(field('Click log*'), { target: { files: [fields.file] } });
      if (fields.format) return fireEvent.change(field('Format'), { target: { value: fields.format } });
      if (fields.minImpressions) return fireEvent.change(field('Minimum impressions'), { target: { value: fields.minImpressions } });
      return fireEvent.change(field(THRESHOLDS), { target: { value: fields.thresholds } });
    }
    case 'xstate.done.actor.gradeClickLog':
      return services.settle('gradeClickLog', { output: event.output }, { preview: true });
    case 'xstate.error.actor.gradeClickLog':
      return services.settle('gradeClickLog', { error: event.error }, { preview: true });
    case 'xstate.done.actor.storeClickGrades':
      return services.settle('gradeClickLog', { output: event.output }, { preview: false });
    case 'xstate.error.actor.storeClickGrades':
      return services.settle('gradeClickLog', { error: event.error }, { preview: false });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  if (state.matches('stored')) {
    const summary = within(dialog()).getByRole('region', { name: 'Grades stored' });
    expect(within(summary).getByText(/rated from clicks/).textContent).toBe('3 pairs rated from clicks · 2 grades changed');
    expect(within(summary).getByRole('list', { name: 'Pairs per grade' }).textContent).toBe('0 · Bad: 11 · Fine: 02 · Great: 2');
    expect(inDialog('Close').disabled).toBe(false);
    return;
  }
  const { fields, failure } = state.context;
  const busy = state.hasTag('busy');
  const storing = state.matches('previewed') || state.matches('storing');
  expect([field('Format').value, field('Minimum impressions').value, field(THRESHOLDS).value]).toEqual([
    fields.format,
    fields.minImpressions,
    fields.thresholds,
  ]);
  // The fieldset disables its fields while the form is sent.
  expect(field('Format').matches(':disabled')).toBe(busy);
  const submit = within(dialog()).getByRole('button', { name: busy ? /\.\.\.$/ : /^(Preview|Store grades)$/ }) as HTMLButtonElement;
  expect(submit.textContent).toBe(storing ? (busy ? 'Storing...' : 'Store grades') : busy ? 'Previewing...' : 'Preview');
  expect(submit.disabled).toBe(!(state.matches('previewed') || (state.matches('editing') && fields.file !== null)));
  expect(inDialog('Cancel').disabled).toBe(state.matches('storing'));
  const region = within(dialog()).queryByRole('region', { name: 'Preview' });
  if (state.context.preview) {
    expect(within(region!).getByRole('list', { name: 'Pairs per grade' }).textContent).toBe('0 · Bad: 11 · Fine: 02 · Great: 2');
    expect(within(region!).getByText(/pairs in the log/).textContent).toBe('4 pairs in the log; 1 shown fewer than 20 times get no grade.');
    const rows = within(region!)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['QueryProductImpressionsClicksCOECGrade', 'sofaS-140161.622 · Great', 'sofaS-2300.89none']);
  } else expect(region).toBeNull();
  const alerts = within(dialog())
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
  const problems = failure?.problems.map(
    (p) => `${fields.format === 'ubi' ? 'Line' : 'Row'} 2, ${fields.format === 'ubi' ? 'field' : 'column'} ${p.column}: ${p.problem}`,
  );
  expect(alerts).toEqual(failure ? [`${failure.message}${problems!.join('')}`] : []);
}

describe('Grades from clicks: click-grades paths', () => {
  replayShortestPaths(clickGradesMachine, {
    input: { goldenSetId: 4 },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open', scale: SCALE },
        { type: 'user.cancel' },
        { type: 'user.submit' },
        ...(state.context.fields.file ? [] : ([{ type: 'user.change', fields: { file: log } }] satisfies ModelEvent[])),
        { type: 'user.change', fields: { format: state.context.fields.format === 'ubi' ? 'csv' : 'ubi' } },
        ...(state.context.fields.minImpressions === '5'
          ? []
          : ([{ type: 'user.change', fields: { minImpressions: '5' } }] satisfies ModelEvent[])),
        ...(state.matches('previewing')
          ? ([
              { type: 'xstate.done.actor.gradeClickLog', output: preview },
              { type: 'xstate.error.actor.gradeClickLog', error: refused },
            ] satisfies ModelEvent[])
          : []),
        ...(state.matches('storing')
          ? ([
              { type: 'xstate.done.actor.storeClickGrades', output: stored },
              { type: 'xstate.error.actor.storeClickGrades', error: storeFailed },
            ] satisfies ModelEvent[])
          : []),
      ]),
    // Files stringify as {}: name them.
    serializeEvent: (event) =>
      JSON.stringify({ type: event.type, fields: 'fields' in event ? { ...event.fields, file: event.fields.file?.name } : undefined }),
    // Each state once per edge into it, so every transition is walked.
    serializeState: (state, event) =>
      JSON.stringify({
        value: state.value,
        fields: { ...state.context.fields, file: state.context.fields.file?.name ?? null },
        preview: state.context.preview !== null,
        failure: state.context.failure?.message ?? null,
        by: event && describeEvent(event),
      }),
    paths: { atLeast: 40 },
    describeEvent,
    setup: () => openPage(),
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => ({ sets: services.calls('findGoldenSet'), queries: services.calls('queryRows') }),
    afterStep({ event, state }, services, before) {
      if (event.type === 'user.submit') {
        const request = services.last('gradeClickLog').input as ClickLogRequest;
        expect({ ...request, file: request.file.name }).toEqual({
          goldenSetId: 4,
          format: state.context.fields.format,
          file: 'clicks.jsonl',
          minImpressions: state.context.fields.minImpressions,
          thresholds: '0.5,2',
          preview: state.matches('previewing'),
        });
      }
      // Stored grades change the set's counts and its queries: the page fetches them again.
      const reloaded = event.type === 'xstate.done.actor.storeClickGrades' ? 1 : 0;
      expect([services.calls('findGoldenSet'), services.calls('queryRows')]).toEqual([before.sets + reloaded, before.queries + reloaded]);
    },
  });
});
