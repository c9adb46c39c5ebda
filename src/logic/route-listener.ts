import { fromCallback, type EventObject } from 'xstate';
import type { Router } from '../domain/shell/router';

/**
 * Back, Forward and links that keep the address on the path a screen opened at: `toEvent` turns the new query
 * (and the one the screen opened with) into the machine's event, or null to let the change pass. Leaving the
 * path unmounts the screen, and its machine with this listener.
 */
export function routeListener<E extends EventObject>(router: Router, toEvent: (search: string, openedWith: string) => E | null) {
  return fromCallback<E>(({ sendBack }) => {
    const path = router.path();
    const openedWith = router.search();
    return router.subscribe(() => {
      if (router.path() !== path) return;
      const event = toEvent(router.search(), openedWith);
      if (event) sendBack(event);
    });
  });
}
