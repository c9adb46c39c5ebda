import type { NewApiKey } from '../../../server/schemas/api-keys';
import type { Role } from '../../../server/schemas/roles';

// The 'New key' form: its fields, the roles one may give a key (up to one's own; a service key is a viewer's
// or a curator's), when it may be sent, and the request it makes. An expiry is a day: the key works to the end of it.

export type { ApiKey, CreatedApiKey, NewApiKey } from '../../../server/schemas/api-keys';

export type ApiKeyFields = {
  name: string;
  role: Role;
  /** YYYY-MM-DD, or '' for a key that never expires. */
  expiresOn: string;
  /** An admin's service key; offered to admins only. */
  service: boolean;
};

export const EMPTY_API_KEY_FIELDS: ApiKeyFields = { name: '', role: 'viewer', expiresOn: '', service: false };

const ROLES: readonly Role[] = ['viewer', 'curator', 'admin'];
const SERVICE_ROLES: readonly Role[] = ['viewer', 'curator'];

/** The roles the New key dialog offers: those up to `own` (none without a role); a service key's two. */
export function keyRoles(own: Role | null, service: boolean): Role[] {
  const upTo = own === null ? [] : ROLES.slice(0, ROLES.indexOf(own) + 1);
  return service ? upTo.filter((role) => SERVICE_ROLES.includes(role)) : upTo;
}

/** The fields after a change; a service key asked for with the admin role drops to curator, the most it may have. */
export function changedFields(fields: ApiKeyFields, change: Partial<ApiKeyFields>): ApiKeyFields {
  const next = { ...fields, ...change };
  return next.service && !SERVICE_ROLES.includes(next.role) ? { ...next, role: 'curator' } : next;
}

/** The local date YYYY-MM-DD of `now`. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why the expiry cannot be sent, or null: a day from today on, or none. */
export function expiryProblem(expiresOn: string, now: Date): string | null {
  if (expiresOn === '') return null;
  if (!DAY.test(expiresOn) || Number.isNaN(new Date(`${expiresOn}T00:00:00`).getTime())) return 'Not a date';
  return expiresOn < localDay(now) ? 'The expiry date has passed' : null;
}

/** Whether the form may be sent: a name, and an expiry that is none or not past. */
export const isApiKeyFormReady = (fields: ApiKeyFields, now: Date): boolean =>
  fields.name.trim() !== '' && expiryProblem(fields.expiresOn, now) === null;

/** What is sent: the name trimmed, the expiry as the end of that local day. */
export function apiKeyRequest({ name, role, expiresOn, service }: ApiKeyFields): NewApiKey {
  return {
    name: name.trim(),
    role,
    ...(expiresOn ? { expires_at: new Date(`${expiresOn}T23:59:59.999`).toISOString() } : {}),
    ...(service ? { service: true } : {}),
  };
}
