import type { FetchResponse } from 'ofetch';
import type { Page, PageRequest } from '../domain/evaluations/evaluation-service-types';

// How both APIs page their lists: `page` and `page_size` in the query, and the total either in the body
// ({count, results}) or in X-Total-Count (with X-Total-Count-Capped when the server stopped counting).

/** The page query of a page request. */
export const pageQuery = ({ page, pageSize }: PageRequest) => ({ page, page_size: pageSize });

/** X-Total-Count as a count; null when the server sent none. */
export function totalOf(headers: Headers): number | null {
  const value = headers.get('X-Total-Count');
  const total = value === null ? NaN : Number(value);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}

/** A page of an array answer, its total from X-Total-Count (a lower bound when capped). */
export function headerPage<T>(response: FetchResponse<T[]>): Page<T> {
  const capped = response.headers.get('X-Total-Count-Capped') === 'true';
  return { items: response._data ?? [], total: totalOf(response.headers), ...(capped ? { capped } : {}) };
}

/** A page of a {count, results} answer: its total is always known. */
export const countedPage = <T>({ count, results }: { count: number; results: T[] }): Page<T> & { total: number } => ({
  items: results,
  total: count,
});

/** Every row's id and name for a picker: page after page until a short one, or `maxPages` of them. */
export async function allChoices<T extends { id: number; name: string }>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  pageSize: number,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<Array<Pick<T, 'id' | 'name'>>> {
  const choices: Array<Pick<T, 'id' | 'name'>> = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const { items } = await fetchPage({ page, pageSize });
    choices.push(...items.map(({ id, name }) => ({ id, name })));
    if (items.length < pageSize) break;
  }
  return choices;
}
