import { highestRole, isRole, type Role } from './roles';

// Where a token's role comes from. The embedded provider puts the account's role in a `roles`
// claim. An external provider's claim is named by OIDC_ROLES_CLAIM, a dot path into the token (Keycloak's
// `realm_access.roles`, Okta's `groups`, an Auth0 namespaced claim such as `https://example.com/roles`,
// whose own dots are kept), and OIDC_ROLE_MAP maps its values to ours. A token whose values map to none gets
// OIDC_DEFAULT_ROLE: `none` unless set, so a stranger to the mapping can do nothing, not even read.

export type RoleMapping = {
  /** The claim's path, e.g. "realm_access.roles". */
  claim: string;
  /** A claim value → our role. */
  values: Record<string, Role>;
  /** The role of a token whose values map to none; null: no access. */
  fallback: Role | null;
};

export class RoleMappingError extends Error {}

export const EMBEDDED_ROLE_MAPPING: RoleMapping = {
  claim: 'roles',
  values: { viewer: 'viewer', curator: 'curator', admin: 'admin' },
  fallback: null,
};

type Env = Record<string, string | undefined>;

/** The external provider's mapping from OIDC_ROLES_CLAIM, OIDC_ROLE_MAP ("group=role,other=role") and OIDC_DEFAULT_ROLE. */
export function readRoleMapping(env: Env): RoleMapping {
  const claim = env.OIDC_ROLES_CLAIM?.trim() || EMBEDDED_ROLE_MAPPING.claim;
  const map = env.OIDC_ROLE_MAP?.trim();
  const values: Record<string, Role> = map ? {} : { ...EMBEDDED_ROLE_MAPPING.values };
  for (const pair of map ? map.split(',') : []) {
    const at = pair.lastIndexOf('=');
    const value = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at <= 0 || !value) throw new RoleMappingError(`OIDC_ROLE_MAP: "${pair.trim()}" is not VALUE=ROLE`);
    if (!isRole(role)) throw new RoleMappingError(`OIDC_ROLE_MAP: "${role}" (for "${value}") is not viewer, curator or admin`);
    values[value] = role;
  }
  const fallback = env.OIDC_DEFAULT_ROLE?.trim() || 'none';
  if (fallback !== 'none' && !isRole(fallback)) {
    throw new RoleMappingError(`OIDC_DEFAULT_ROLE must be none, viewer, curator or admin, got "${fallback}"`);
  }
  return { claim, values, fallback: fallback === 'none' ? null : fallback };
}

/** The value at a dot path; a key that itself holds dots (a namespaced claim) is matched whole first. */
export function claimAt(claims: unknown, path: string): unknown {
  if (typeof claims !== 'object' || claims === null) return undefined;
  const record = claims as Record<string, unknown>;
  if (Object.hasOwn(record, path)) return record[path];
  for (let dot = path.indexOf('.'); dot > 0; dot = path.indexOf('.', dot + 1)) {
    const head = path.slice(0, dot);
    if (Object.hasOwn(record, head)) {
      const found = claimAt(record[head], path.slice(dot + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The token's role: the highest its claim's values map to, else the fallback. */
export function roleFromClaims(claims: unknown, mapping: RoleMapping): Role | null {
  const found = claimAt(claims, mapping.claim);
  // A string is one value (an Okta group "Search Admins"), or several separated like a scope's.
  const given = Array.isArray(found) ? found : typeof found === 'string' ? [found, ...found.split(/[\s,]+/)] : [];
  const mapped = given.filter((value): value is string => typeof value === 'string' && Object.hasOwn(mapping.values, value));
  return highestRole(mapped.map((value) => mapping.values[value])) ?? mapping.fallback;
}

/** The start-up log line that says how roles are read and what an unmapped token gets. */
export function describeRoleMapping(mapping: RoleMapping): string {
  const pairs = Object.entries(mapping.values).map(([value, role]) => `${value} → ${role}`);
  const fallback = mapping.fallback ? `the ${mapping.fallback} role` : 'no access (set OIDC_DEFAULT_ROLE=viewer to let them read)';
  return `Roles come from the token's "${mapping.claim}" claim (${pairs.join(', ')}); a token mapping to no role gets ${fallback}`;
}
