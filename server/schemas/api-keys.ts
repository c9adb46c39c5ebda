/** API keys: long-lived bearer secrets for scripts, a person's own or (made by an admin) a service's. */
import { Type, type Static } from 'typebox';
import { RoleSchema } from './roles';
import { PageOf } from './paging';
import { IdSchema, Nullable, TimestampSchema } from './shared';

const MAX_API_KEY_NAME_LENGTH = 100;

const ApiKeySchema = Type.Object({
  id: IdSchema,
  prefix: Type.String({ description: 'The first 12 characters of the key (sek_…): shown to tell keys apart, never the secret' }),
  name: Type.String(),
  role: RoleSchema,
  owner: Type.String({ description: 'Who made it' }),
  service: Type.Boolean({ description: "An admin's key for a service; otherwise its owner's own, stopped when their account is removed" }),
  created_at: TimestampSchema,
  expires_at: Nullable(Type.String({ format: 'date-time', description: 'Refused from then on; null: never expires' })),
  last_used_at: Nullable(Type.String({ format: 'date-time', description: 'Noted at most once a minute' })),
});
export type ApiKey = Static<typeof ApiKeySchema>;

export const CreatedApiKeySchema = Type.Object({
  ...ApiKeySchema.properties,
  secret: Type.String({ description: 'The whole key, for `Authorization: Bearer <key>`; sent this once and kept nowhere' }),
});
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>;

export const ApiKeyPageSchema = PageOf(ApiKeySchema);

export const NewApiKeySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_API_KEY_NAME_LENGTH, description: 'What the key is for, e.g. "ci"' }),
    role: RoleSchema,
    expires_at: Type.Optional(
      Nullable(Type.String({ maxLength: 40, description: 'A date and time (ISO 8601) in the future; absent or null: never expires' })),
    ),
    service: Type.Optional(Type.Boolean({ description: 'A service key (admins only; viewer or curator); a personal key otherwise' })),
  },
  { additionalProperties: false },
);
export type NewApiKey = Static<typeof NewApiKeySchema>;
