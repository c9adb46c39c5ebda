/**
 * What an experiment stores to be runnable (experiments.config): where to search, which golden set to
 * score against, and how. The search target is the built-in catalogue search or an `http` one: an
 * external search service (Elasticsearch, OpenSearch, Solr or a custom one) described by templates and
 * JSON pointers. Draft-07 keywords only, and no $id: embedded in route schemas, Ajv compiles it more than once.
 */
import { Type, type Static } from 'typebox';
import { MAX_K } from './limits';
import { OneOf, RecordOf } from './shared';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;

/** "" (the whole document) or /-separated tokens in which `~` only appears as the escapes ~0 and ~1. */
export const JSON_POINTER = '^(/([^~/]|~[01])*)*$';
const JsonPointer = (description: string) => Type.String({ maxLength: 1000, pattern: JSON_POINTER, description });

export const HttpTargetSchema = Type.Object(
  {
    kind: Type.Literal('http'),
    url: Type.String({
      minLength: 1,
      maxLength: 8000,
      description: 'http:// or https:// URL; {query} is replaced URI-encoded, {k} by the number of hits wanted',
    }),
    method: Type.Optional(Type.Enum(['GET', 'POST'], { type: 'string', description: 'GET when absent' })),
    body: Type.Optional(
      Type.String({
        maxLength: 100_000,
        description: 'POST body; {query} is replaced JSON-string-escaped without the quotes, {k} by the number of hits wanted',
      }),
    ),
    headers: Type.Optional(
      RecordOf(Type.String({ maxLength: 8000 }), {
        maxProperties: 50,
        // An HTTP token (RFC 9110), so a name is sent as written.
        propertyNames: { pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$", maxLength: 200 },
        description: 'Request headers; {env:NAME} in a value is replaced from the server environment (the way to pass secrets)',
      }),
    ),
    hits: JsonPointer('JSON pointer to the array of hits in the response body; "" for the body itself'),
    product_id: JsonPointer('JSON pointer to the product id inside one hit; numbers are turned into strings'),
    name: Type.Optional(JsonPointer('JSON pointer to the product name inside one hit')),
    image_url: Type.Optional(JsonPointer('JSON pointer to the product image URL inside one hit')),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 100, maximum: 120_000, description: `${DEFAULT_TIMEOUT_MS} when absent` })),
    concurrency: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 64, description: `Requests in flight at once; ${DEFAULT_CONCURRENCY} when absent` }),
    ),
    requests_per_minute: Type.Optional(
      Type.Number({ minimum: 1, maximum: 100_000, description: 'Rate limit, spread evenly; none when absent' }),
    ),
  },
  { additionalProperties: false },
);
/** Header values may hold `{env:NAME}` placeholders, replaced from the server's environment at request time. */
export type HttpTargetConfig = Static<typeof HttpTargetSchema>;

const BuiltinTargetSchema = Type.Object({ kind: Type.Unsafe<'builtin'>({ const: 'builtin' }) }, { additionalProperties: false });

// `kind` picks the branch (Ajv's discriminator), so a mistake is reported against that branch only.
export const SearchTargetSchema = OneOf([BuiltinTargetSchema, HttpTargetSchema], { discriminator: { propertyName: 'kind' } });
export type SearchTargetConfig = Static<typeof SearchTargetSchema>;

/** The config a run needs; missing k, gain, threshold and relevance cut take the defaults. */
export const RunConfigSchema = Type.Object(
  {
    search_target: SearchTargetSchema,
    golden_set_id: Type.Integer({ minimum: 1 }),
    k: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_K })),
    gain: Type.Optional(Type.Enum(['linear', 'exponential'])),
    /** A result passes when its nDCG@k reaches this. */
    pass_threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    /** Grades from this up count as relevant (precision, recall, F1, RR, AP). */
    relevant_from: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
/** A run config as stored: k, gain, pass_threshold and relevant_from may be missing. */
export type StoredRunConfig = Static<typeof RunConfigSchema>;
