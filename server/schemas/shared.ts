/**
 * Building blocks of the API's shapes. A few shapes TypeBox would write differently are spelled out
 * with Type.Unsafe, so that validation messages and the OpenAPI document stay as they were: nullable
 * as `type: [T, 'null']` (not anyOf), free-form objects as `additionalProperties`.
 */
import { Type, type Static, type TSchema } from 'typebox';

/** Ids are bigint in SQL and plain JSON numbers in the API (safe up to 2^53). */
export const ID_RANGE = { minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
export const IdSchema = Type.Integer(ID_RANGE);
export const IdParamsSchema = Type.Object({ id: IdSchema });

export const TimestampSchema = Type.String({ format: 'date-time' });

/** `schema` or null, as `type: [its type, 'null']`. */
export const Nullable = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** Any JSON object. */
export const JsonObject = (options: { description?: string } = {}) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, ...options });

/** An object whose every value is `value` (keys may be constrained through `options`). */
export const RecordOf = <T extends TSchema>(value: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', ...options, additionalProperties: value });

/** Exactly one of the schemas (JSON Schema `oneOf`), with options such as an OpenAPI `discriminator`. */
export const OneOf = <T extends TSchema[]>(schemas: [...T], options: Record<string, unknown> = {}) =>
  Type.Unsafe<Static<T[number]>>({ oneOf: schemas, ...options });

/**
 * Whether the demo data made the row and no person has changed it since (DELETE /api/backend/demo-data removes
 * it). This server always sends it; optional in the type so that answers of servers from before it still fit.
 */
export const DemoFlagSchema = Type.Optional(
  Type.Boolean({ description: 'Made by the demo data and unchanged since; DELETE /api/backend/demo-data removes it' }),
);

/** The empty body of a 204. */
export const NoContentSchema = Type.Null();

/** A downloaded text file (CSV, TREC), streamed. */
export const TextFileSchema = (description: string) => Type.String({ description });
