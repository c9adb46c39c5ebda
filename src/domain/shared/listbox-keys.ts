import type { FocusTarget } from './list-selection';

// The multi-select listbox's keys (WAI-ARIA listbox pattern), as what they ask of the selection.

export type ListboxCommand =
  { type: 'user.focusMove'; to: FocusTarget; extend: boolean } | { type: 'user.toggle'; id: number } | { type: 'user.selectAllMatching' };

export type ListboxKey = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean };

const moves: Record<string, FocusTarget> = { ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' };

/** What a key press asks for, or null for a key the listbox leaves alone (Tab among them). */
export function listboxCommand(key: ListboxKey, activeId: number | null): ListboxCommand | null {
  if (key.key in moves) return { type: 'user.focusMove', to: moves[key.key], extend: key.shiftKey };
  if (key.key === ' ' && activeId !== null) return { type: 'user.toggle', id: activeId };
  if (key.key.toLowerCase() === 'a' && (key.ctrlKey || key.metaKey)) return { type: 'user.selectAllMatching' };
  return null;
}
