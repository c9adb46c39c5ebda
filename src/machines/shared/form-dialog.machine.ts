import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { notProvided } from './not-provided';
import type { ReloadTarget } from './reload';

// Every small form dialog: closed → editing → sending → closed once the server took the form, or back to
// editing with why it did not. It opens with its empty form, or with the record it edits (`user.open`'s
// fields); `user.change` sets fields, typed by the dialog's own; the form is sent only when the `isReady` guard
// the dialog provides says so, and is disabled (busy) while it goes. Cancel, and a sent form, empty it again.
// What the server took stays as `sent` until the dialog opens again, for a notice on the page. A reload target
// given as input (the list the form changes) hears `reload`; the `submitted` action, when a dialog provides it
// (to navigate, say), is given the server's answer. A dialog with a `summary` does not close once the server
// took the form: it shows the server's answer (`result`) in `complete` until the person closes it.

type FormDialogEvent<Fields> =
  | { type: 'user.open'; fields?: Partial<Fields> }
  | { type: 'user.cancel' }
  | { type: 'user.submit' }
  | { type: 'user.change'; fields: Partial<Fields> };

type FormDialogContext<Fields, Request, Output, Failure> = {
  fields: Fields;
  /** Why the server refused the form last. */
  failure: Failure | null;
  sent: Request | null;
  /** The server's answer, kept while a dialog with a summary shows it (`complete`). */
  result: Output | null;
  reloadTarget: ReloadTarget | null;
};

/** What the `submit` actor is given. */
export type SubmitInput<Request> = { request: Request };

/** What sets one dialog apart besides its submit, its `isReady` guard and its `submitted` action. */
export type FormDialog<Fields, Request, Failure> = {
  /** The machine's id. */
  id: string;
  /** The state's name while the form is sent, after what the dialog does: `saving`, `submitting`. */
  sending: string;
  /** The id of the running submit: its answer is `xstate.done.actor.<submitId>`. */
  submitId: string;
  /** The form when closed. */
  empty: Fields;
  /** What is sent (trimmed, say). */
  requestOf: (fields: Fields) => Request;
  /** How a refusal shows: the server's message, or more. */
  failureOf: (error: unknown) => Failure;
  /** Once the server took the form, stay open on its answer (`complete`) until the person closes it. */
  summary?: true;
};

/** The form-dialog machine of one dialog, to be provided with its `submit` actor and `isReady` guard. */
export function formDialogMachine<Fields extends object, Request extends object, Output, Failure = string>(
  dialog: FormDialog<Fields, Request, Failure>,
) {
  return setup({
    types: {
      context: {} as FormDialogContext<Fields, Request, Output, Failure>,
      input: {} as { reloadTarget?: ReloadTarget } | undefined,
      events: {} as FormDialogEvent<Fields>,
      tags: {} as 'modalOpen' | 'busy',
    },
    actors: {
      submit: fromPromise<Output, SubmitInput<Request>>(notProvided('submit')),
    },
    guards: {
      isReady: notProvided<{ fields: Fields }>('isReady'),
    },
    actions: {
      open: assign((_, params: { fields?: Partial<Fields> }) => ({
        fields: { ...dialog.empty, ...params.fields },
        failure: null,
        sent: null,
        result: null,
      })),
      assignField: assign(({ context }, params: { fields: Partial<Fields> }) => ({
        fields: { ...context.fields, ...params.fields },
        failure: null,
      })),
      reset: assign({ fields: dialog.empty, failure: null, result: null }),
      assignFailure: assign((_, params: { error: unknown }) => ({ failure: dialog.failureOf(params.error) })),
      assignSent: assign(({ context }) => ({ sent: dialog.requestOf(context.fields) })),
      assignResult: assign((_, params: { output: Output }) => ({ result: params.output })),
      sendReload: enqueueActions(({ context, enqueue }) => {
        if (context.reloadTarget) enqueue.sendTo(context.reloadTarget, { type: 'reload' });
      }),
      // Nothing more unless the dialog says so.
      submitted: (_, _params: { output: Output }) => undefined,
    },
  }).createMachine({
    id: dialog.id,
    context: ({ input }) => ({
      fields: dialog.empty,
      failure: null,
      sent: null,
      result: null,
      reloadTarget: input?.reloadTarget ?? null,
    }),
    initial: 'closed',
    states: {
      closed: {
        on: { 'user.open': { target: 'editing', actions: { type: 'open', params: ({ event }) => event } } },
      },
      editing: {
        tags: 'modalOpen',
        on: {
          'user.change': { actions: { type: 'assignField', params: ({ event }) => event } },
          'user.cancel': { target: 'closed', actions: 'reset' },
          'user.submit': { guard: { type: 'isReady', params: ({ context }) => ({ fields: context.fields }) }, target: dialog.sending },
        },
      },
      [dialog.sending]: {
        tags: ['modalOpen', 'busy'],
        invoke: {
          id: dialog.submitId,
          src: 'submit',
          input: ({ context }) => ({ request: dialog.requestOf(context.fields) }),
          onDone: dialog.summary
            ? {
                target: 'complete',
                actions: [
                  'assignSent',
                  { type: 'assignResult', params: ({ event }) => ({ output: event.output }) },
                  { type: 'submitted', params: ({ event }) => ({ output: event.output }) },
                  'sendReload',
                ],
              }
            : {
                target: 'closed',
                actions: ['assignSent', { type: 'submitted', params: ({ event }) => ({ output: event.output }) }, 'reset', 'sendReload'],
              },
          onError: { target: 'editing', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      // Reached by a dialog with a summary only (a state every dialog has, so their state names stay typed):
      // the server's answer shows until the person closes it.
      complete: {
        tags: 'modalOpen',
        on: { 'user.cancel': { target: 'closed', actions: 'reset' } },
      },
    },
  });
}
