/**
 * What tells one run's search target from another's in the runs table: the method, the URL without its
 * scheme (host, path and query, placeholders as written) and the body's template cut short. Pure.
 */
import { shortened } from '../shared/shorten-text';

/** How much of a body the runs table shows: enough to tell templates apart at a glance. */
const BODY_LENGTH = 60;

/** 'es.example.com/products/_search?q={query}': the URL as written, without http(s)://. */
export const targetAddress = (url: string): string => url.replace(/^https?:\/\//i, '');

export type TargetParts = { request: string; body: string | null };

/**
 * { request: 'POST es.example.com/products/_search', body: '{"query": {"match": {"name": "{query}"}}}' }, the
 * body on one line and cut to 60 characters; 'Built-in catalogue search'; '—' without a configuration.
 */
export function targetParts(config: Record<string, unknown> | null | undefined): TargetParts {
  const target: unknown = config?.search_target;
  if (target === undefined || target === null) return { request: '—', body: null };
  // Configurations written elsewhere may name their target another way ("bm25-baseline"): shown as they are.
  if (typeof target !== 'object') return { request: String(target), body: null };
  const { kind, method, url, body } = target as Record<string, unknown>;
  if (kind === 'builtin') return { request: 'Built-in catalogue search', body: null };
  if (typeof url !== 'string') return { request: JSON.stringify(target), body: null };
  return {
    request: `${typeof method === 'string' ? method : 'GET'} ${targetAddress(url)}`,
    body: typeof body === 'string' && body.trim() !== '' ? shortened(body, BODY_LENGTH) : null,
  };
}
