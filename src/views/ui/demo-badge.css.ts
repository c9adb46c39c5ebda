import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The Demo label beside a row's name: a status pill with a gap before it.
export const demoBadge = style({ marginLeft: vars.space.sm, verticalAlign: 'middle' });

// A one-line cut text (an entry's input) with the label after it, on one line.
export const withBadge = style({ display: 'flex', alignItems: 'center', minWidth: 0 });
