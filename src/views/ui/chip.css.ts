import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A chip: a short label on the selected colour, with a small × (a button or a link) that removes or clears it.

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.xs} 0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.selected,
  fontSize: vars.fontSize.sm,
});

export const chipButton = style({
  appearance: 'none',
  border: 0,
  background: 'none',
  padding: `0 ${vars.space.xs}`,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.6 } },
});
