import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// /audit: the filter form's fields in a wrapping row, the action names in the code font, the export's notes.

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const field = style({
  display: 'grid',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const control = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  fontWeight: vars.fontWeight.regular,
  minWidth: '10rem',
});

export const action = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});

export const when = style({ whiteSpace: 'nowrap' });

export const exportNote = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&:empty': { margin: 0 } },
});
