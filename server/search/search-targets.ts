import type { Queryable } from '../db/database';
import { BuiltinSearchTarget } from './builtin-search';
import { HttpSearchTarget } from './http-search-target';
import type { SearchTarget } from './search-target';
import type { SearchTargetConfig } from '../schemas/run-config';

export type SearchTargetFactory = (config: SearchTargetConfig, db: Queryable) => SearchTarget;

export const createSearchTarget: SearchTargetFactory = (config, db) =>
  config.kind === 'builtin' ? new BuiltinSearchTarget(db) : new HttpSearchTarget(config, { env: process.env });

/** What a result's `version` says produced its ranking: the catalogue, or the service's host. */
export function targetLabel(config: SearchTargetConfig): string {
  if (config.kind === 'builtin') return 'builtin search';
  try {
    return `http ${new URL(config.url.replaceAll(/\{[a-z]+\}/g, 'x')).host}`;
  } catch {
    return 'http';
  }
}
