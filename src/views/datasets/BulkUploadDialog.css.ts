import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const fileLine = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm });

export const progress = style({ width: '100%', height: '0.75rem', accentColor: vars.color.accent });

export const progressLine = style({ display: 'grid', gap: vars.space.xs, marginTop: vars.space.md });

export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  justifyContent: 'start',
  columnGap: vars.space.lg,
  margin: 0,
});

export const note = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const summary = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

// The whole dialog body takes a dropped file.
export const dropZone = style({ display: 'block' });

export const target = style({ margin: `${vars.space.sm} 0 0`, fontWeight: vars.fontWeight.bold });

export const option = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', marginTop: vars.space.md });

export const existing = style({ margin: `0 0 ${vars.space.sm}` });
