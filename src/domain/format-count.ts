// One way to show a count everywhere (2,422), whatever the browser's locale: the console is in en-US.
const counts = new Intl.NumberFormat('en-US');

export const formatCount = (count: number): string => counts.format(count);
