// One way to show a count everywhere (2,422), whatever the browser's locale: the console is in en-US.
const counts = new Intl.NumberFormat('en-US');

export const formatCount = (count: number): string => counts.format(count);

/** A total the server stopped counting at: '10,000+'. */
export const formatTotal = (total: number, capped: boolean): string => (capped ? `${formatCount(total)}+` : formatCount(total));

/** The entries page's total: '1 entry', '45 entries', or '10,000+ entries' for a search the server stopped counting. */
export const entryTotal = (total: number, capped: boolean): string =>
  capped ? `${formatTotal(total, capped)} entries` : total === 1 ? '1 entry' : `${total} entries`;

/** '1 entry', '2,002 entries'. */
export const counted = (count: number, one: string, many: string): string => `${formatCount(count)} ${count === 1 ? one : many}`;
