import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A product's key attributes: small "key: value" pairs in a wrapping row.
export const pairs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const pair = style({ display: 'flex', gap: vars.space.xs, minWidth: 0 });

export const key = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });
