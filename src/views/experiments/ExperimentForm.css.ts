import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The experiment form: sections of labelled fields, each with its problems beside it, and the Try a query
// panel (hits as a ranked list with grades).

export const form = style({ display: 'grid', gap: vars.space.lg, maxWidth: '60rem' });

/** Every field of the form, in one fieldset so a role that may not change experiments gets them read-only. */
export const fields = style({ display: 'grid', gap: vars.space.lg, minWidth: 0, margin: 0, padding: 0, border: 0 });

export const section = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.md,
  padding: vars.space.lg,
  margin: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: vars.fontWeight.bold });

export const wide = style({ gridColumn: '1 / -1' });

// A field never grows past its grid column: a select with a long option (a golden set's name) would
// otherwise run under the field beside it.
export const field = style({ display: 'grid', gap: vars.space.xs, alignContent: 'start', minWidth: 0 });

export const label = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm });

export const control = style({
  boxSizing: 'border-box',
  width: '100%',
  minWidth: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  backgroundColor: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const problem = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const actions = style({ display: 'flex', gap: vars.space.sm });

export const hits = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const hit = style({
  display: 'grid',
  gridTemplateColumns: '2.5rem 3rem 1fr auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const thumbnail = style({ width: '3rem', height: '3rem', objectFit: 'contain' });

/** Under a hit's name: what the server left out of it (an image it may not show). */
export const note = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const raw = style({
  margin: 0,
  padding: vars.space.sm,
  maxHeight: '12rem',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
});

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const queryInput = style({ flex: '1 1 20rem' });
