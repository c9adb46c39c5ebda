import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  backgroundColor: 'rgba(27, 31, 36, 0.45)',
  zIndex: 20,
});

// A dialog taller than the window (an upload's fields and problems on a short screen) scrolls inside itself.
export const dialog = style({
  width: '100%',
  maxWidth: '32rem',
  maxHeight: `calc(100vh - 2 * ${vars.space.lg})`,
  overflowY: 'auto',
  padding: vars.space.lg,
  backgroundColor: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const title = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

/** The thing about to go, set apart from the question: an entry's input. */
export const subject = style({
  padding: vars.space.sm,
  backgroundColor: vars.color.background,
  borderRadius: vars.radius.md,
  overflowWrap: 'anywhere',
  fontWeight: vars.fontWeight.bold,
});

export const buttons = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

export const field = style({
  display: 'grid',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const label = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

export const input = style({
  width: '100%',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  selectors: { '&:disabled': { backgroundColor: vars.color.background } },
});

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

// A quiet line above a dialog's fields (what else the catalogue holds).
export const hint = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
