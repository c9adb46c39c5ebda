// The multi-select listbox's selection (WAI-ARIA listbox pattern): which options are selected, which one has
// the keyboard's focus, and where a Shift range starts. Pure: the dataset editor's machine calls these with
// the ids its filter shows, in order.

export type ListSelection = {
  selected: ReadonlySet<number>;
  /** The option the keyboard is on (the listbox's aria-activedescendant); null until one is chosen. */
  active: number | null;
  /** Where a Shift range starts. */
  anchor: number | null;
  /** What was selected before the current Shift range, so a range can shrink again. */
  beforeRange: ReadonlySet<number>;
};

export type FocusTarget = 'next' | 'previous' | 'first' | 'last';

export const noSelection = (): ListSelection => ({ selected: new Set(), active: null, anchor: null, beforeRange: new Set() });

/** The option shown as active: the chosen one while the filter shows it, else the first shown. */
function effectiveActive(ids: readonly number[], active: number | null): number | null {
  return active !== null && ids.includes(active) ? active : (ids[0] ?? null);
}

/** Click or Space: flips one option, which becomes active and the start of the next range. */
export function toggleOption(selection: ListSelection, id: number): ListSelection {
  const selected = new Set(selection.selected);
  if (!selected.delete(id)) selected.add(id);
  return { selected, active: id, anchor: id, beforeRange: selected };
}

/** Shift+click or Shift+arrow: the options from the anchor to `id` join what was selected before the range. */
export function extendTo(selection: ListSelection, ids: readonly number[], id: number): ListSelection {
  const to = ids.indexOf(id);
  if (to < 0) return selection;
  const anchorAt = selection.anchor === null ? -1 : ids.indexOf(selection.anchor);
  const from = anchorAt < 0 ? Math.max(0, ids.indexOf(effectiveActive(ids, selection.active) ?? id)) : anchorAt;
  const range = ids.slice(Math.min(from, to), Math.max(from, to) + 1);
  const beforeRange = anchorAt < 0 ? selection.selected : selection.beforeRange;
  return { selected: new Set([...beforeRange, ...range]), active: id, anchor: ids[from], beforeRange };
}

/** Arrows, Home and End move the focus; with Shift they extend the range to where the focus lands. */
export function moveFocus(selection: ListSelection, ids: readonly number[], target: FocusTarget, extend: boolean): ListSelection {
  if (ids.length === 0) return selection;
  const at = Math.max(0, ids.indexOf(effectiveActive(ids, selection.active)!));
  const index = { next: Math.min(at + 1, ids.length - 1), previous: Math.max(at - 1, 0), first: 0, last: ids.length - 1 }[target];
  const id = ids[index];
  if (extend)
    return extendTo(selection.anchor === null ? { ...selection, anchor: ids[at], beforeRange: selection.selected } : selection, ids, id);
  return { ...selection, active: id, anchor: id, beforeRange: selection.selected };
}

/** Ctrl/Cmd+A: every option the filter shows joins the selection. */
export function selectAll(selection: ListSelection, ids: readonly number[]): ListSelection {
  const selected = new Set([...selection.selected, ...ids]);
  return { ...selection, selected, beforeRange: selected };
}

/** Ids no longer loaded drop out of the selection and the focus. */
export function keepLoaded(selection: ListSelection, loaded: ReadonlySet<number>): ListSelection {
  const keep = (ids: ReadonlySet<number>) => new Set([...ids].filter((id) => loaded.has(id)));
  const known = (id: number | null) => (id !== null && loaded.has(id) ? id : null);
  return {
    selected: keep(selection.selected),
    active: known(selection.active),
    anchor: known(selection.anchor),
    beforeRange: keep(selection.beforeRange),
  };
}
