/** The roles as the API spells them (server/auth/roles.ts says what each may do). */
import { Type } from 'typebox';

export const ROLES = ['viewer', 'curator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const RoleSchema = Type.Unsafe<Role>(Type.String({ enum: [...ROLES], description: 'viewer, curator or admin' }));
