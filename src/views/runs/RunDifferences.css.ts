import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// What differs between two runs' configurations: long values (URLs, bodies) wrap instead of widening the page.

export const differences = style({ minWidth: 0 });

export const title = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const value = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const same = style({ margin: 0, color: vars.color.textMuted });
