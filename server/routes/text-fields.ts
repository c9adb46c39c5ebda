import { HttpError } from '../errors';

/** Trims a required text field; blank (empty or whitespace only) is a 400 naming the field. */
export function requireText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new HttpError(400, `body.${field} must not be blank`);
  return trimmed;
}
