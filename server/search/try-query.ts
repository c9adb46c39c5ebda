/**
 * One query through a search target as configured (saved or not), for the experiment form: the hits as a
 * run would store them, each with the golden set's grade, and the time taken. A search that fails is an
 * answer too, with the message a run's ERROR result would carry and, when a JSON pointer did not fit the
 * service's answer, the start of that answer.
 */
import type { Queryable } from '../db/database';
import { gradesOfQuery } from '../golden-sets/query-grades';
import { storableHits } from './storable-hits';
import type { SearchTargetFactory } from './search-targets';
import type { TryQuery, TryResult } from '../schemas/search-try';
import { ResponseShapeError } from './http-search-target';

export async function tryQuery(db: Queryable, createTarget: SearchTargetFactory, request: TryQuery): Promise<TryResult> {
  const grades = request.golden_set_id === undefined ? undefined : await gradesOfQuery(db, request.golden_set_id, request.query);
  const judged = grades === undefined ? {} : { judged: [...grades.values()].filter((grade) => grade > 0).length };
  const started = performance.now();
  try {
    const target = createTarget(request.search_target, db);
    const found = await target.search(request.query, request.k ?? 10);
    const stored = storableHits(found);
    const elapsed_ms = Math.round(performance.now() - started);
    if ('error' in stored) return { hits: [], elapsed_ms, ...judged, problem: { message: stored.error } };
    const hits = stored.hits.map((hit, index) => {
      const { note } = found[index];
      return { rank: index + 1, ...hit, grade: grades?.get(hit.product_id) ?? null, ...(note === undefined ? {} : { note }) };
    });
    return { hits, elapsed_ms, ...judged };
  } catch (error) {
    const elapsed_ms = Math.round(performance.now() - started);
    const raw = error instanceof ResponseShapeError ? { raw: error.rawStart } : {};
    return { hits: [], elapsed_ms, ...judged, problem: { message: (error as Error).message, ...raw } };
  }
}
