import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The frame every screen of the main area shares: a heading row with its actions, then the content.
export const page = style({
  padding: vars.space.lg,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const lead = style({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.textMuted,
});

// A detail page's title with what stands beside it (the Demo label), kept together at the header's start.
export const titleRow = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap' });
