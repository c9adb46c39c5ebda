/** The body of every error answer: `{ error, message, details? }`. */
import { Type, type Static, type TSchema } from 'typebox';

const errorProperties = {
  error: Type.String(),
  message: Type.String(),
};

export const ErrorSchema = Type.Object({ ...errorProperties, details: Type.Optional(Type.Unknown()) });
export type ErrorBody = Static<typeof ErrorSchema>;

/** An error answer whose details list the problems of an uploaded file. */
export const ProblemsErrorSchema = <T extends TSchema>(problem: T, description: string) =>
  Type.Object({ ...errorProperties, details: Type.Optional(Type.Array(problem)) }, { description });

export const DescribedErrorSchema = (description: string) => Type.Object(ErrorSchema.properties, { description });
