import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { EMBEDDED_ROLE_MAPPING, readRoleMapping, RoleMappingError, type RoleMapping } from './auth/role-mapping';

/** Who signs the users in: the embedded provider by default, or an external one (OIDC_ISSUER). */
interface IdentityConfig {
  mode: 'embedded' | 'external';
  issuer: string;
  clientId: string;
  /** The APIs' audience (resource indicator) access tokens must carry. */
  audience: string;
  /** How the console asks for that audience: RFC 8707 `resource`, or Auth0-style `audience`. */
  audienceParam: 'resource' | 'audience';
  scope: string;
  useRefreshTokens: boolean;
  organization?: string;
  /** How a token's claims give its role: fixed for the embedded provider, configured for another. */
  roles: RoleMapping;
  /** Password for the first `admin` account of the embedded provider (random when absent). */
  adminPassword?: string;
}

export interface Config {
  port: number;
  host: string;
  /** The origin browsers use to reach this server. */
  publicUrl: string;
  /** PUBLIC_URL was not set: publicUrl is http://localhost:PORT and pages opened at 127.0.0.1 move there. */
  defaultPublicUrl?: boolean;
  /**
   * Whether X-Forwarded-For/-Proto/-Host are believed: true, or the proxies' addresses ("10.0.0.1,10.1.0.0/16").
   * Off by default: a client could otherwise claim any address and dodge the sign-in throttle.
   */
  trustProxy: boolean | string;
  /** PGlite data folder, used when databaseUrl is not set. */
  dataDir: string;
  databaseUrl?: string;
  uploadLimitMb: number;
  /**
   * An evaluation's ranking file: a TREC run of 100,000 queries × 100 results is 349 MiB, past the other
   * uploads' limit; it is spooled to disk and read a line at a time, holding about half its size while checked.
   */
  evaluationUploadLimitMb: number;
  /** Free space on the embedded database's disk below which writes are refused (507). */
  diskReserveMb: number;
  /** An upload that sends nothing for this long is stopped (408) with nothing written. */
  uploadIdleSeconds: number;
  identity: IdentityConfig;
  /** Where the console finds the two APIs (this server unless set). */
  evaluationServiceUrl: string;
  evaluationBackendUrl: string;
  /** Folder of the built console served at `/`. */
  consoleDir: string;
  /** Seed demo data into an empty database at start. */
  demoData: boolean;
  runs: RunsConfig;
  logging: LoggingConfig;
}

/** The server's log: start-up lines, runs, warnings and errors always; one line per request only on request. */
interface LoggingConfig {
  level: string;
  /** Off unless LOG_LEVEL is set: two lines per request bury everything else (and the first admin password). */
  requests: boolean;
  /** `text` (time, level, message: for a person at a terminal) unless LOG_FORMAT=json asks for one JSON object a line. */
  format: LogFormat;
}

export type LogFormat = 'text' | 'json';
const LOG_FORMATS: LogFormat[] = ['text', 'json'];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readLogging(env: Env): LoggingConfig {
  const level = text(env, 'LOG_LEVEL')?.toLowerCase();
  if (level && !LOG_LEVELS.includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  }
  const format = (text(env, 'LOG_FORMAT')?.toLowerCase() ?? 'text') as LogFormat;
  if (!LOG_FORMATS.includes(format)) throw new ConfigError(`LOG_FORMAT must be text or json, got "${format}"`);
  return { level: level ?? 'info', requests: level !== undefined, format };
}

/** How experiment runs are worked (server/runs). */
export interface RunsConfig {
  /** Work runs in the server's process too (always so with PGlite; with PostgreSQL `npm run worker` can do it instead). */
  worker: boolean;
  sliceSeconds: number;
  jobExpireSeconds: number;
  maintenanceSeconds: number;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** TRUST_PROXY: true, false, or the proxies' addresses as Fastify takes them. */
function trustProxy(env: Env): boolean | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || /^(0|false|no|off)$/i.test(raw)) return false;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  const addresses = raw.split(',').map((entry) => entry.trim());
  const valid = addresses.every((entry) => {
    const [address, bits, extra] = entry.split('/');
    return extra === undefined && isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
  });
  if (!valid) {
    throw new ConfigError(`TRUST_PROXY must be true, false or a comma-separated list of proxy addresses (IP or CIDR), got "${raw}"`);
  }
  return addresses.join(',');
}

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function url(env: Env, name: string, fallback: string): string {
  const value = (text(env, name) ?? fallback).replace(/\/+$/, '');
  if (!URL.canParse(value)) throw new ConfigError(`${name} is not a URL: "${value}"`);
  return value;
}

function readRuns(env: Env): RunsConfig {
  const sliceSeconds = integer(env, 'RUN_SLICE_SECONDS', 20, 1, 3600);
  const jobExpireSeconds = integer(env, 'RUN_JOB_EXPIRE_SECONDS', 300, 2, 86_400);
  // Otherwise every slice's job expires while it is worked and is worked again next to itself.
  if (jobExpireSeconds <= sliceSeconds) {
    throw new ConfigError(
      `RUN_JOB_EXPIRE_SECONDS (${jobExpireSeconds}) must be larger than RUN_SLICE_SECONDS (${sliceSeconds}): a run queue job lasts a slice, and one expiring first is worked again while it runs`,
    );
  }
  return {
    worker: boolean(env, 'RUN_WORKER', true),
    sliceSeconds,
    jobExpireSeconds,
    maintenanceSeconds: integer(env, 'RUN_QUEUE_MAINTENANCE_SECONDS', 30, 1, 3600),
  };
}

const DEFAULT_SCOPE = 'openid profile email offline_access';
const EMBEDDED_CLIENT_ID = 'search-evaluation-console';

function readIdentity(env: Env, publicUrl: string): IdentityConfig {
  const issuer = text(env, 'OIDC_ISSUER');
  const common = {
    scope: text(env, 'OIDC_SCOPE') ?? DEFAULT_SCOPE,
    useRefreshTokens: boolean(env, 'OIDC_USE_REFRESH_TOKENS', true),
    organization: text(env, 'OIDC_ORGANIZATION'),
  };
  if (!issuer) {
    return {
      mode: 'embedded',
      issuer: `${publicUrl}/oidc`,
      clientId: EMBEDDED_CLIENT_ID,
      audience: url(env, 'OIDC_AUDIENCE', `${publicUrl}/api`),
      audienceParam: 'resource',
      roles: EMBEDDED_ROLE_MAPPING,
      adminPassword: env.CONSOLE_ADMIN_PASSWORD || undefined,
      ...common,
    };
  }
  const audience = text(env, 'OIDC_AUDIENCE');
  const clientId = text(env, 'OIDC_CLIENT_ID');
  if (!audience || !clientId) {
    throw new ConfigError('With OIDC_ISSUER set, OIDC_AUDIENCE and OIDC_CLIENT_ID are needed too');
  }
  const audienceParam = text(env, 'OIDC_AUDIENCE_PARAM') ?? 'audience';
  if (audienceParam !== 'audience' && audienceParam !== 'resource') {
    throw new ConfigError(`OIDC_AUDIENCE_PARAM must be "audience" or "resource", got "${audienceParam}"`);
  }
  // Kept exactly as given: some issuers (Auth0) end in '/' and their tokens' iss claim does too.
  if (!URL.canParse(issuer)) throw new ConfigError(`OIDC_ISSUER is not a URL: "${issuer}"`);
  return { mode: 'external', issuer, clientId, audience, audienceParam, roles: externalRoles(env), ...common };
}

function externalRoles(env: Env): RoleMapping {
  try {
    return readRoleMapping(env);
  } catch (error) {
    if (error instanceof RoleMappingError) throw new ConfigError(error.message);
    throw error;
  }
}

export function readConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`);
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    publicUrl,
    defaultPublicUrl: !text(env, 'PUBLIC_URL'),
    trustProxy: trustProxy(env),
    dataDir: resolve(text(env, 'DATA_DIR') ?? 'data'),
    databaseUrl: text(env, 'DATABASE_URL'),
    uploadLimitMb: integer(env, 'UPLOAD_LIMIT_MB', 200, 1, 1_000_000),
    evaluationUploadLimitMb: integer(env, 'EVALUATION_UPLOAD_LIMIT_MB', 512, 1, 1_000_000),
    diskReserveMb: integer(env, 'DISK_RESERVE_MB', 100, 0, 1_000_000_000),
    uploadIdleSeconds: integer(env, 'UPLOAD_IDLE_SECONDS', 30, 1, 3600),
    identity: readIdentity(env, publicUrl),
    evaluationServiceUrl: url(env, 'EVALUATION_SERVICE_URL', `${publicUrl}/api/service`),
    evaluationBackendUrl: url(env, 'EVALUATION_BACKEND_URL', `${publicUrl}/api/backend`),
    consoleDir: resolve(text(env, 'CONSOLE_DIR') ?? 'dist'),
    demoData: boolean(env, 'DEMO_DATA', true),
    runs: readRuns(env),
    logging: readLogging(env),
  };
}
