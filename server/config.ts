import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** The origin browsers use to reach this server. */
  publicUrl: string;
  /** PGlite data folder, used when databaseUrl is not set. */
  dataDir: string;
  databaseUrl?: string;
  uploadLimitMb: number;
  /** Issuer and audience every API bearer token must carry. */
  oidc: { issuer?: string; audience?: string; clientId?: string };
  /** Folder of the built console served at `/`. */
  consoleDir: string;
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

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function readConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!URL.canParse(publicUrl)) throw new ConfigError(`PUBLIC_URL is not a URL: "${publicUrl}"`);
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    publicUrl,
    dataDir: resolve(text(env, 'DATA_DIR') ?? 'data'),
    databaseUrl: text(env, 'DATABASE_URL'),
    uploadLimitMb: integer(env, 'UPLOAD_LIMIT_MB', 200, 1, 1_000_000),
    oidc: {
      issuer: text(env, 'OIDC_ISSUER'),
      audience: text(env, 'OIDC_AUDIENCE'),
      clientId: text(env, 'OIDC_CLIENT_ID'),
    },
    consoleDir: resolve(text(env, 'CONSOLE_DIR') ?? 'dist'),
  };
}
