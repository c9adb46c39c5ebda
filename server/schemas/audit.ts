/** The audit trail and who is signed in. */
import { Type, type Static } from 'typebox';
import { PageOf, pageProperties } from './paging';
import { Nullable, TimestampSchema } from './shared';
import { ROLES, type Role } from './roles';

const filterText = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 200, description }));

export const AuditFiltersSchema = Type.Object(
  {
    actor: filterText("The actor's subject"),
    action: filterText('An action, e.g. dataset.delete'),
    target_type: filterText('A kind of target, e.g. golden_set'),
    target_id: filterText("The target's id"),
    from: Type.Optional(
      Type.String({ maxLength: 40, description: 'Changes at or after this time (ISO 8601: a date, or a date and time)' }),
    ),
    to: Type.Optional(
      Type.String({ maxLength: 40, description: 'Changes before this time (ISO 8601; checked by server/audit/audit-filters.ts)' }),
    ),
  },
  { additionalProperties: false },
);

export const AuditQuerySchema = Type.Object({ ...AuditFiltersSchema.properties, ...pageProperties }, { additionalProperties: false });

const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: TimestampSchema,
  actor: Type.Object({ sub: Type.String(), name: Type.String() }),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Nullable(Type.String()),
  summary: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditPageSchema = PageOf(AuditEntrySchema);

export const MeSchema = Type.Object({
  sub: Type.String(),
  name: Type.String(),
  role: Type.Unsafe<Role | null>({ type: ['string', 'null'], enum: [...ROLES, null], description: 'null: the token maps to no role' }),
  /** Whether accounts live here (the embedded provider): then passwords are changed in the console. */
  local_account: Type.Boolean(),
});
