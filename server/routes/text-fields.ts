import { HttpError } from '../errors';

/** Trims a required text field; blank (empty or whitespace only) is a 400 naming the field as `label`. */
export function requireTrimmed(value: string, label: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new HttpError(400, `${label} must not be blank`);
  return trimmed;
}

/** requireTrimmed for a field of a JSON body. */
export const requireText = (value: string, field: string): string => requireTrimmed(value, `body.${field}`);
