/** Local accounts of the embedded provider, and one's own password. */
import { Type, type Static } from 'typebox';
import { RoleSchema } from './roles';
import { MAX_SEARCH_LENGTH } from './limits';
import { pageProperties, PageOf } from './paging';
import { TimestampSchema } from './shared';

export const MIN_PASSWORD_LENGTH = 8;
/** scrypt reads all of it: a megabyte of password would cost every sign-in that much. */
export const MAX_PASSWORD_LENGTH = 1000;
const MAX_USERNAME_LENGTH = 64;

export const AccountSchema = Type.Object({
  username: Type.String(),
  role: RoleSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Account = Static<typeof AccountSchema>;

export const AccountPageSchema = PageOf(AccountSchema);

export const AccountListQuerySchema = Type.Object(
  {
    ...pageProperties,
    search: Type.Optional(
      Type.String({ maxLength: MAX_SEARCH_LENGTH, description: 'Only accounts whose username contains this text, ignoring case' }),
    ),
  },
  { additionalProperties: false },
);

const PasswordSchema = (description: string) =>
  Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, description });

export const NewAccountSchema = Type.Object(
  {
    username: Type.String({
      minLength: 1,
      maxLength: MAX_USERNAME_LENGTH,
      description: '1-64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit; unique',
    }),
    password: PasswordSchema(`At least ${MIN_PASSWORD_LENGTH} characters`),
    role: RoleSchema,
  },
  { additionalProperties: false },
);
export type NewAccount = Static<typeof NewAccountSchema>;

export const AccountParamsSchema = Type.Object({ username: Type.String({ minLength: 1, maxLength: MAX_USERNAME_LENGTH }) });

export const AccountChangesSchema = Type.Object({ role: RoleSchema }, { additionalProperties: false });

export const PasswordResetSchema = Type.Object(
  { password: PasswordSchema(`The new password: at least ${MIN_PASSWORD_LENGTH} characters`) },
  { additionalProperties: false },
);

export const OwnPasswordChangeSchema = Type.Object(
  {
    current_password: Type.String({ maxLength: MAX_PASSWORD_LENGTH, description: 'The password signed in with' }),
    new_password: PasswordSchema(`At least ${MIN_PASSWORD_LENGTH} characters`),
  },
  { additionalProperties: false },
);
