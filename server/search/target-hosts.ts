/**
 * Which hosts HTTP search targets may call, and which hosts each secret may be sent to. Anyone signed in
 * can configure a target, so without these a target could reach the server's own network (a database
 * port, this server's admin pages) or carry a SEARCH_TARGET_… secret to a host of its author's choosing.
 *
 * - SEARCH_TARGET_HOSTS: comma-separated `host`, `host:port` or `*.domain` entries; targets may call only
 *   those. Unset or empty: any host (the behaviour before the list existed; the server warns at start).
 * - SEARCH_TARGET_<NAME>_HOSTS: the same form; `{env:SEARCH_TARGET_<NAME>}` is sent only to those hosts.
 *   Unset: the secret may go wherever SEARCH_TARGET_HOSTS lets targets go.
 *
 * Model judges follow the same rule with their own prefix: MODEL_JUDGE_HOSTS, MODEL_JUDGE_<NAME>_HOSTS.
 */

type Env = Record<string, string | undefined>;

/** Whose list: the prefix of its variables. */
const SEARCH_TARGET_PREFIX = 'SEARCH_TARGET_';
const HOSTS_SUFFIX = '_HOSTS';
const HOSTS_VARIABLE = `${SEARCH_TARGET_PREFIX}HOSTS`;

interface HostPattern {
  hostname: string;
  /** Only this port when given; any port otherwise. */
  port?: string;
  /** `*.domain`: any name below domain (not domain itself). */
  subdomains: boolean;
}

function parseEntry(entry: string): HostPattern | undefined {
  const subdomains = entry.startsWith('*.');
  const rest = subdomains ? entry.slice(2) : entry;
  if (!URL.canParse(`http://${rest}`)) return undefined;
  const parsed = new URL(`http://${rest}`);
  if (parsed.pathname !== '/' || parsed.username || parsed.search) return undefined;
  // URL drops :80 as http's default, so the port is read from the entry itself.
  const port = /:(\d+)$/.exec(rest)?.[1];
  return { hostname: parsed.hostname, port: port === undefined ? undefined : String(Number(port)), subdomains };
}

const entries = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);

function matches(pattern: HostPattern, url: URL): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (pattern.port !== undefined && pattern.port !== port) return false;
  return pattern.subdomains ? url.hostname.endsWith(`.${pattern.hostname}`) : url.hostname === pattern.hostname;
}

/** Whether `url` is one of the listed hosts; an unset or empty list allows every host. */
function listAllows(value: string | undefined, url: URL): boolean {
  const list = entries(value);
  return (
    list.length === 0 ||
    list.some((entry) => {
      const pattern = parseEntry(entry);
      return pattern !== undefined && matches(pattern, url);
    })
  );
}

const shown = (value: string | undefined) => entries(value).join(', ');

/**
 * Why a target may not call `url` ("host … is not in SEARCH_TARGET_HOSTS (…)"), or undefined when it may;
 * `prefix` names another caller's list (MODEL_JUDGE_ reads MODEL_JUDGE_HOSTS).
 */
export function hostProblem(url: URL, env: Env, prefix = SEARCH_TARGET_PREFIX): string | undefined {
  const variable = `${prefix}HOSTS`;
  const list = env[variable];
  return listAllows(list, url) ? undefined : `host ${url.host} is not in ${variable} (${shown(list)})`;
}

/** Why `{env:variable}` may not be sent to `url`, or undefined when it may. */
export function secretProblem(variable: string, url: URL, env: Env): string | undefined {
  const bound = `${variable}${HOSTS_SUFFIX}`;
  const list = env[bound];
  if (entries(list).length === 0 || listAllows(list, url)) return undefined;
  return `which may only be sent to ${bound} (${shown(list)}), not ${url.host}`;
}

/** What a deployment should hear at start about its target hosts: an open list, entries that mean nothing. */
export function targetHostWarnings(env: Env): string[] {
  const warnings: string[] = [];
  const listed = Object.keys(env).filter(
    (name) => name === HOSTS_VARIABLE || (name.startsWith(SEARCH_TARGET_PREFIX) && name.endsWith(HOSTS_SUFFIX)),
  );
  for (const name of listed) {
    const invalid = entries(env[name]).filter((entry) => parseEntry(entry) === undefined);
    if (invalid.length > 0) warnings.push(`${name}: ignoring ${invalid.join(', ')}, not a host, host:port or *.domain`);
  }
  if (entries(env[HOSTS_VARIABLE]).length === 0) {
    warnings.push(
      `${HOSTS_VARIABLE} is not set: HTTP search targets may call any host, this server's own network included. Set it to your search services' hosts.`,
    );
  }
  return warnings;
}

/** Which hosts HTTP search targets may call, said at start when SEARCH_TARGET_HOSTS lists them. */
export function targetHostsNote(env: Env): string | undefined {
  const valid = entries(env[HOSTS_VARIABLE]).filter((entry) => parseEntry(entry) !== undefined);
  if (valid.length === 0) return undefined;
  return `search targets: HTTP calls only to ${valid.join(', ')} (${HOSTS_VARIABLE})`;
}
