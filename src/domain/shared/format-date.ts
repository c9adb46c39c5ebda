// Dates in en-US as short month, day, year, hour and minute ('Nov 22, 2026, 3:04 PM'),
// in the browser's own time zone.
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An ISO 8601 timestamp as people read it; text that is not a date is shown as it came. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
}
