import { useHistoryState } from 'wouter/use-browser-location';
import { originIn } from '../../domain/shell/origin';

/** The address the screen was reached from, as the browser router keeps it in the entry's state; null when opened by address. */
export const useOrigin = (): string | null => originIn(useHistoryState());
