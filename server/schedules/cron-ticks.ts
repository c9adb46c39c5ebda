/**
 * A schedule's ticks: five-field cron expressions read in UTC by cron-parser, the parser pg-boss's own
 * scheduler uses, so the ticks the server computes are the ones pg-boss fires on. Pure.
 */
import { createRequire } from 'node:module';

// cron-parser is CommonJS whose exports Node cannot name for an ESM import: required, typed from its declarations.
const { parseExpression } = createRequire(import.meta.url)('cron-parser') as typeof import('cron-parser');

const FIVE_FIELDS = /^\S+(\s+\S+){4}$/;

/** Why `cron` is not a five-field expression the parser reads, or undefined when it is. */
export function cronProblem(cron: string): string | undefined {
  const text = cron.trim();
  if (!FIVE_FIELDS.test(text)) return 'must have five fields (minute hour day-of-month month day-of-week), e.g. "0 6 * * *"';
  try {
    parseExpression(text, { tz: 'UTC' });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The latest tick at or before `now`. */
export function latestTick(cron: string, now: Date): Date {
  // The parser's previous tick is strictly before its date: a tick exactly at `now` counts as come.
  return parseExpression(cron, { tz: 'UTC', currentDate: new Date(now.getTime() + 1) })
    .prev()
    .toDate();
}

/** The next `count` ticks after `now`. */
export function nextTicks(cron: string, now: Date, count: number): Date[] {
  const ticks = parseExpression(cron, { tz: 'UTC', currentDate: now });
  return Array.from({ length: count }, () => ticks.next().toDate());
}
