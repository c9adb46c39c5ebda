/**
 * What the server accepts, in one place: the route schemas and the importers both read these, so a
 * limit checked in a JSON body and in a CSV cell is the same number. Imports nothing.
 */

/** Names of datasets, experiments and golden sets. */
export const MAX_NAME_LENGTH = 200;
/** Descriptions of datasets, entries, experiments, scripts and golden sets. */
export const MAX_DESCRIPTION_LENGTH = 10_000;
/** A dataset entry's input, and a judged query. */
export const MAX_INPUT_LENGTH = 10_000;
export const MAX_MARKET_LENGTH = 100;
/** Text searched for in a list. */
export const MAX_SEARCH_LENGTH = 1_000;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;
export const MAX_PAGE = 1_000_000_000;

/** Dataset names one bulk-upload `datasets` cell may hold, and different names one file may hold (created or not). */
export const MAX_DATASETS_PER_CELL = 100;
export const MAX_DATASETS_PER_FILE = 1_000;

/** One request may carry this many pairs; the console sends one per selected entry. */
export const MAX_MAPPINGS_PER_REQUEST = 10_000;

export const MAX_RUN_TAGS = 20;
export const MAX_RUN_TAG_LENGTH = 100;
/** The checks of one verdict's rule: each is one more test for Holm's correction to pay for. */
export const MAX_GATE_CHECKS = 20;
/** Hits a search target is asked for. */
export const MAX_K = 1000;
export const MAX_COST_PER_EVALUATION = 1e8;

/**
 * Deepest nesting of arrays and objects in any JSON the server accepts (a request body, a metadata or
 * attributes cell, a JSON Lines line; the document itself is level 1). Far beyond real metadata, far
 * below what overflows the recursive parts on the way (validation, serialisation, PostgreSQL's jsonb).
 */
export const MAX_JSON_DEPTH = 64;

/** A 400 lists at most this many problems of an uploaded file; scanning stops there. */
export const MAX_PROBLEMS = 100;
/** Longest record or line of an uploaded file (in characters, quotes included) before reading gives up; guards memory. */
export const MAX_RECORD_CHARS = 1 << 20;

/** A judged product id (golden sets). */
export const MAX_JUDGED_PRODUCT_ID_LENGTH = 1000;
/** Grades are stored as PostgreSQL integers. */
export const MAX_GRADE = 2_147_483_647;
/** The highest grade a scale set here may have: one digit key per grade, 0 to 9. */
export const MAX_SCALE_GRADE = 9;

/** Catalogue products. */
export const MAX_PRODUCT_ID_LENGTH = 256;
export const MAX_PRODUCT_NAME_LENGTH = 1_000;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 100_000;
export const MAX_IMAGE_URL_LENGTH = 2_048;
