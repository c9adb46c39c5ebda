import type { Static } from 'typebox';
import type { MeSchema } from '../../../server/schemas/audit';

// Who may change what, in the one place the console reads it. The server refuses the same changes
// with a 403 (server/auth/require-role.ts: reads need a viewer, changes a curator, a few an admin); the
// console hides or disables each such control beforehand, with this reason, so nobody meets the 403.

/** Who is signed in, as GET /api/backend/me answers: role null when the token maps to no role here. */
export type Me = Static<typeof MeSchema>;
export type Role = NonNullable<Me['role']>;

/** Lowest first: each role may do what the ones before it may. */
const ROLES: readonly Role[] = ['viewer', 'curator', 'admin'];

/** What the console lets a person change, and the role each needs. */
export const NEEDED_ROLE = {
  /** Add, edit and delete datasets; the dataset editor's moves. */
  'dataset.change': 'curator',
  /** Add, edit and delete dataset entries; their bulk upload. */
  'entry.change': 'curator',
  /** Upload, edit and delete golden sets; their scale. */
  'golden_set.change': 'curator',
  /** Grade, add and remove judgements: on a golden set's page, in the judge queue, on a result's details. */
  'judgement.change': 'curator',
  'catalogue.import': 'curator',
  /** New and edited experiments (and Try a query, which the server counts as a change: a POST). */
  'experiment.change': 'curator',
  /** Start, cancel and rescore runs. */
  'run.change': 'curator',
  /** Upload (New Evaluation) and delete evaluations. */
  'evaluation.change': 'curator',
  /** Model judges: their settings, and jobs that grade with them. */
  'model_judge.change': 'curator',
  /** A script's cost per evaluation and description. */
  'evaluation_script.change': 'admin',
  /** The dashboard's Demo data panel: the demo data's counts and its removal. */
  'demo_data.remove': 'admin',
  /** One's own API keys: anyone with a role (a key has at most its owner's). */
  'api_key.own': 'viewer',
  /** The Accounts and Audit pages. */
  'account.manage': 'admin',
  'audit.read': 'admin',
} as const satisfies Record<string, Role>;

export type Action = keyof typeof NEEDED_ROLE;

/** Whether someone with `role` (null: none) has `needed` or a higher role. */
export const hasRole = (role: Role | null, needed: Role): boolean => role !== null && ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** Whether someone with `role` may do `action`. */
export const can = (role: Role | null, action: Action): boolean => hasRole(role, NEEDED_ROLE[action]);

const ROLE_LABELS: Record<Role, string> = { viewer: 'Viewer', curator: 'Curator', admin: 'Admin' };

/** "Curator", as the user menu shows a role. */
export const roleLabel = (role: Role): string => ROLE_LABELS[role];

const withArticle = (role: Role) => `${role === 'admin' ? 'an' : 'a'} ${role}`;

/** Why `role` may not do `action` ("Needs the curator role — you are a viewer"), or null when it may. */
export function refusal(role: Role | null, action: Action): string | null {
  if (can(role, action)) return null;
  const needed = NEEDED_ROLE[action];
  return `Needs the ${needed} role — ${role === null ? 'your sign-in carries no role here' : `you are ${withArticle(role)}`}`;
}

/** A note where refused controls are left out: "Grading: needs the curator role — you are a viewer." */
export const refusalNote = (what: string, reason: string) => `${what}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.`;

/** What the shell says instead of the pages when the token maps to no role (the server would refuse every call). */
export const noRoleMessage = (name: string) =>
  `You are signed in as ${name}, but your sign-in carries no role in this console, so it can show you nothing. ` +
  'Ask an admin to give you one: viewer, curator or admin.';
