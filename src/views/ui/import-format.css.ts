import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const format = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const extras = style({ margin: `${vars.space.xs} 0 0` });

export const example = style({
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.sm,
  // Wraps between tokens only (a scrolling region would need to take keyboard focus); a token stays whole.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'normal',
  backgroundColor: vars.color.background,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

// A CSV token ('room,"{""locale"":""en-GB""}",A') never breaks: the example wraps only at its spaces.
export const token = style({ whiteSpace: 'nowrap' });

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, marginTop: vars.space.xs });
