// The dashboard's "Get started" checklist, once dismissed, stays hidden in this browser: the choice is kept in
// its localStorage, not on the server, so another browser shows the checklist again.

const KEY = 'console.getting-started.dismissed';

export type ChecklistDismissal = { isDismissed(): boolean; dismiss(): void };

export function localDismissal(storage: Pick<Storage, 'getItem' | 'setItem'>): ChecklistDismissal {
  return {
    isDismissed: () => storage.getItem(KEY) === 'true',
    dismiss: () => storage.setItem(KEY, 'true'),
  };
}
