import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
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
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return jsonParts.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
  return digitsOnly(schema, textParts.compile(schema)) as ReturnType<FastifySchemaCompiler<object>>;
};

/** An integer written as text: digits, no leading zero; a minus sign is left for the range check to refuse. */
const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;

/**
 * Ajv coerces text with Number(), which reads 0x10 as 16, 1e3 as 1000 and " 1" as 1, so that
 * DELETE datasets/0x10 deleted dataset 16: integer fields of paths and query strings are digits only.
 */
function digitsOnly(schema: unknown, validate: ValidateFunction): ValidateFunction {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const integers = Object.keys(properties).filter((name) => properties[name].type === 'integer');
  if (integers.length === 0) return validate;
  const check = ((data: Record<string, unknown> | undefined) => {
    for (const name of integers) {
      const value = data?.[name];
      const texts = Array.isArray(value) ? value : [value];
      if (texts.some((text) => typeof text === 'string' && !INTEGER_TEXT.test(text))) {
        check.errors = [digitsError(name)];
        return false;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return check;
}

function digitsError(name: string): ErrorObject {
  return { keyword: 'type', instancePath: `/${name}`, schemaPath: '', params: {}, message: 'must be written with digits only' };
}
