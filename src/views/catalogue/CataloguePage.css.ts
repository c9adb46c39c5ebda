import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The Catalogue page and a product's details: thumbnails, numbers aligned, the attributes' JSON.

export const thumbnail = style({
  display: 'block',
  width: '3rem',
  height: '3rem',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
});

export const number = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const muted = style({ color: vars.color.textMuted });

export const hint = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const picture = style({
  display: 'block',
  maxWidth: '16rem',
  maxHeight: '16rem',
  objectFit: 'contain',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
});

export const breakable = style({ overflowWrap: 'anywhere' });
