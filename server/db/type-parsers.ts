/** PostgreSQL type OIDs whose text form we parse ourselves, the same on both drivers. */
const INT8_OID = 20;
const TIMESTAMPTZ_OID = 1184;
const NUMERIC_OID = 1700;

/** Ids are bigint in SQL and plain JSON numbers in the API (safe up to 2^53). */
const parseInt8 = (value: string) => Number(value);
/** ISO 8601 with offset, e.g. 2026-11-22T04:24:00.123Z. */
const parseTimestamptz = (value: string) => new Date(value).toISOString();

/** Costs are numeric(…, 6): well within a double's exact range for what they hold. */
const parseNumeric = (value: string) => Number(value);

export const typeParsers = {
  [INT8_OID]: parseInt8,
  [NUMERIC_OID]: parseNumeric,
  [TIMESTAMPTZ_OID]: parseTimestamptz,
};
