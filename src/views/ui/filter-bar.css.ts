import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The row of filters above a paged table: a search box, a select.
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const control = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  minWidth: '16rem',
});

export const form = style({ display: 'flex', gap: vars.space.sm });

// A search box's text: 16rem where there is room, narrower in a narrow column rather than overflowing it.
export const searchControl = style([control, { flex: '0 1 16rem', minWidth: 0 }]);
