import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The "Compare with…" dialog: one button per run, its number first, then its experiment, date and tags.

export const lead = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted });

export const runs = style({
  display: 'grid',
  gap: vars.space.xs,
  maxHeight: '24rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const choice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  width: '100%',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { backgroundColor: vars.color.selected } },
});

export const runName = style({ fontWeight: vars.fontWeight.bold });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
