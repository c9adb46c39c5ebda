import { sendTo, type ActorRef, type EventObject, type Snapshot } from 'xstate';

// The one way to say "the data behind you changed on the server, fetch again": every actor that changes data
// (a delete, a dialog, a run starting or ending) is given the list or record to reload as input and sends it
// `reload`. The paged-list and resource machines accept it.

export type ReloadEvent = { type: 'reload' };

/** A list or a record that fetches again when told. */
export type ReloadTarget = ActorRef<Snapshot<unknown>, ReloadEvent>;

/** The input of every actor that changes data: whom to tell. */
export type ReloadInput = { reloadTarget: ReloadTarget };

/** The action that tells the actor's `reloadTarget` (kept in its context) to reload. */
export function sendReload<Context extends ReloadInput, Event extends EventObject>() {
  return sendTo<Context, Event, undefined, ReloadTarget, Event, never>(({ context }) => context.reloadTarget, { type: 'reload' });
}
