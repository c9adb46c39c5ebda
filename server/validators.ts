import Ajv, { type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

// discriminator: a oneOf keyed by a property (search_target.kind) is checked against the branch it names;
// verbose: its error then carries the schema, whose branches name the values the property may take.
const shared: Options = {
  allErrors: false,
  useDefaults: true,
  removeAdditional: false,
  strict: false,
  discriminator: true,
  verbose: true,
};
// Query strings and path parameters arrive as text: "2" must validate as the integer 2.
const textParts = new Ajv({ ...shared, coerceTypes: 'array' });
// JSON bodies already carry types: 42 is not a name, "1" is not an id.
const jsonParts = new Ajv({ ...shared, coerceTypes: false });

/** Validates each part of a request with the Ajv that fits how that part is encoded. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? jsonParts : textParts).compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
