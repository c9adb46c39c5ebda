import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.selected,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus': { textDecoration: 'underline' } },
});

export const muted = style({ color: vars.color.textMuted });

export const headerActions = style({ display: 'flex', gap: vars.space.sm });

export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
