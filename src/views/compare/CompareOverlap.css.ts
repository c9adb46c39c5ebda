import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The rankings' overlap: the means' table and its controls beside a small histogram, which wraps below on a narrow
// screen.

export const overlap = style({ marginBottom: vars.space.lg });

export const title = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, alignItems: 'flex-start' });

export const note = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center', marginTop: vars.space.sm });

export const chart = style({ width: '20rem', maxWidth: '100%', height: 'auto', overflow: 'visible' });

export const bar = style({ fill: vars.color.accent });
