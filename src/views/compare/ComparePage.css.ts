import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The compare page's head: the way back, the two runs side by side, what the statistics are over, and the export.

export const breadcrumbs = style({
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const runs = style({ marginBottom: vars.space.lg });

/** The two runs, then Swap beside them. */
export const runBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, margin: `0 0 ${vars.space.sm}` });

export const runList = style({
  flex: '1 1 auto',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
});

export const run = style({
  flex: '1 1 16rem',
  padding: vars.space.sm,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const runRole = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const runName = style({ margin: 0, fontSize: vars.fontSize.lg });

export const runTags = style({ margin: `${vars.space.xs} 0 0` });

export const differences = style({ marginTop: vars.space.md });

export const paired = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const unpaired = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A button that reads as a link: it only changes what the table below lists. */
export const listLink = style({
  marginLeft: vars.space.sm,
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.accent,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const exports = style({ display: 'grid', justifyItems: 'end', gap: vars.space.xs });

export const exportNote = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const exportError = style({ margin: 0, color: vars.color.danger });
