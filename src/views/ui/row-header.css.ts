import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A row's header cell (<th scope="row">, used with table.cell): names the row, reads like a cell.
export const rowHeader = style({
  textAlign: 'left',
  fontWeight: vars.fontWeight.bold,
});
