// One way to show a count everywhere (2,422), whatever the browser's locale: the console is in en-US.
const counts = new Intl.NumberFormat('en-US');

export const formatCount = (count: number): string => counts.format(count);

/** '1 entry', '2,002 entries'. */
export const counted = (count: number, one: string, many: string): string => `${formatCount(count)} ${count === 1 ? one : many}`;
