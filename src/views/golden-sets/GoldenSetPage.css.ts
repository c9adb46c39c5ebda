import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// /golden-sets/{id}: the header's facts, the queries beside the query opened, the history below.

export const breadcrumbs = style({ marginBottom: vars.space.sm, fontSize: vars.fontSize.sm });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
  gap: vars.space.md,
  margin: `0 0 ${vars.space.lg}`,
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const definition = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const distribution = style({ margin: 0, padding: 0, listStyle: 'none', fontWeight: vars.fontWeight.regular });

// The queries take two fifths and the query opened the rest; on a narrower screen the query opened goes below.
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 75rem)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const section = style({ marginBottom: vars.space.lg });
export const sectionTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg });
export const sectionHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });

export const queryButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.accent,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  textAlign: 'left',
  selectors: { '&[aria-current="true"]': { fontWeight: vars.fontWeight.bold, textDecoration: 'none' } },
});

export const row = style({
  selectors: {
    '&:focus': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px', backgroundColor: vars.color.selected },
  },
});

export const product = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const thumbnail = style({ width: '2.5rem', height: '2.5rem', objectFit: 'contain', flexShrink: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const keysHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: `0 0 ${vars.space.sm}` });

export const form = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: vars.space.sm, margin: `${vars.space.md} 0` });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.sm });
export const input = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '4px',
  font: 'inherit',
});

export const found = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const foundItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const rules = style({ border: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const rule = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.sm, fontSize: vars.fontSize.sm });

// The tabs: the judgements, or how far the raters agree.
export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  margin: `0 0 ${vars.space.md}`,
});
export const tab = style({
  background: 'none',
  border: 'none',
  borderBottom: '2px solid transparent',
  padding: `${vars.space.xs} ${vars.space.md}`,
  font: 'inherit',
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: { '&[aria-selected="true"]': { borderBottomColor: vars.color.accent, color: 'inherit', fontWeight: vars.fontWeight.bold } },
});

export const ratings = style({ listStyle: 'none', margin: `${vars.space.xs} 0 0`, padding: 0, fontSize: vars.fontSize.sm });
export const adjudication = style({ fontWeight: vars.fontWeight.bold });
