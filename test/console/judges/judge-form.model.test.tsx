import { afterEach, describe, expect } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { isJudgeReady, judgeFieldsOf, judgeRequest } from '../../../src/domain/judges/judge-form';
import type { ModelJudge } from '../../../src/domain/judges/model-judge-types';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { judgeFormMachine } from '../../../src/machines/judges/judge-form.machine';
import { ModelJudgesPage } from '../../../src/views/judges/ModelJudgesPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the real model judge form, replayed on /model-judges. 'New model judge'
// opens it empty, a row's Edit with the judge's settings (its api key blank); the fields as typed, Save only when
// every setting can be used; what is sent (a new judge created, an edited one changed, a blank key kept); a
// refusal keeps the form open with the server's message; a saved form closes and the list is fetched again.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof judgeFormMachine>;
type ModelEvent = EventFromLogic<typeof judgeFormMachine> | ActorDone<'saveJudge', ModelJudge> | ActorError<'saveJudge', Error>;

const judge: ModelJudge = {
  id: 4,
  name: 'Fake GPT',
  base_url: 'http://127.0.0.1:11434/v1',
  model: 'llama3.1',
  api_key: '[redacted]',
  temperature: 0,
  seed: 7,
  prompt_template: 'Grade {products} for {query}.',
  guidelines: '',
  product_fields: ['name', 'description'],
  products_per_call: 1,
  concurrency: 2,
  requests_per_minute: 60,
  price_per_1k_input: 0.5,
  price_per_1k_output: 1.5,
  created_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
};
const taken = new RefusalError('A model judge named "Fake GPT" already exists');
const LABELS = {
  name: 'Name*',
  base_url: 'Base URL* (the /v1 root)',
  model: 'Model*',
  temperature: 'Temperature',
  api_key: 'API key ({env:MODEL_JUDGE_…} allowed)',
};

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;
const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label) as HTMLInputElement;

const describeEvent = (event: ModelEvent) => {
  if (event.type === 'user.change') return `user.change(${JSON.stringify(event.fields)})`;
  if (event.type === 'user.open') return event.fields ? 'user.open(edit)' : 'user.open(new)';
  return event.type.replace('xstate.', '');
};

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: event.fields ? 'Edit Fake GPT' : 'New model judge' }));
    case 'user.change': {
      const [[name, value]] = Object.entries(event.fields);
      return fireEvent.change(field(LABELS[name as keyof typeof LABELS]), { target: { value } });
    }
    case 'user.cancel':
      return fireEvent.click(inDialog('Cancel'));
    case 'user.submit':
      return fireEvent.click(inDialog('Save'));
    case 'xstate.done.actor.saveJudge':
      return services.settle('saveJudge', { output: event.output });
    case 'xstate.error.actor.saveJudge':
      return services.settle('saveJudge', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  if (state.matches('closed')) {
    expect(dialog()).toBeNull();
    return;
  }
  const { fields, failure } = state.context;
  expect(screen.getByRole('dialog', { name: fields.id === null ? 'New model judge' : 'Edit model judge' })).toBeTruthy();
  for (const [name, label] of Object.entries(LABELS)) expect(field(label).value).toBe(fields[name as keyof typeof LABELS]);
  const busy = state.matches('saving');
  expect(field('Name*').closest('fieldset')!.disabled).toBe(busy);
  expect(inDialog(busy ? 'Saving...' : 'Save').disabled).toBe(busy || !isJudgeReady(fields));
  expect(within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null).toBe(failure);
}

describe('the model judge form: every path', () => {
  replayShortestPaths(judgeFormMachine, {
    input: { reloadTarget: createEmptyActor() },
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open' },
        { type: 'user.open', fields: judgeFieldsOf(judge) },
        { type: 'user.change', fields: { name: ' Local llama ' } },
        { type: 'user.change', fields: { base_url: 'http://127.0.0.1:11434/v1' } },
        { type: 'user.change', fields: { model: 'llama3.1' } },
        { type: 'user.change', fields: { temperature: '3' } },
        { type: 'user.change', fields: { api_key: '{env:MODEL_JUDGE_KEY}' } },
        { type: 'user.cancel' },
        { type: 'user.submit' },
        ...(state.matches('saving')
          ? ([
              { type: 'xstate.done.actor.saveJudge', output: judge },
              { type: 'xstate.error.actor.saveJudge', error: taken },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        context: { ...state.context, reloadTarget: null, sent: null },
        from: previous?.value,
        by: event,
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 131 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    async setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/model-judges', <ModelJudgesPage />, { role: 'curator' });
      await services.settle('judgeRows', { output: { items: [judge], total: 1 } });
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectScreen(state),
    afterPerform({ event, previous }, services) {
      if (event.type !== 'user.submit') return;
      // A new judge is created, an edited one changed; a key left blank on an edit is not sent (the stored one stays).
      const { id, settings } = judgeRequest(previous.context.fields);
      expect(services.last('saveJudge').args).toEqual([id, settings]);
      if (id !== null && previous.context.fields.api_key === '') expect(settings).not.toHaveProperty('api_key');
    },
    afterStep({ event }, services) {
      // Saved: the list is fetched again to show the judge as the server has it.
      if (event.type === 'xstate.done.actor.saveJudge') expect(services.calls('judgeRows')).toBe(2);
    },
  });
});
